/// One row of the keymap: the single source of key dispatch, footer hints and the help overlay.
package struct KeyBinding: Sendable, Hashable {
    /// The key.
    package var key: Key
    /// Short label for the footer (e.g. `help`).
    package var label: String
    /// One-line description for the help overlay.
    package var description: String
    /// What the key does.
    package var command: DashboardCommand
    /// Whether the footer shows it (the help overlay shows every binding).
    package var showInFooter: Bool
    /// The panes whose focus brings the hint into the footer (empty, the default: always, when
    /// ``showInFooter``); keeps pane-specific hints from crowding the footer.
    package var footerPanes: Set<DashboardPane>

    /// Creates a binding.
    package init(
        key: Key, label: String, description: String, command: DashboardCommand, showInFooter: Bool,
        footerPanes: Set<DashboardPane> = []
    ) {
        self.key = key
        self.label = label
        self.description = description
        self.command = command
        self.showInFooter = showInFooter
        self.footerPanes = footerPanes
    }
}
