/// How serious a log message is. The SDK only logs what an app team should act on.
public enum LogLevel: String, Sendable {
    /// Something was degraded but handled (a retry gave up, an old event was dropped).
    case warning
    /// Something failed and the call returned nil/false (bad input, a request that failed for good).
    case error
}

/// Receives the SDK's log messages. Called from background tasks: keep it fast and thread-safe.
///
/// ```swift
/// let logger: OptoLinkLogger = { level, message in print("[OptoLink] \(level): \(message)") }
/// ```
public typealias OptoLinkLogger = @Sendable (LogLevel, String) -> Void
