/// A theme parsed from a file, with the warnings about its content (unknown keys).
package struct ParsedTheme: Sendable, Hashable {
    /// The theme (missing keys from the default).
    package var theme: Theme
    /// Warnings naming file and line.
    package var warnings: [String]

    /// Creates a result.
    package init(theme: Theme, warnings: [String]) {
        self.theme = theme
        self.warnings = warnings
    }
}
