/// One custom event waiting in the event queue, as an ``EventStore`` keeps it.
///
/// `id` is made at `trackEvent` and never changes: OptoLink's contract has no event id (it is local there,
/// to remove the right entry after sending, so delivery is at-least-once), while QubeRoute sends it as
/// `eventId`, which makes a resent batch safe.
public struct QueuedEvent: Sendable, Hashable {
    /// A local id (a UUID string), unique in the queue.
    public var id: String
    /// The event name (1–100 characters).
    public var name: String
    /// The properties (at most 10 240 bytes as JSON), if any.
    public var properties: [String: JSONValue]?
    /// How many times the backend refused it with a retryable answer (see the event queue's rules).
    public var failures: Int
    /// The value in minor units (`499` is 4.99), for services that take one (QubeRoute); nil otherwise.
    public var valueMinor: Int?
    /// The value's ISO 4217 currency (`"GBP"`); present whenever ``valueMinor`` is.
    public var currency: String?
    /// When `trackEvent` was called, ISO 8601 UTC with milliseconds (`2026-09-01T12:00:00.000Z`): QubeRoute's
    /// `clientTimestamp`, fixed at queueing so a retry sends the same one. Nil for events queued by an
    /// older SDK version.
    public var timestamp: String?

    /// Creates a queued event.
    public init(
        id: String, name: String, properties: [String: JSONValue]? = nil, failures: Int = 0, valueMinor: Int? = nil,
        currency: String? = nil, timestamp: String? = nil
    ) {
        self.id = id
        self.name = name
        self.properties = properties
        self.failures = failures
        self.valueMinor = valueMinor
        self.currency = currency
        self.timestamp = timestamp
    }
}
