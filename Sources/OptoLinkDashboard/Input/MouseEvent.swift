/// A mouse event at a screen cell (0-based column and row), as the terminal reports it.
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public enum Action: Sendable, Hashable {
        /// Button 1 pressed: focuses the pane under it and selects the row under it.
        case press
        /// The wheel turned up: scrolls back (the log, the timeline's rows, the inspector).
        case wheelUp
        /// The wheel turned down: scrolls forward.
        case wheelDown
    }

    /// Column.
    public var x: Int
    /// Row.
    public var y: Int
    /// What happened.
    public var action: Action

    /// Creates an event.
    public init(x: Int, y: Int, action: Action) {
        self.x = x
        self.y = y
        self.action = action
    }
}
