/// Where each pane goes for a terminal size.
///
/// At 120×40 and larger (``Mode/full``): header; device profile and fingerprint stacked on the left,
/// match attempts on the right; retry timeline and log full width; footer. From 80×24 (``Mode/compact``):
/// the left column shows the fingerprint when it has the focus and the device profile otherwise.
/// Below 80×24 (``Mode/tooSmall``) only a message is drawn.
///
/// Once a scenario ran (there is a checklist), its pane takes the whole left column unless the device
/// profile or the fingerprint has the focus (Tab brings them back; the scenario pane is next in the Tab order).
package struct DashboardLayout: Sendable, Hashable {
    /// The layout mode.
    package enum Mode: Sendable, Hashable {
        /// Every pane visible.
        case full
        /// Fewer, narrower panes.
        case compact
        /// Smaller than 80×24.
        case tooSmall
    }

    /// The mode.
    package var mode: Mode
    /// The rectangle of each visible pane.
    package var panes: [DashboardPane: Rect]
    /// The header row.
    package var headerRow: Int
    /// The footer row.
    package var footerRow: Int

    /// The layout of `state` at its own size.
    package static func compute(_ state: DashboardState) -> DashboardLayout {
        compute(size: state.size, focus: state.focus, scenario: state.scenarioChecklist != nil)
    }

    /// Computes the layout for a size, the focus (which picks the left column's panes) and whether there is
    /// a scenario checklist to show.
    package static func compute(size: ScreenSize, focus: DashboardPane, scenario: Bool = false) -> DashboardLayout {
        let showsScenario = scenario && focus != .profile && focus != .fingerprint
        let (w, h) = (size.width, size.height)
        if w < ScreenSize.minimum.width || h < ScreenSize.minimum.height {
            return DashboardLayout(mode: .tooSmall, panes: [:], headerRow: 0, footerRow: max(0, h - 1))
        }
        let body = h - 2  // header and footer
        if w >= ScreenSize.full.width && h >= ScreenSize.full.height {
            let leftWidth = 44
            let topHeight = 11 + 10 + (body - 38) / 2  // profile 11, fingerprint 10, grows with the window
            let timelineHeight = 10 + (body - 38 - (body - 38) / 2) / 2
            let logHeight = body - topHeight - timelineHeight
            var panes: [DashboardPane: Rect] = [
                .matches: Rect(x: leftWidth, y: 1, width: w - leftWidth, height: topHeight),
                .timeline: Rect(x: 0, y: 1 + topHeight, width: w, height: timelineHeight),
                .log: Rect(x: 0, y: 1 + topHeight + timelineHeight, width: w, height: logHeight),
            ]
            if showsScenario {
                panes[.scenario] = Rect(x: 0, y: 1, width: leftWidth, height: topHeight)
            } else {
                panes[.profile] = Rect(x: 0, y: 1, width: leftWidth, height: 11)
                panes[.fingerprint] = Rect(x: 0, y: 12, width: leftWidth, height: topHeight - 11)
            }
            return DashboardLayout(mode: .full, panes: panes, headerRow: 0, footerRow: h - 1)
        }
        let leftWidth = w >= 100 ? 40 : 34
        let topHeight = max(11, body / 2)
        let timelineHeight = max(5, (body - topHeight) * 3 / 5)
        let logHeight = body - topHeight - timelineHeight
        let leftPane: DashboardPane = focus == .fingerprint ? .fingerprint : showsScenario ? .scenario : .profile
        return DashboardLayout(
            mode: .compact,
            panes: [
                leftPane: Rect(x: 0, y: 1, width: leftWidth, height: topHeight),
                .matches: Rect(x: leftWidth, y: 1, width: w - leftWidth, height: topHeight),
                .timeline: Rect(x: 0, y: 1 + topHeight, width: w, height: timelineHeight),
                .log: Rect(x: 0, y: 1 + topHeight + timelineHeight, width: w, height: logHeight),
            ], headerRow: 0, footerRow: h - 1)
    }
}
