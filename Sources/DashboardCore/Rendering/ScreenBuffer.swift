/// A width × height grid of ``Cell``s: what the renderer produces and the terminal blits.
///
/// Every write is clipped to the buffer; text that does not fit its width ends in `…`.
package struct ScreenBuffer: Sendable, Hashable {
    /// Columns.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Cells, row by row.
    package private(set) var cells: [Cell]

    /// Creates a blank buffer.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (a blank for positions outside).
    package subscript(x: Int, y: Int) -> Cell {
        get { contains(x, y) ? cells[y * width + x] : .blank }
        set { if contains(x, y) { cells[y * width + x] = newValue } }
    }

    /// The rows as plain text (trailing spaces kept), for snapshots and tests.
    package var lines: [String] {
        (0..<height).map { y in String(cells[(y * width)..<(y * width + width)].map(\.character)) }
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` at (`x`, `y`) in at most `maxWidth` columns (default: to the right edge);
    /// longer text is cut and ends in `…`. Returns the number of columns written.
    @discardableResult
    package mutating func write(
        _ text: String, x: Int, y: Int, maxWidth: Int? = nil, role: StyleRole = .normal,
        bold: Bool = false, reverse: Bool = false
    ) -> Int {
        let limit = min(maxWidth ?? (width - x), width - x)
        guard limit > 0, y >= 0, y < height else { return 0 }
        // One pass, no copy of the text: write up to `limit` characters, then, if more follow, end in `…`.
        var written = 0
        var characters = text.makeIterator()
        while written < limit, let character = characters.next() {
            self[x + written, y] = Cell(
                character: ScreenBuffer.displayable(character), role: role, bold: bold, reverse: reverse)
            written += 1
        }
        if written == limit, characters.next() != nil {
            self[x + written - 1, y] = Cell(character: "…", role: role, bold: bold, reverse: reverse)
        }
        return written
    }

    /// The character as drawn in one cell: newlines and tabs become spaces; control characters (which a
    /// terminal would interpret or show as two-cell `^X`) and double-width characters (CJK, emoji, which would
    /// push the rest of the row) become `?`, so every character takes exactly one column.
    package static func displayable(_ character: Character) -> Character {
        guard let first = character.unicodeScalars.first else { return "?" }
        let value = first.value
        if value >= 0x20 && value < 0x7F && character.unicodeScalars.count == 1 { return character }  // printable ASCII
        if character == "\n" || character == "\t" || character == "\r\n" { return " " }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return "?" }
        if wideRanges.contains(where: { $0.contains(value) }) { return "?" }
        return character
    }

    /// The code points drawn two columns wide (East Asian wide and fullwidth, emoji).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// Fills a rectangle with one cell.
    package mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { self[x, y] = cell }
        }
    }

    /// Sets the role (and attributes) of every cell of a rectangle, keeping the characters.
    package mutating func paint(_ rect: Rect, role: StyleRole, bold: Bool = false, reverse: Bool = false) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) where contains(x, y) {
                let character = self[x, y].character
                self[x, y] = Cell(character: character, role: role, bold: bold, reverse: reverse)
            }
        }
    }

    /// Draws a rounded UTF-8 box with a title on its top border.
    package mutating func box(_ rect: Rect, title: String, focused: Bool = false) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: StyleRole = focused ? .borderFocused : .border
        let right = rect.x + rect.width - 1
        let bottom = rect.y + rect.height - 1
        for x in (rect.x + 1)..<right {
            self[x, rect.y] = Cell(character: "─", role: role)
            self[x, bottom] = Cell(character: "─", role: role)
        }
        for y in (rect.y + 1)..<bottom {
            self[rect.x, y] = Cell(character: "│", role: role)
            self[right, y] = Cell(character: "│", role: role)
        }
        self[rect.x, rect.y] = Cell(character: "╭", role: role)
        self[right, rect.y] = Cell(character: "╮", role: role)
        self[rect.x, bottom] = Cell(character: "╰", role: role)
        self[right, bottom] = Cell(character: "╯", role: role)
        if rect.width > 6 {
            let label = focused ? "▶ \(title) " : " \(title) "
            write(label, x: rect.x + 2, y: rect.y, maxWidth: rect.width - 4, role: .title, bold: focused)
        }
    }
}
