/// How serious a log message is, from `debug` to `error` (ordered: `debug < info < warning < error`).
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    /// Step by step: what the SDK is doing (each request, each decision).
    case debug
    /// Worth knowing, nothing to act on (a first launch skipped in an app extension, a link delivered).
    case info
    /// Something was degraded but handled (a retry gave up, an old event was dropped).
    case warning
    /// Something failed and the call returned nil/false (bad input, a request that failed for good).
    case error

    private var rank: Int {
        switch self {
        case .debug: return 0
        case .info: return 1
        case .warning: return 2
        case .error: return 3
        }
    }

    /// `debug < info < warning < error`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Receives the SDK's log messages. Called from background tasks: keep it fast and thread-safe.
///
/// ```swift
/// let logger: OptoLinkLogger = { level, message in print("[OptoLink] \(level): \(message)") }
/// ```
public typealias OptoLinkLogger = @Sendable (LogLevel, String) -> Void
