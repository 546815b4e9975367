/// Where the event queue keeps its events between launches.
///
/// ``FileEventStore`` in production (a file under Application Support, appended to per event);
/// `OptoLinkTesting.InMemoryEventStore` in tests and simulations. The SDK calls it only from its event
/// queue, one call at a time and never on the thread that called
/// ``OptoLink/start(configuration:environment:launchURL:)``
/// (the first call, ``load()``, happens in the background). Every method must have made its change durable
/// (for a process kill) when it returns.
public protocol EventStore: AnyObject, Sendable {
    /// Every stored event, oldest first.
    func load() -> [QueuedEvent]
    /// Stores `event` after the others.
    func append(_ event: QueuedEvent)
    /// Forgets the events with these ids (sent, refused or pushed out of a full queue).
    func remove(_ ids: [String])
    /// Records one more retryable failure of the event `id` (its ``QueuedEvent/failures`` + 1).
    func recordFailure(of id: String)
    /// Forgets every event (the queue is empty).
    func removeAll()
}
