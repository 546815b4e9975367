/// One character cell of a ``ScreenBuffer``.
public struct Cell: Sendable, Hashable {
    /// The character (one column wide).
    public var character: Character
    /// What the cell means; the theme colours it.
    public var role: StyleRole
    /// Bold on top of the role.
    public var bold: Bool
    /// Reverse video on top of the role.
    public var reverse: Bool

    /// Creates a cell.
    public init(character: Character = " ", role: StyleRole = .normal, bold: Bool = false, reverse: Bool = false) {
        self.character = character
        self.role = role
        self.bold = bold
        self.reverse = reverse
    }

    /// An empty cell.
    public static let blank = Cell()
}
