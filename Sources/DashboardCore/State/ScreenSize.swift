/// A terminal size in cells.
package struct ScreenSize: Sendable, Hashable {
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    /// Creates a size (negative values become 0).
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The size where every pane is visible.
    package static let full = ScreenSize(width: 120, height: 40)
    /// The smallest usable size.
    package static let minimum = ScreenSize(width: 80, height: 24)
}
