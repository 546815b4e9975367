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
        case .labService(let delta):
            state.lab.moveService(delta)
        case .toggleLabTerms:
            state.lab.showsTerms.toggle()
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
        case .compare(let update):
            if case .began(let scenario, let services) = update {
                state.compare = CompareState(scenario: scenario, services: services)
                state.overlay = .compare
            } else {
                state.compare?.apply(update)
            }
        case .lab(let update):
            reduceLab(&state, update)
        }
    }

    private static func reduceLab(_ state: inout DashboardState, _ update: LabUpdate) {
        switch update {
        case .started(let lab, let services, let installs):
            // No total until the first progress: the population is still being drawn.
            state.lab.phase = .running(LabProgress(done: 0, total: 0, elapsed: 0))
            state.lab.lab = lab
            state.lab.runServices = services
            state.overlay = .lab
            appendLog(
                &state,
                LogLine(
                    time: state.now, level: .info,
                    text: "lab \(lab) started: \(LabValue.grouped(installs)) installs through "
                        + services.map(\.displayName).joined(separator: ", "),
                    awaitsClock: true))
        case .progress(let progress):
            if state.lab.isRunning { state.lab.phase = .running(progress) }
        case .finished(let result):
            state.lab.result = result
            state.lab.phase = .finished
            state.lab.selectedService = min(state.lab.selectedService, max(0, result.services.count - 1))
            state.lab.moveInstall(0)
            let summary = result.services.map { service in
                "\(service.service.displayName) precision \(LabReportPrinter.percent(service.counts.precision)) "
                    + "recall \(LabReportPrinter.percent(service.counts.recall))"
            }
            appendLog(
                &state,
                LogLine(
                    time: state.now, level: .info,
                    text: "lab \(result.lab) finished: " + summary.joined(separator: ", "), awaitsClock: true))
        case .failed(let message):
            state.lab.phase = .failed(message)
            appendLog(
                &state,
                LogLine(
                    time: state.now, level: .error, text: "lab \(state.lab.lab ?? "") failed: \(message)",
                    awaitsClock: true))
        case .stopped:
            state.lab.phase = .stopped
            appendLog(
                &state,
                LogLine(time: state.now, level: .info, text: "lab \(state.lab.lab ?? "") stopped", awaitsClock: true))
        case .explained(var attempt):
            // The row's time is when it was explained: the install's own is a time in the simulated week.
            attempt.time = state.now
            state.matchAttempts.removeAll { $0.id == attempt.id }
            insertAttempt(&state, attempt)
            state.selectedAttempt = 0
            state.breakdownOpen = true
            state.focus = .matches
            state.overlay = .none
        }
    }

    private static func moveSelection(_ state: inout DashboardState, _ delta: Int) {
        switch state.overlay {
        case .faultMenu(let selected, let count):
            let all = FaultKind.allCases
            let index = min(max(0, selected.rawValue + delta), all.count - 1)
            state.overlay = .faultMenu(selected: all[index], count: count)
            return
        case .scenarioPicker(let selected, let compare):
            let index = min(max(0, selected + delta), max(0, state.scenarioNames.count - 1))
            state.overlay = .scenarioPicker(selected: index, compare: compare)
            return
        case .inspector:
            reduce(&state, .scrollInspector(delta))
            return
        case .deviceList(let selected):
            let count = state.attach?.devices.count ?? 0
            state.overlay = .deviceList(selected: min(max(0, selected + delta), max(0, count - 1)))
            return
        case .lab:
            state.lab.moveInstall(delta)
            return
        case .help, .textInput, .compare:
            return
        case .none:
            break
        }
        switch state.focus {
        case .fingerprint:
            let all = FingerprintField.allCases
            let index = min(max(0, state.fingerprint.cursorField.rawValue + delta), all.count - 1)
            state.fingerprint.cursorField = all[index]
        case .matches:
            // Through the rows the filter shows.
            let visible = state.visibleAttemptIndices
            guard !visible.isEmpty else { return }
            let position = visible.firstIndex { $0 >= state.selectedAttempt } ?? visible.count - 1
            state.selectedAttempt = visible[min(max(0, position + delta), visible.count - 1)]
        case .log:
            reduce(&state, .scrollLog(-delta))
        case .timeline:
            guard !state.timeline.isEmpty else { return }
            let current =
                state.timelineView.selectedRequestID.flatMap { id in state.timeline.lastIndex { $0.requestID == id } }
                ?? state.timeline.count - 1
            let next = min(max(0, current + delta), state.timeline.count - 1)
            // Back on the newest row: follow the newest again.
            state.timelineView.selectedRequestID =
                next == state.timeline.count - 1 ? nil : state.timeline[next].requestID
        case .profile, .scenario:
            break
        }
    }

    private static func reduceDiagnostic(_ state: inout DashboardState, _ event: DiagnosticEvent, time: Double) {
        state.origin = min(state.origin ?? time, time)
        state.now = max(state.now, time)
        switch event {
        case .requestStarted(let id, let endpoint, let attempt):
            updateRow(&state, id, endpoint) { row in
                row.attempts.append(TimelineAttempt(number: attempt, start: time))
            }
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            updateRow(&state, id, endpoint) { row in
                updateAttempt(&row, attempt, start: time - duration) {
                    $0.status = status
                    $0.duration = duration
                }
            }
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            updateRow(&state, id, endpoint) { row in
                updateAttempt(&row, attempt, start: time - duration) {
                    $0.error = reason
                    $0.duration = duration
                }
            }
            appendLog(
                &state,
                LogLine(time: time, level: .warning, text: "\(endpoint) #\(id) attempt \(attempt) failed: \(reason)"))
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            updateRow(&state, id, endpoint) { row in
                row.waits.append(BackoffWait(afterAttempt: attempt, start: time, delay: delay))
            }
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text: "\(endpoint) #\(id) retry after \(formatSeconds(delay)) (attempt \(attempt) failed)"))
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            updateRow(&state, id, endpoint) { row in row.outcome = .gaveUp(attempts: attempts, reason: reason) }
            appendLog(
                &state,
                LogLine(
                    time: time, level: .error, text: "\(endpoint) #\(id) gave up after \(attempts) attempts: \(reason)")
            )
        case .requestFinished(let id, let endpoint, let attempts, let status):
            updateRow(&state, id, endpoint) { row in
                if case .gaveUp = row.outcome { return }
                row.outcome = .finished(status: status, attempts: attempts)
            }
        case .matchResult(let summary):
            state.sdkAttemptCounter += 1
            let attempt = MatchAttempt(
                id: "sdk-\(state.sdkAttemptCounter)", time: time, matched: summary != nil,
                method: summary?.method ?? "NONE", confidence: summary?.confidence, score: summary?.score,
                path: summary?.path, source: .sdk, matchType: summary?.matchType)
            insertAttempt(&state, attempt)
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text: summary.map { matchLine($0, name: state.methodName(of: $0)) } ?? "match: no match"))
        case .linkDelivered(let summary):
            state.lastDelivered = summary
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text:
                        "link delivered: \(summary.path) (\(state.methodName(of: summary))"
                        + "\(summary.isDeferred ? ", deferred" : ""))"))
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            state.profile.deviceId = deviceId
            state.profile.firstSeenAt = firstSeenAt
            state.profile.lastSeenAt = lastSeenAt
            appendLog(&state, LogLine(time: time, level: .info, text: "session registered: \(deviceId)"))
        case .identityChanged(let externalId):
            state.profile.identity = externalId
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info, text: externalId.map { "identity bound: \($0)" } ?? "identity cleared"))
        case .eventQueued(let name, let queued):
            state.profile.queuedEvents = queued
            appendLog(&state, LogLine(time: time, level: .info, text: "event queued: \(name) (\(queued) queued)"))
        case .eventSent(let name, let queued):
            state.profile.queuedEvents = queued
            appendLog(&state, LogLine(time: time, level: .info, text: "event sent: \(name) (\(queued) queued)"))
        case .eventDropped(let name, let reason):
            appendLog(&state, LogLine(time: time, level: .warning, text: "event dropped: \(name): \(reason)"))
        case .log(let level, let message):
            appendLog(&state, LogLine(time: time, level: level, text: message))
        }
    }

    /// Clicks focus the pane under the pointer and select the match attempt or timeline row under it; the
    /// wheel scrolls the log, moves through the timeline's rows and the match attempts, scrolls the
    /// inspector, and moves through the Lab view's installs. Hit-testing uses the same layout and list geometry the renderer draws with.
    private static func reduceMouse(_ state: inout DashboardState, _ event: MouseEvent) {
        let wheel = event.action == .wheelUp ? -1 : event.action == .wheelDown ? 1 : 0
        if case .inspector = state.overlay {
            if wheel != 0 { reduce(&state, .scrollInspector(3 * wheel)) }
            return
        }
        if state.overlay == .lab {
            if wheel != 0 { state.lab.moveInstall(3 * wheel) }
            return
        }
        guard state.overlay == .none else { return }
        let layout = DashboardLayout.compute(state)
        guard
            let (pane, rect) = layout.panes.first(where: { _, rect in
                event.x >= rect.x && event.x < rect.x + rect.width && event.y >= rect.y
                    && event.y < rect.y + rect.height
            })
        else { return }
        let inner = rect.inner
        if wheel != 0 {
            switch pane {
            case .log: reduce(&state, .scrollLog(-3 * wheel))
            case .timeline, .matches:
                let focus = state.focus
                state.focus = pane
                moveSelection(&state, wheel)
                state.focus = focus
            case .profile, .fingerprint, .scenario: break
            }
            return
        }
        state.focus = pane
        switch pane {
        case .matches:
            let visible = state.visibleAttemptIndices
            guard !visible.isEmpty else { return }
            let rows = MatchesPaneView.listHeight(state, inner: inner) - 1
            let offset = event.y - inner.y - 1
            guard rows > 0, offset >= 0, offset < rows else { return }
            let first = MatchesPaneView.firstRow(state, visible: visible, rows: rows)
            if first + offset < visible.count { state.selectedAttempt = visible[first + offset] }
        case .timeline:
            guard let waterfall = TimelineWaterfall.compute(state, inner: inner) else { return }
            let offset = event.y - inner.y - 1
            guard offset >= 0, offset < waterfall.rows.count else { return }
            let index = waterfall.firstIndex + offset
            state.timelineView.selectedRequestID =
                index == state.timeline.count - 1 ? nil : state.timeline[index].requestID
        case .fingerprint:
            let field = event.y - inner.y - 1
            if FingerprintField.allCases.indices.contains(field) {
                state.fingerprint.cursorField = FingerprintField.allCases[field]
            }
        case .profile, .log, .scenario:
            break
        }
    }

    /// `match: FINGERPRINT_SCORED medium score 79 → /promo/summer (detail)`, the method under its `name` on the
    /// run's service (``DashboardState/methodName(of:)``): what a service did not answer (AppsFlyer gives
    /// neither a confidence nor a score, Deep Blue no score) is left out, not shown as `-`.
    static func matchLine(_ summary: LinkSummary, name: String) -> String {
        var parts = ["match:", name]
        if let confidence = summary.confidence { parts.append(confidence) }
        if let score = summary.score { parts.append("score " + formatScore(score)) }
        parts.append("→ " + summary.path)
        return parts.joined(separator: " ") + (summary.serviceDetail.map { " (\($0))" } ?? "")
    }

    /// What scenario `name` expects under the selected service; empty for one that service cannot serve
    /// (its SKIP verdict says why: the plan would describe checks that never run).
    private static func expectation(of name: String, in state: DashboardState) -> String {
        state.scenarioSkips[name] == nil ? state.scenarioExpectations[name] ?? "" : ""
    }

    @discardableResult
    private static func recordResult(
        _ state: inout DashboardState, _ name: String, _ verdict: ScenarioResult.Verdict,
        _ detail: String
    ) -> ScenarioResult {
        let steps = state.scenarioChecklist?.name == name ? state.scenarioChecklist?.steps ?? [] : []
        let result = ScenarioResult(
            name: name, expectation: expectation(of: name, in: state), verdict: verdict, detail: detail,
            duration: max(0, state.now - (state.scenarioStartedAt ?? state.now)), steps: steps)
        if state.scenarioChecklist?.name == name {
            state.scenarioChecklist?.result = result
        } else {
            // A verdict without a start (a skip reported alone): its checklist has the verdict and no steps.
            state.scenarioChecklist = ScenarioChecklist(
                name: name, expectation: result.expectation, steps: [], result: result)
        }
        state.scenarioResults.append(result)
        if state.scenarioResults.count > 200 { state.scenarioResults.removeFirst(state.scenarioResults.count - 200) }
        state.scenarioStartedAt = nil
        return result
    }

    private static func updateRow(
        _ state: inout DashboardState, _ id: Int, _ endpoint: String,
        _ change: (inout TimelineRow) -> Void
    ) {
        if let index = state.timeline.lastIndex(where: { $0.requestID == id }) {
            change(&state.timeline[index])
            return
        }
        var row = TimelineRow(requestID: id, endpoint: endpoint)
        change(&row)
        state.timeline.append(row)
        if state.timeline.count > DashboardState.Limits.timelineRows {
            state.timeline.removeFirst(state.timeline.count - DashboardState.Limits.timelineRows)
        }
    }

    private static func updateAttempt(
        _ row: inout TimelineRow, _ number: Int, start: Double,
        _ change: (inout TimelineAttempt) -> Void
    ) {
        if let index = row.attempts.lastIndex(where: { $0.number == number }) {
            change(&row.attempts[index])
        } else {
            var attempt = TimelineAttempt(number: number, start: start)
            change(&attempt)
            row.attempts.append(attempt)
        }
    }

    private static func insertAttempt(_ state: inout DashboardState, _ attempt: MatchAttempt) {
        state.matchAttempts.insert(attempt, at: 0)
        if state.matchAttempts.count > DashboardState.Limits.matchAttempts {
            state.matchAttempts.removeLast(state.matchAttempts.count - DashboardState.Limits.matchAttempts)
        }
        // Keep the operator's selection on the same row unless it was the newest.
        if state.selectedAttempt > 0 {
            state.selectedAttempt = min(state.selectedAttempt + 1, state.matchAttempts.count - 1)
        }
        keepSelectionVisible(&state)
    }

    /// With a filter, a selection the filter hides moves to the next row it shows (older), else the last
    /// one it shows: "the newest" stays the newest shown, another row stays put.
    private static func keepSelectionVisible(_ state: inout DashboardState) {
        guard TextFilter(state.matchesFilter) != nil else { return }
        let visible = state.visibleAttemptIndices
        guard let last = visible.last, !visible.contains(state.selectedAttempt) else { return }
        state.selectedAttempt = visible.first { $0 > state.selectedAttempt } ?? last
    }

    private static func loadAttempts(_ state: inout DashboardState, _ attempts: [MatchAttempt]) {
        let selectedID = state.selectedMatchAttempt.flatMap { $0.source == .server ? $0.id : nil }
        var byID: [String: MatchAttempt] = [:]
        for old in state.matchAttempts where old.source == .server { byID[old.id] = old }
        for new in attempts { byID[new.id] = new }
        var merged = byID.values.sorted { ($0.at ?? "", $0.id) > ($1.at ?? "", $1.id) }
        if merged.count > DashboardState.Limits.matchAttempts {
            merged.removeLast(merged.count - DashboardState.Limits.matchAttempts)
        }
        state.matchAttempts = merged
        state.selectedAttempt = selectedID.flatMap { id in merged.firstIndex { $0.id == id } } ?? 0
        keepSelectionVisible(&state)
    }

    /// Gives the lines that arrived without a time of their own the clock reading just taken.
    private static func stampPendingLogLines(_ state: inout DashboardState) {
        guard state.log.contains(where: \.awaitsClock) else { return }
        for index in state.log.indices where state.log[index].awaitsClock {
            state.log[index].time = state.now
            state.log[index].awaitsClock = false
        }
    }

    private static func appendLog(_ state: inout DashboardState, _ line: LogLine) {
        state.log.append(line)
        // Keep the operator's scrolled view still (only a line the filter shows moves it).
        if state.logScroll > 0, TextFilter(state.logFilter).map({ state.logLineMatches(line, $0) }) ?? true {
            state.logScroll += 1
        }
        if state.log.count > DashboardState.Limits.logLines {
            state.log.removeFirst(state.log.count - DashboardState.Limits.logLines)
        }
        if state.logScroll > 0 { state.logScroll = min(state.logScroll, maxLogScroll(state)) }
    }

    /// How far back the log can scroll: until its oldest line (the oldest the filter shows) is at the top of
    /// the pane, so a page back never leaves blank rows under the last line (the pane's height comes from the layout).
    static func maxLogScroll(_ state: DashboardState) -> Int {
        let rows = DashboardLayout.compute(state).panes[.log].map { max(1, $0.inner.height) } ?? 1
        return max(0, state.visibleLogCount - rows)
    }
}
