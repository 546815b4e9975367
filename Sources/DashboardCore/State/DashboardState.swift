/// Everything the dashboard screen shows, as one value.
///
/// Changed only by ``DashboardReducer/reduce(_:_:)``; drawn by ``DashboardRenderer/render(_:size:)``.
/// Every history is bounded (``Limits``) so memory stays flat however long the dashboard runs.
package struct DashboardState: Sendable, Hashable {
    /// Bounds of the histories.
    package enum Limits {
        /// Match attempts kept (newest first).
        package static let matchAttempts = 200
        /// Timeline rows kept (oldest dropped).
        package static let timelineRows = 200
        /// Log lines kept (oldest dropped).
        package static let logLines = 1000
        /// HTTP exchanges kept for the inspector and the HAR export (oldest dropped; bodies are bounded by
        /// ``HTTPExchange/bodyLimit``).
        package static let exchanges = 400
    }

    /// Header line.
    package var header: HeaderInfo
    /// Device profile pane.
    package var profile: DeviceProfile
    /// Fingerprint pane (both sides and the cursor).
    package var fingerprint: FingerprintPair
    /// Match attempts, newest first.
    package var matchAttempts: [MatchAttempt]
    /// Index of the selected attempt in ``matchAttempts``.
    package var selectedAttempt: Int
    /// Whether the selected attempt's breakdown is shown.
    package var breakdownOpen: Bool
    /// The last link the SDK delivered.
    package var lastDelivered: LinkSummary?
    /// What a reopened HAR says about the device its requests came from; nil when a simulated device (or an
    /// attached app) is the device the panes show.
    package var fileDevice: FileDevice?
    /// Retry timeline rows, oldest first.
    package var timeline: [TimelineRow]
    /// The timeline's selected row, scale and left edge (default: follow the newest, fit them all).
    package var timelineView: TimelineViewport
    /// The HTTP exchanges of the simulated devices, oldest first (see ``HTTPExchange``).
    package var exchanges: [HTTPExchange]
    /// Log lines, oldest first.
    package var log: [LogLine]
    /// Lines scrolled up from the bottom of the log (0 = follow the tail), counted in the lines the filter shows.
    package var logScroll: Int
    /// The log's `/` filter (case-insensitive substring of a line's text or level; empty = every line).
    package var logFilter: String = ""
    /// The match attempts' `/` filter (case-insensitive substring of a row's time, method, confidence, score,
    /// path or id; empty = every attempt).
    package var matchesFilter: String = ""
    /// The focused pane.
    package var focus: DashboardPane
    /// The overlay, if any.
    package var overlay: DashboardOverlay
    /// The active theme's name.
    package var themeName: String
    /// Theme names `t` cycles through.
    package var availableThemes: [String]
    /// Scenario names the picker offers (``ScenarioCatalog/names``).
    package var scenarioNames: [String]
    /// What each scenario expects, by name (the picker shows it beside the name).
    package var scenarioExpectations: [String: String] = [:]
    /// Why each scenario the selected service cannot serve is skipped, by name (the picker shows it instead).
    package var scenarioSkips: [String: String] = [:]
    /// What each scenario expects compared across every service, by name (the compare picker shows it).
    package var compareExpectations: [String: String] = [:]
    /// Finished scenario runs, oldest first (at most 200).
    package var scenarioResults: [ScenarioResult] = []
    /// Clock time the running scenario started.
    package var scenarioStartedAt: Double?
    /// The running (or last) scenario's checklist, nil before the first scenario (and after `x` cleared a
    /// finished one).
    package var scenarioChecklist: ScenarioChecklist?
    /// The current clock time (same clock as the diagnostics' `time`).
    package var now: Double
    /// The clock time shown as 0 in the log and match labels: the first tick (the dashboard's start), or an
    /// earlier diagnostic time.
    package var origin: Double?
    /// The terminal size the state was last laid out for.
    package var size: ScreenSize
    /// Counter for generated SDK match-attempt ids.
    package var sdkAttemptCounter: Int
    /// Attach mode (`--attach`): where the dashboard listens, the token, the attached apps; nil otherwise.
    package var attach: AttachState?
    /// The tools' panels (the lab's, a compare's), each shown by its overlay.
    package var panels = DashboardPanels()
    /// The session being recorded (`--record`, `W`) or replayed (`--open`), nil when none.
    package var session: SessionStatus?
    /// The open inspector's document (kept by the reducer, see ``InspectorCache``).
    var inspectorCache: InspectorCache?

    /// Creates a state; defaults are an idle dashboard.
    package init(
        header: HeaderInfo = HeaderInfo(), profile: DeviceProfile = DeviceProfile(),
        fingerprint: FingerprintPair = FingerprintPair(), themeName: String = "default",
        availableThemes: [String] = ["default"], scenarioNames: [String] = [], now: Double = 0,
        size: ScreenSize = .full
    ) {
        self.header = header
        self.profile = profile
        self.fingerprint = fingerprint
        self.matchAttempts = []
        self.selectedAttempt = 0
        self.breakdownOpen = true
        self.lastDelivered = nil
        self.fileDevice = nil
        self.timeline = []
        self.timelineView = TimelineViewport()
        self.exchanges = []
        self.log = []
        self.logScroll = 0
        self.focus = .profile
        self.overlay = .none
        self.themeName = themeName
        self.availableThemes = availableThemes
        self.scenarioNames = scenarioNames
        self.now = now
        self.origin = nil
        self.size = size
        self.sdkAttemptCounter = 0
    }

    /// The panes Tab cycles through, in order: every pane, the scenario pane only while there is a checklist.
    package var focusablePanes: [DashboardPane] {
        DashboardPane.allCases.filter { $0 != .scenario || scenarioChecklist != nil }
    }

    /// The selected match attempt, if any (nil when the filter hides it).
    package var selectedMatchAttempt: MatchAttempt? {
        guard matchAttempts.indices.contains(selectedAttempt) else { return nil }
        let attempt = matchAttempts[selectedAttempt]
        return TextFilter(matchesFilter).map { attemptMatches(attempt, $0) } ?? true ? attempt : nil
    }

    /// The pane `/` filters and Esc clears: the match attempts when they have the focus, else the log.
    package var filterTarget: DashboardPane { focus == .matches ? .matches : .log }

    /// The filter text of a pane (empty for panes without a filter).
    package func filter(of pane: DashboardPane) -> String {
        switch pane {
        case .log: logFilter
        case .matches: matchesFilter
        default: ""
        }
    }

    /// Indices in ``log`` of the lines the filter shows, oldest first; nil when there is no filter (every line).
    package var visibleLogIndices: [Int]? {
        guard let filter = TextFilter(logFilter) else { return nil }
        return log.indices.filter { logLineMatches(log[$0], filter) }
    }

    /// How many log lines the filter shows.
    package var visibleLogCount: Int { visibleLogIndices?.count ?? log.count }

    /// Indices in ``matchAttempts`` of the rows the filter shows, newest first (every row without a filter).
    package var visibleAttemptIndices: [Int] {
        guard let filter = TextFilter(matchesFilter) else { return Array(matchAttempts.indices) }
        return matchAttempts.indices.filter { attemptMatches(matchAttempts[$0], filter) }
    }

    func logLineMatches(_ line: LogLine, _ filter: TextFilter) -> Bool {
        filter.matches(line.text) || filter.matches(line.level.label)
    }

    func attemptMatches(_ attempt: MatchAttempt, _ filter: TextFilter) -> Bool {
        filter.matchesAny(
            methodName(of: attempt), attempt.confidence, attempt.score.map(formatScore),
            attempt.path ?? (attempt.matched ? nil : "no match"),
            attempt.id, MatchesPaneView.timeLabel(attempt, origin: origin))
    }

    /// The timeline row the selection is on (the newest when following), nil when there is none.
    package var selectedTimelineRow: TimelineRow? {
        if let id = timelineView.selectedRequestID, let row = timeline.last(where: { $0.requestID == id }) {
            return row
        }
        return timeline.last
    }

    /// The recorded exchanges of request `requestID`, by attempt.
    package func exchanges(of requestID: Int) -> [HTTPExchange] {
        exchanges.filter { $0.requestID == requestID }.sorted { $0.attempt < $1.attempt }
    }

    /// True while something on screen changes with time alone (a backoff countdown or a running attempt),
    /// so the app loop should redraw on a short tick.
    package var isTicking: Bool {
        if panels.contains(where: { $0.isTicking(at: now) }) { return true }
        return timeline.contains { row in
            row.outcome == .pending && (row.isWaiting(at: now) || row.attempts.last?.isRunning == true)
        }
    }
}
