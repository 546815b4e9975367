/// The outcome of loading a theme: always a usable theme, plus what went wrong.
package struct ThemeLoadResult: Sendable, Hashable {
    /// The theme to use (the built-in default when the file was missing or broken).
    package var theme: Theme
    /// Warnings (unknown keys).
    package var warnings: [String]
    /// The error that made the loader fall back, if any.
    package var error: DashboardError?

    /// Creates a result.
    package init(theme: Theme, warnings: [String] = [], error: DashboardError? = nil) {
        self.theme = theme
        self.warnings = warnings
        self.error = error
    }
}
