/// A rectangle of cells.
package struct Rect: Sendable, Hashable {
    /// Left column.
    package var x: Int
    /// Top row.
    package var y: Int
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    /// Creates a rectangle (negative sizes become 0).
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The inside of a box drawn on this rectangle.
    package var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }
}
