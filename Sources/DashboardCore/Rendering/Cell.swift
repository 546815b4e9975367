/// One character cell of a ``ScreenBuffer``.
package struct Cell: Sendable, Hashable {
    /// The character (one column wide).
    package var character: Character
    /// What the cell means; the theme colours it.
    package var role: StyleRole
    /// Bold on top of the role.
    package var bold: Bool
    /// Reverse video on top of the role.
    package var reverse: Bool

    /// Creates a cell.
    package init(character: Character = " ", role: StyleRole = .normal, bold: Bool = false, reverse: Bool = false) {
        self.character = character
        self.role = role
        self.bold = bold
        self.reverse = reverse
    }

    /// An empty cell.
    package static let blank = Cell()
}
