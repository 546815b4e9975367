/// One custom event waiting in the event queue, as an ``EventStore`` keeps it.
///
/// `id` is local only (to remove the right entry after sending); the backend's contract has no event id,
/// so delivery is at-least-once: an event whose answer was lost is sent again.
public struct QueuedEvent: Sendable, Hashable {
    /// A local id (a UUID string), unique in the queue.
    public var id: String
    /// The event name (1–100 characters).
    public var name: String
    /// The properties (at most 10 240 bytes as JSON), if any.
    public var properties: [String: JSONValue]?
    /// How many times the backend refused it with a retryable answer (see the event queue's rules).
    public var failures: Int

    /// Creates a queued event.
    public init(id: String, name: String, properties: [String: JSONValue]? = nil, failures: Int = 0) {
        self.id = id
        self.name = name
        self.properties = properties
        self.failures = failures
    }
}
