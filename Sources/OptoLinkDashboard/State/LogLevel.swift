/// Severity of a log line in the dashboard (a superset of the SDK's `LogLevel`).
public enum DashboardLogLevel: String, Sendable, Hashable, CaseIterable {
    /// Informational: requests, results, scenario steps.
    case info
    /// The SDK's `warning`.
    case warning
    /// The SDK's `error`.
    case error
}
