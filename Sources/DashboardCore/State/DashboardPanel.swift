/// A tool's view inside the dashboard (the lab's run, a compare across the services): the core keeps it in
/// ``DashboardState/panels``, draws it as its overlay and hands it that overlay's keys and wheel, without
/// knowing its type. The tool's own target declares the panel, its updates (``DashboardPanelUpdate``) and how
/// it draws.
package protocol DashboardPanel: Sendable, Hashable {
    /// The overlay that shows the panel (one panel per overlay).
    static var overlay: DashboardOverlay { get }
    /// Whether the panel covers every pane, so the panes under it are not drawn.
    static var coversPanes: Bool { get }
    /// Draws the panel over `state`'s screen.
    func draw(_ state: DashboardState, into buffer: inout ScreenBuffer)
    /// What `key` does while the panel is the overlay; nil leaves it to the core (Esc closes, the rest is
    /// ignored). Ctrl-C and the mouse never reach a panel.
    func route(_ key: Key, in state: DashboardState) -> InputOutcome?
    /// Moves the panel's selection by `delta` rows (the arrows' actions and the wheel).
    mutating func moveSelection(_ delta: Int)
    /// Whether something it shows changes with time alone, so the app redraws on a short tick.
    func isTicking(at now: Double) -> Bool
    /// Whether a run it shows is going: the key that opens the panel then does not start another.
    var isRunning: Bool { get }
}

extension DashboardPanel {
    /// Panels leave the panes visible around them unless they say otherwise.
    package static var coversPanes: Bool { false }
    /// No keys of its own.
    package func route(_ key: Key, in state: DashboardState) -> InputOutcome? { nil }
    /// No selection.
    package mutating func moveSelection(_ delta: Int) {}
    /// Nothing that moves with time.
    package func isTicking(at now: Double) -> Bool { false }
    /// No run.
    package var isRunning: Bool { false }

}

/// Whether `other` holds a value of `value`'s type equal to it: how the state compares the panels and panel
/// updates it holds without knowing their types.
func isEqual<Value: Equatable>(_ value: Value, to other: Any) -> Bool { (other as? Value) == value }
