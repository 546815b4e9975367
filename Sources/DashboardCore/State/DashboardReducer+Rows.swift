/// The rows the reducer keeps: scenario results, timeline rows, match attempts and log lines.
extension DashboardReducer {
    /// What scenario `name` expects under the selected service; empty for one that service cannot serve
    /// (its SKIP verdict says why: the plan would describe checks that never run).
    static func expectation(of name: String, in state: DashboardState) -> String {
        state.scenarioSkips[name] == nil ? state.scenarioExpectations[name] ?? "" : ""
    }

    @discardableResult
    static func recordResult(
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

    /// How the run's service names a request to `endpoint` (``ServiceProfile/requestName(_:)``).
    static func requestName(_ state: DashboardState, _ endpoint: String) -> String {
        ServiceProfiles.profile(for: state.header.provider).requestName(endpoint)
    }

    static func updateRow(
        _ state: inout DashboardState, _ id: Int, _ endpoint: String,
        _ change: (inout TimelineRow) -> Void
    ) {
        if let index = state.timeline.lastIndex(where: { $0.requestID == id }) {
            change(&state.timeline[index])
            return
        }
        let profile = ServiceProfiles.profile(for: state.header.provider)
        var row = TimelineRow(requestID: id, endpoint: endpoint, name: profile.requestName(endpoint))
        row.documented = profile.documentedStatuses(endpoint)
        change(&row)
        state.timeline.append(row)
        if state.timeline.count > DashboardState.Limits.timelineRows {
            state.timeline.removeFirst(state.timeline.count - DashboardState.Limits.timelineRows)
        }
    }

    static func updateAttempt(
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

    /// Puts `attempt` first in the match attempts, dropping the oldest past ``DashboardState/Limits/matchAttempts``.
    package static func insertAttempt(_ state: inout DashboardState, _ attempt: MatchAttempt) {
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
    static func keepSelectionVisible(_ state: inout DashboardState) {
        guard TextFilter(state.matchesFilter) != nil else { return }
        let visible = state.visibleAttemptIndices
        guard let last = visible.last, !visible.contains(state.selectedAttempt) else { return }
        state.selectedAttempt = visible.first { $0 > state.selectedAttempt } ?? last
    }

    static func loadAttempts(_ state: inout DashboardState, _ attempts: [MatchAttempt]) {
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
    static func stampPendingLogLines(_ state: inout DashboardState) {
        guard state.log.contains(where: \.awaitsClock) else { return }
        for index in state.log.indices where state.log[index].awaitsClock {
            state.log[index].time = state.now
            state.log[index].awaitsClock = false
        }
    }

    /// Adds `line` to the log, dropping the oldest past ``DashboardState/Limits/logLines``.
    package static func appendLog(_ state: inout DashboardState, _ line: LogLine) {
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
