import DashboardCore

/// Turns a ``ScreenBuffer`` into the escape sequences a terminal draws it from: a whole screen, or only what
/// changed since the previous one. Colours come from a theme (ANSI SGR: the 16 colours, the 256-colour palette,
/// or 24-bit), bold and reverse video from the cells.
///
/// ```swift
/// let encoder = ANSIScreenEncoder()
/// let first = encoder.screen(buffer, theme: .builtInDefault)                  // clear, then every row
/// let next = encoder.changes(from: buffer, to: newer, theme: .builtInDefault)  // only the changed runs
/// ```
///
/// Every sequence leaves the attributes reset (`ESC[0m`), so the pieces can be concatenated in any order a
/// player receives them. A change is a run of cells on one row: changed cells closer than
/// ``joinGap`` columns are sent as one run (one cursor move beats several).
package struct ANSIScreenEncoder: Sendable {
    /// Unchanged cells between two changed ones sent anyway rather than a new cursor move (6: a cursor move
    /// `ESC[12;34H` costs about as many bytes).
    package static let joinGap = 6

    /// An encoder.
    package init() {}

    /// The whole screen: attributes reset, the screen cleared, the cursor hidden, every row drawn.
    package func screen(_ buffer: ScreenBuffer, theme: Theme) -> String {
        var out = "\u{1B}[0m\u{1B}[?25l\u{1B}[H\u{1B}[2J"
        for y in 0..<buffer.height where buffer.width > 0 {
            append(buffer, y: y, from: 0, to: buffer.width - 1, theme: theme, into: &out)
        }
        return out
    }

    /// What turns `old` into `new` on a terminal showing `old`: the changed runs of cells, each after a cursor
    /// move; the whole of `new` when there is no `old` or its size differs. Empty when nothing changed.
    package func changes(from old: ScreenBuffer?, to new: ScreenBuffer, theme: Theme) -> String {
        guard let old, old.width == new.width, old.height == new.height else { return screen(new, theme: theme) }
        var out = ""
        for y in 0..<new.height {
            var runStart: Int?
            var runEnd = 0
            for x in 0..<new.width where old[x, y] != new[x, y] {
                if let start = runStart, x - runEnd > Self.joinGap {
                    append(new, y: y, from: start, to: runEnd, theme: theme, into: &out)
                    runStart = x
                } else if runStart == nil {
                    runStart = x
                }
                runEnd = x
            }
            if let start = runStart { append(new, y: y, from: start, to: runEnd, theme: theme, into: &out) }
        }
        return out
    }

    /// The SGR sequence that sets `cell`'s look from a reset state (`ESC[0;…m`).
    package func style(_ cell: Cell, theme: Theme) -> String {
        var parameters = ["0"]
        if cell.bold { parameters.append("1") }
        if cell.reverse { parameters.append("7") }
        if !theme.isMono {
            let colors = theme.colors(for: cell.role)
            if let foreground = Self.parameters(colors.foreground, background: false) {
                parameters.append(foreground)
            }
            if let background = Self.parameters(colors.background, background: true) {
                parameters.append(background)
            }
        }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    /// The SGR parameters of a colour (`31`, `94`, `38;5;208`, `48;2;30;144;255`); nil for the terminal's own.
    package static func parameters(_ color: ThemeColor, background: Bool) -> String? {
        switch color {
        case .terminalDefault:
            return nil
        case .indexed(let index) where index < 8:
            return String((background ? 40 : 30) + index)
        case .indexed(let index) where index < 16:
            return String((background ? 100 : 90) + index - 8)
        case .indexed(let index):
            return (background ? "48;5;" : "38;5;") + String(min(255, max(0, index)))
        case .rgb(let red, let green, let blue):
            return (background ? "48;2;" : "38;2;") + "\(red);\(green);\(blue)"
        }
    }

    /// Row `y`'s cells `from`…`to` after a cursor move, a new SGR only where the look changes, then a reset.
    private func append(
        _ buffer: ScreenBuffer, y: Int, from: Int, to: Int, theme: Theme, into out: inout String
    ) {
        out += "\u{1B}[\(y + 1);\(from + 1)H"
        var current: String?
        for x in from...to {
            let cell = buffer[x, y]
            let look = style(cell, theme: theme)
            if look != current {
                out += look
                current = look
            }
            out.append(cell.character)
        }
        out += "\u{1B}[0m"
    }
}
