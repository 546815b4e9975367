/// A mouse event at a screen cell (0-based column and row), as the terminal reports it.
package struct MouseEvent: Sendable, Hashable {
    /// What happened.
    package enum Action: Sendable, Hashable {
        /// Button 1 pressed: focuses the pane under it and selects the row under it.
        case press
        /// The wheel turned up: scrolls back (the log, the timeline's rows, the inspector).
        case wheelUp
        /// The wheel turned down: scrolls forward.
        case wheelDown
    }

    /// Column.
    package var x: Int
    /// Row.
    package var y: Int
    /// What happened.
    package var action: Action

    /// Creates an event.
    package init(x: Int, y: Int, action: Action) {
        self.x = x
        self.y = y
        self.action = action
    }
}
