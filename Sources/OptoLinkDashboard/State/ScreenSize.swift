/// A terminal size in cells.
public struct ScreenSize: Sendable, Hashable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size (negative values become 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The size where every pane is visible.
    public static let full = ScreenSize(width: 120, height: 40)
    /// The smallest usable size.
    public static let minimum = ScreenSize(width: 80, height: 24)
}
