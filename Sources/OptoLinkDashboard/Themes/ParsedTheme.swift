/// A theme parsed from a file, with the warnings about its content (unknown keys).
public struct ParsedTheme: Sendable, Hashable {
    /// The theme (missing keys from the default).
    public var theme: Theme
    /// Warnings naming file and line.
    public var warnings: [String]

    /// Creates a result.
    public init(theme: Theme, warnings: [String]) {
        self.theme = theme
        self.warnings = warnings
    }
}
