/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle (negative sizes become 0).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The inside of a box drawn on this rectangle.
    public var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }
}
