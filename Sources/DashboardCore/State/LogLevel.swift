/// Severity of a log line in the dashboard (a superset of the SDK's `LogLevel`).
package enum DashboardLogLevel: String, Sendable, Hashable, CaseIterable, Codable {
    /// Informational: requests, results, scenario steps.
    case info
    /// The SDK's `warning`.
    case warning
    /// The SDK's `error`.
    case error

    /// How the log pane writes the level (`info`, `WARN`, `ERROR`; the `/` filter matches it too).
    package var label: String {
        switch self {
        case .info: "info"
        case .warning: "WARN"
        case .error: "ERROR"
        }
    }
}
