/// Moving through lists and the mouse: selection, clicks and the wheel.
extension DashboardReducer {
    static func moveSelection(_ state: inout DashboardState, _ delta: Int) {
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
        case .lab, .compare:
            state.panels[overlay: state.overlay]?.moveSelection(delta)
            return
        case .help, .textInput:
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

    /// Clicks focus the pane under the pointer and select the match attempt or timeline row under it; the
    /// wheel scrolls the log, moves through the timeline's rows and the match attempts, scrolls the
    /// inspector, and moves through the Lab view's installs. Hit-testing uses the same layout and list
    /// geometry the renderer draws with.
    static func reduceMouse(_ state: inout DashboardState, _ event: MouseEvent) {
        let wheel = event.action == .wheelUp ? -1 : event.action == .wheelDown ? 1 : 0
        if case .inspector = state.overlay {
            if wheel != 0 { reduce(&state, .scrollInspector(3 * wheel)) }
            return
        }
        if state.panels[overlay: state.overlay] != nil {
            if wheel != 0 { state.panels[overlay: state.overlay]?.moveSelection(3 * wheel) }
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
}
