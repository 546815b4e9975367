extension OptoLinkConfiguration {
    /// The persistent event queue of a service that takes events from an app (OptoLink, QubeRoute).
    ///
    /// ```swift
    /// events: .init(queueCapacity: 500)
    /// ```
    public struct Events: Sendable, Hashable {
        /// How many events the queue keeps while they cannot be sent, 1 or more; when full, the oldest
        /// goes first. Default 100 (as QubeRoute's package).
        public var queueCapacity: Int

        /// Creates the settings; the configuration's factory validates them.
        public init(queueCapacity: Int = 100) {
            self.queueCapacity = queueCapacity
        }

        /// The same settings, when ``queueCapacity`` is at least 1.
        func validated() throws(OptoLinkError) -> Events {
            guard queueCapacity >= 1 else { throw .configuration("events.queueCapacity must be at least 1") }
            return self
        }
    }
}
