/// The pure function that folds a ``DashboardAction`` into ``DashboardState``.
///
/// ```swift
/// var state = DashboardState()
/// DashboardReducer.reduce(&state, .diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 3))
/// ```
///
/// Match attempts: an SDK `matchResult` adds a row without breakdown (``MatchAttempt/Source/sdk``);
/// `matchAttemptsLoaded` replaces every SDK row with the server's rows (merged by id, newest first),
/// because the server's record of the same attempts carries the breakdown.
package enum DashboardReducer {
    /// Applies one action.
    /// - Parameters:
    ///   - state: the state to change.
    ///   - action: what happened.
    package static func reduce(_ state: inout DashboardState, _ action: DashboardAction) {
        apply(&state, action)
        InspectorCache.refresh(&state)
    }

    private static func apply(_ state: inout DashboardState, _ action: DashboardAction) {
        switch action {
        case .focusNext, .focusPrevious:
            let panes = state.focusablePanes
            guard let index = panes.firstIndex(of: state.focus) else {
                state.focus = .profile
                return
            }
            let step = action == .focusNext ? 1 : panes.count - 1
            state.focus = panes[(index + step) % panes.count]
        case .focus(let pane):
            state.focus = pane
        case .moveSelection(let delta):
            moveSelection(&state, delta)
        case .switchFingerprintSide:
            state.fingerprint.cursorSide = state.fingerprint.cursorSide == .app ? .browser : .app
        case .scrollLog(let delta):
            state.logScroll = min(max(0, state.logScroll + delta), maxLogScroll(state))
        case .zoomTimeline(let factor):
            guard let waterfall = TimelineWaterfall.compute(state), factor > 0 else { return }
            let range = TimelineViewport.scaleRange
            state.timelineView.secondsPerColumn = min(
                max(waterfall.secondsPerColumn * factor, range.lowerBound), range.upperBound)
            if state.timelineView.start != nil {
                // Keep the middle of the strip where it is.
                let middle = waterfall.viewStart + Double(waterfall.stripWidth) / 2 * waterfall.secondsPerColumn
                state.timelineView.start =
                    middle - Double(waterfall.stripWidth) / 2 * (state.timelineView.secondsPerColumn ?? 1)
            }
        case .scrollTimeline(let steps):
            guard let waterfall = TimelineWaterfall.compute(state) else { return }
            state.timelineView.secondsPerColumn = waterfall.secondsPerColumn
            state.timelineView.start =
                waterfall.viewStart
                + Double(steps) * Double(max(1, waterfall.stripWidth / 4)) * waterfall.secondsPerColumn
        case .fitTimeline:
            state.timelineView.secondsPerColumn = nil
            state.timelineView.start = nil
        case .toggleBreakdown:
            state.breakdownOpen.toggle()
        case .openOverlay(let overlay):
            state.overlay = overlay
        case .closeOverlay:
            state.overlay = .none
        case .inputCharacter(let character):
            if case .textInput(let purpose, let text) = state.overlay, text.count < 64 {
                state.overlay = .textInput(purpose: purpose, text: text + String(character))
            }
        case .inputBackspace:
            if case .textInput(let purpose, let text) = state.overlay {
                state.overlay = .textInput(purpose: purpose, text: String(text.dropLast()))
            }
        case .commitTextInput:
            if case .textInput(.fingerprint(let side, let field), let text) = state.overlay {
                state.fingerprint[side][field] = text
                state.overlay = .none
            } else if case .textInput(.filter(let pane), let text) = state.overlay {
                state.overlay = .none
                reduce(&state, .setFilter(pane, text))
            }
        case .setFilter(let pane, let text):
            switch pane {
            case .log:
                state.logFilter = text
                state.logScroll = 0  // the newest lines the filter shows
            case .matches:
                state.matchesFilter = text
                keepSelectionVisible(&state)
            default:
                break
            }
        case .adjustFaultCount(let delta):
            if case .faultMenu(let selected, let count) = state.overlay {
                state.overlay = .faultMenu(selected: selected, count: min(99, max(1, count + delta)))
            }
        case .setFingerprintField(let side, let field, let value):
            state.fingerprint[side][field] = value
        case .fingerprintChanged(let app, let browser):
            state.fingerprint.app = app
            state.fingerprint.browser = browser
        case .toggleNetwork:
            if state.fingerprint.sameNetwork {
                state.fingerprint.browser.networkAddress =
                    state.fingerprint.app.networkAddress == FingerprintValues.otherNetworkAddress
                    ? FingerprintValues.demoPhone.networkAddress : FingerprintValues.otherNetworkAddress
            } else {
                state.fingerprint.browser.networkAddress = state.fingerprint.app.networkAddress
            }
        case .cycleTheme:
            let themes = state.availableThemes
            guard !themes.isEmpty else { return }
            let index = themes.firstIndex(of: state.themeName).map { ($0 + 1) % themes.count } ?? 0
            state.themeName = themes[index]
        case .setTheme(let name):
            state.themeName = name
        case .themesAvailable(let names):
            state.availableThemes = names
        case .scrollInspector(let delta):
            if case .inspector(let id, let scroll) = state.overlay,
                let lines = InspectorCache.document(state, requestID: id, size: state.size)?.lines.count
            {
                let limit = max(0, lines - InspectorDocument.visibleRows(for: state.size))
                state.overlay = .inspector(requestID: id, scroll: min(max(0, scroll + delta), limit))
            }
        case .inspectorJump(let direction):
            if case .inspector(let id, let scroll) = state.overlay,
                let starts = InspectorCache.document(state, requestID: id, size: state.size)?.attemptLines
            {
                let target = direction > 0 ? starts.first { $0 > scroll } : starts.last { $0 < scroll }
                state.overlay = .inspector(requestID: id, scroll: target ?? (direction > 0 ? scroll : 0))
            }
        case .exchangeRecorded(let exchange):
            state.exchanges.append(exchange)
            if let marker = exchange.responseHeader("X-OptoLink-Injected"),
                let row = state.timeline.lastIndex(where: { $0.requestID == exchange.requestID }),
                let attempt = state.timeline[row].attempts.lastIndex(where: { $0.number == exchange.attempt })
            {
                // `proxy`, `proxy; delay`…: the layer's name is what the timeline shows.
                state.timeline[row].attempts[attempt].injectedBy = String(marker.split(separator: ";").first ?? "proxy")
                    .trimmingCharacters(in: .whitespaces)
            }
            if state.exchanges.count > DashboardState.Limits.exchanges {
                state.exchanges.removeFirst(state.exchanges.count - DashboardState.Limits.exchanges)
            }
        case .browserVisited(let visit):
            state.exchanges.append(contentsOf: visit.hops)
            if state.exchanges.count > DashboardState.Limits.exchanges {
                state.exchanges.removeFirst(state.exchanges.count - DashboardState.Limits.exchanges)
            }
            let row = visit.timelineRow
            updateRow(&state, row.requestID, row.endpoint) { $0 = row }
            appendLog(
                &state,
                LogLine(
                    time: state.now, level: visit.end.isSuccess ? .info : .error,
                    text: "browser: \(visit.url.absoluteString): \(visit.summary)", awaitsClock: true))
        case .clearHistory:
            state.exchanges = []
            state.matchAttempts = []
            state.selectedAttempt = 0
            state.timeline = []
            state.timelineView = TimelineViewport()
            state.log = []
            state.logScroll = 0
            // A finished scenario's checklist is history; a running one stays (its steps are still coming).
            if state.scenarioChecklist?.result != nil {
                state.scenarioChecklist = nil
                if state.focus == .scenario { state.focus = .profile }
            }
        case .tick(let now):
            state.now = max(state.now, now)
            if state.origin == nil { state.origin = now }
            stampPendingLogLines(&state)
        case .mouse(let event):
            reduceMouse(&state, event)
        case .sessionStatus(let status):
            state.session = status
        case .resize(let size):
            state.size = size
            state.logScroll = min(state.logScroll, maxLogScroll(state))
        case .diagnostic(let event, let time):
            reduceDiagnostic(&state, event, time: time)
        case .matchAttemptsLoaded(let attempts):
            loadAttempts(&state, attempts)
        case .deviceProfileChanged(let profile):
            state.profile = profile
        case .fileDeviceRead(let device):
            state.fileDevice = device
        case .linksChanged(let links):
            state.header.links = links
        case .targetChanged(let url, let orgKey, let sdkVersion):
            state.header.targetURL = url
            state.header.orgKey = orgKey
            state.header.sdkVersion = sdkVersion
        case .providerChanged(let service):
            state.header.provider = service
            state.exchanges = []
            state.matchAttempts = []
            state.selectedAttempt = 0
            state.timeline = []
            state.timelineView = TimelineViewport()
            state.profile = DeviceProfile()
            state.lastDelivered = nil
            if state.scenarioChecklist?.result != nil {
                state.scenarioChecklist = nil
                if state.focus == .scenario { state.focus = .profile }
            }
        case .scenariosAvailable(let names):
            state.scenarioNames = names
        case .scenarioExpectations(let expectations, let skips, let compare):
            state.scenarioExpectations = expectations
            state.scenarioSkips = skips
            state.compareExpectations = compare
        case .scenarioStarted(let name, let steps):
            state.scenarioChecklist = ScenarioChecklist(
                name: name, expectation: expectation(of: name, in: state), steps: steps)
            // The checklist takes the left column: from the profile or the fingerprint, the focus follows it.
            if state.focus == .profile || state.focus == .fingerprint { state.focus = .scenario }
            state.header.scenarioName = name
            state.header.scenarioPassed = nil
            state.header.scenarioDetail = nil
            state.header.scenarioSkipped = false
            state.scenarioStartedAt = state.now
            appendLog(
                &state, LogLine(time: state.now, level: .info, text: "scenario \(name) started", awaitsClock: true))
        case .scenarioStepStarted(let step):
            state.scenarioChecklist?.update(step, to: .running)
        case .scenarioStepPassed(let step):
            state.scenarioChecklist?.update(step, to: .passed)
        case .scenarioStepFailed(let step, let detail):
            state.scenarioChecklist?.update(step, to: .failed(detail))
        case .scenarioStepUnchecked(let step, let reason):
            state.scenarioChecklist?.update(step, to: .unchecked(reason))
        case .scenarioFinished(let name, let passed, let detail):
            state.header.scenarioName = name
            state.header.scenarioPassed = passed
            state.header.scenarioDetail = detail
            state.header.scenarioSkipped = false
            let result = recordResult(&state, name, passed ? .passed : .failed, detail)
            appendLog(
                &state,
                LogLine(
                    time: state.now, level: passed ? .info : .error, text: "scenario " + result.line, awaitsClock: true)
            )
        case .scenarioSkipped(let name, let reason):
            state.header.scenarioName = name
            state.header.scenarioPassed = nil
            state.header.scenarioDetail = reason
            state.header.scenarioSkipped = true
            recordResult(&state, name, .skipped, reason)
            appendLog(
                &state,
                LogLine(time: state.now, level: .warning, text: "scenario \(name) SKIP: \(reason)", awaitsClock: true))
        case .capabilitiesProbed(let line):
            state.header.capabilities = line
            appendLog(&state, LogLine(time: state.now, level: .info, text: "routes: \(line)", awaitsClock: true))
        case .serverReachable(let reachable):
            state.header.serverReachable = reachable
        case .log(let level, let text):
            appendLog(&state, LogLine(time: state.now, level: level, text: text, awaitsClock: true))
        case .attach(let action):
            AttachReducer.reduce(&state, action)
        case .panel(let box):
            box.update.apply(to: &state)
        }
    }
}
