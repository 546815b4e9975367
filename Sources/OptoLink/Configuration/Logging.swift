extension OptoLinkConfiguration {
    /// Where the SDK's log lines go, from which level. ``OptoLink/diagnostics`` records every info,
    /// warning and error line whatever these say.
    ///
    /// ```swift
    /// logging: .init(level: .info, destination: .osLog)      // Console.app: subsystem com.optolink.sdk
    /// logging: .init(logger: { level, message in print("[OptoLink] \(level): \(message)") })
    /// ```
    public struct Logging: Sendable {
        /// The least serious line the destination and the logger get: ``LogLevel/debug`` (each request
        /// attempt), ``LogLevel/info`` (each finished request, match, delivered link, and notes such as an
        /// app extension's skipped first launch), ``LogLevel/warning`` or ``LogLevel/error``. Default
        /// ``LogLevel/warning``: only what was degraded or failed, so a shipped app's log stays quiet.
        public var level: LogLevel
        /// A ready-made destination: ``OptoLinkLogging/none`` (default) or, on Apple platforms,
        /// `OptoLinkLogging.osLog` (unified logging). Gets the same lines as ``logger``.
        public var destination: OptoLinkLogging
        /// Your own log function, given the lines at ``level`` or above. Default nil (the lines still
        /// appear in ``OptoLink/diagnostics``).
        public var logger: OptoLinkLogger?

        /// Creates the settings.
        public init(level: LogLevel = .warning, destination: OptoLinkLogging = .none, logger: OptoLinkLogger? = nil) {
            self.level = level
            self.destination = destination
            self.logger = logger
        }

        /// Whether both have the same level and destination (the logger, a closure, is not compared).
        func hasSameSettings(as other: Logging) -> Bool {
            level == other.level && destination == other.destination
        }
    }
}
