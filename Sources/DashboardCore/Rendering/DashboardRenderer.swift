/// Renders a ``DashboardState`` into a ``ScreenBuffer``: a pure function, no terminal involved.
///
/// ```swift
/// let buffer = DashboardRenderer.render(state, size: ScreenSize(width: 120, height: 40))
/// print(buffer.lines.joined(separator: "\n"))
/// ```
package enum DashboardRenderer {
    /// Draws the whole screen.
    /// - Parameters:
    ///   - state: what to show.
    ///   - size: the terminal size.
    ///   - keymap: the keymap for the footer and the help overlay.
    /// - Returns: a buffer of exactly `size`.
    package static func render(_ state: DashboardState, size: ScreenSize, keymap: Keymap = .standard) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        let layout = DashboardLayout.compute(size: size, focus: state.focus, scenario: state.scenarioChecklist != nil)
        guard layout.mode != .tooSmall else {
            drawTooSmall(&buffer, size: size)
            return buffer
        }
        HeaderView.draw(state, row: layout.headerRow, into: &buffer)
        // The inspector and the Lab view cover every pane: drawing the panes under them would only cost time.
        let panes: [DashboardPane: Rect] =
            switch state.overlay {
            case .inspector: [:]
            default: state.panels[overlay: state.overlay].map { type(of: $0).coversPanes } == true ? [:] : layout.panes
            }
        for (pane, rect) in panes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let focused = state.focus == pane
            switch pane {
            case .profile: ProfilePaneView.draw(state, in: rect, focused: focused, into: &buffer)
            case .fingerprint: FingerprintPaneView.draw(state, in: rect, focused: focused, into: &buffer)
            case .scenario: ScenarioPaneView.draw(state, in: rect, focused: focused, into: &buffer)
            case .matches: MatchesPaneView.draw(state, in: rect, focused: focused, keymap: keymap, into: &buffer)
            case .timeline: TimelinePaneView.draw(state, in: rect, focused: focused, into: &buffer)
            case .log: LogPaneView.draw(state, in: rect, focused: focused, into: &buffer)
            }
        }
        FooterView.draw(keymap: keymap, state: state, row: layout.footerRow, into: &buffer)
        OverlayView.draw(state, keymap: keymap, into: &buffer)
        return buffer
    }

    static func drawTooSmall(_ buffer: inout ScreenBuffer, size: ScreenSize) {
        let lines = [
            "optolink-dash needs a terminal of at least",
            "\(ScreenSize.minimum.width)×\(ScreenSize.minimum.height) (this one is \(size.width)×\(size.height)).",
            "Please enlarge the window.  q quits.",
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let x = max(0, (size.width - line.count) / 2)
            buffer.write(line, x: x, y: top + offset, role: offset == 0 ? .title : .normal)
        }
    }
}
