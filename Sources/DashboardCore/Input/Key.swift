/// A key press, independent of the terminal library.
package enum Key: Sendable, Hashable {
    /// A printable character (`q`, `?`, `R`…).
    case character(Character)
    /// Enter / Return.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Backspace.
    case backspace
    /// Ctrl-C (read as a key in raw mode).
    case ctrlC
    /// A mouse event (a click or the wheel) at a screen cell.
    case mouse(MouseEvent)

    /// How the key is written in the footer and the help overlay.
    package var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .backspace: "Bksp"
        case .ctrlC: "^C"
        case .mouse: "mouse"
        }
    }
}
