/// The tools' panels the state holds, one per overlay (``DashboardPanel``), compared and hashed by value.
package struct DashboardPanels: Sendable, Hashable {
    private var byOverlay: [DashboardOverlay: Entry] = [:]

    /// No panel yet.
    package init() {}

    /// The panel of type `type`, nil before its tool first set it.
    package subscript<Panel: DashboardPanel>(_ type: Panel.Type) -> Panel? {
        get { byOverlay[Panel.overlay]?.panel as? Panel }
        set { byOverlay[Panel.overlay] = newValue.map(Entry.init) }
    }

    /// The panel `overlay` shows, nil when no tool set one for it.
    package subscript(overlay overlay: DashboardOverlay) -> (any DashboardPanel)? {
        get { byOverlay[overlay]?.panel }
        set { byOverlay[overlay] = newValue.map(Entry.init) }
    }

    /// Whether any panel held satisfies `predicate`.
    package func contains(where predicate: (any DashboardPanel) -> Bool) -> Bool {
        byOverlay.values.contains { predicate($0.panel) }
    }

    private struct Entry: Sendable, Hashable {
        let panel: any DashboardPanel

        static func == (lhs: Entry, rhs: Entry) -> Bool { isEqual(lhs.panel, to: rhs.panel) }

        func hash(into hasher: inout Hasher) { panel.hash(into: &hasher) }
    }
}
