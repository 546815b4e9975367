/// Everything the dashboard screen shows, as one value.
///
/// Changed only by ``DashboardReducer/reduce(_:_:)``; drawn by ``DashboardRenderer/render(_:size:)``.
/// Every history is bounded (``Limits``) so memory stays flat however long the dashboard runs.
public struct DashboardState: Sendable, Hashable {
    /// Bounds of the histories.
    public enum Limits {
        /// Match attempts kept (newest first).
        public static let matchAttempts = 200
        /// Timeline rows kept (oldest dropped).
        public static let timelineRows = 200
        /// Log lines kept (oldest dropped).
        public static let logLines = 1000
        /// HTTP exchanges kept for the inspector and the HAR export (oldest dropped; bodies are bounded by
        /// ``HTTPExchange/bodyLimit``).
        public static let exchanges = 400
    }

    /// Header line.
    public var header: HeaderInfo
    /// Device profile pane.
    public var profile: DeviceProfile
    /// Fingerprint pane (both sides and the cursor).
    public var fingerprint: FingerprintPair
    /// Match attempts, newest first.
    public var matchAttempts: [MatchAttempt]
    /// Index of the selected attempt in ``matchAttempts``.
    public var selectedAttempt: Int
    /// Whether the selected attempt's breakdown is shown.
    public var breakdownOpen: Bool
    /// The last link the SDK delivered.
    public var lastDelivered: LinkSummary?
    /// Retry timeline rows, oldest first.
    public var timeline: [TimelineRow]
    /// The timeline's selected row, scale and left edge (default: follow the newest, fit them all).
    public var timelineView: TimelineViewport
    /// The HTTP exchanges of the simulated devices, oldest first (see ``HTTPExchange``).
    public var exchanges: [HTTPExchange]
    /// Log lines, oldest first.
    public var log: [LogLine]
    /// Lines scrolled up from the bottom of the log (0 = follow the tail).
    public var logScroll: Int
    /// The focused pane.
    public var focus: DashboardPane
    /// The overlay, if any.
    public var overlay: DashboardOverlay
    /// The active theme's name.
    public var themeName: String
    /// Theme names `t` cycles through.
    public var availableThemes: [String]
    /// Scenario names the picker offers (``ScenarioCatalog/names``).
    public var scenarioNames: [String]
    /// What each scenario expects, by name (the picker shows it beside the name).
    public var scenarioExpectations: [String: String] = [:]
    /// Finished scenario runs, oldest first (at most 200).
    public var scenarioResults: [ScenarioResult] = []
    /// Clock time the running scenario started.
    public var scenarioStartedAt: Double?
    /// The current clock time (same clock as the diagnostics' `time`).
    public var now: Double
    /// The clock time shown as 0 in the log and match labels: the first tick (the dashboard's start), or an
    /// earlier diagnostic time.
    public var origin: Double?
    /// The terminal size the state was last laid out for.
    public var size: ScreenSize
    /// Counter for generated SDK match-attempt ids.
    public var sdkAttemptCounter: Int
    /// Attach mode (`--attach`): where the dashboard listens, the token, the attached apps; nil otherwise.
    public var attach: AttachState?

    /// Creates a state; defaults are an idle dashboard.
    public init(header: HeaderInfo = HeaderInfo(), profile: DeviceProfile = DeviceProfile(),
                fingerprint: FingerprintPair = FingerprintPair(), themeName: String = "default",
                availableThemes: [String] = ["default"], scenarioNames: [String] = [], now: Double = 0,
                size: ScreenSize = .full) {
        self.header = header
        self.profile = profile
        self.fingerprint = fingerprint
        self.matchAttempts = []
        self.selectedAttempt = 0
        self.breakdownOpen = true
        self.lastDelivered = nil
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

    /// The selected match attempt, if any.
    public var selectedMatchAttempt: MatchAttempt? {
        matchAttempts.indices.contains(selectedAttempt) ? matchAttempts[selectedAttempt] : nil
    }

    /// The timeline row the selection is on (the newest when following), nil when there is none.
    public var selectedTimelineRow: TimelineRow? {
        if let id = timelineView.selectedRequestID, let row = timeline.last(where: { $0.requestID == id }) { return row }
        return timeline.last
    }

    /// The recorded exchanges of request `requestID`, by attempt.
    public func exchanges(of requestID: Int) -> [HTTPExchange] {
        exchanges.filter { $0.requestID == requestID }.sorted { $0.attempt < $1.attempt }
    }

    /// True while something on screen changes with time alone (a backoff countdown or a running attempt),
    /// so the app loop should redraw on a short tick.
    public var isTicking: Bool {
        timeline.contains { row in
            row.outcome == .pending && (row.isWaiting(at: now) || row.attempts.last?.isRunning == true)
        }
    }
}
