import Foundation
import OptoLink
internal import OptoLinkClientCore

/// An ``EventStore`` in memory, with counters so tests can check how the queue uses it (read once, in
/// the background; appended to per event, never rewritten).
///
/// `InMemoryKeyValueStore` holds one (its ``KeyValueStore/eventStore``): reuse the key-value store for a
/// relaunch and the queued events are still there; a new one is a reinstall with an empty queue.
public final class InMemoryEventStore: EventStore, Sendable {
    /// The events and the counters.
    private struct State {
        var stored: [QueuedEvent]
        var loads = 0
        var appends = 0
    }

    private let state: LockedValue<State>

    /// Creates an empty store, or one holding `events` (a queue left by an earlier launch).
    public init(_ events: [QueuedEvent] = []) {
        self.state = LockedValue(State(stored: events))
    }

    /// The stored events, oldest first.
    public var events: [QueuedEvent] { state.value.stored }
    /// The stored events' names, oldest first.
    public var names: [String] { state.value.stored.map(\.name) }
    /// How many times ``load()`` was called.
    public var loadCount: Int { state.value.loads }
    /// How many times ``append(_:)`` was called.
    public var appendCount: Int { state.value.appends }

    /// The stored events (counted).
    public func load() -> [QueuedEvent] {
        state.withLock { state in
            state.loads += 1
            return state.stored
        }
    }

    /// Stores `event` last (counted).
    public func append(_ event: QueuedEvent) {
        state.withLock { state in
            state.appends += 1
            state.stored.append(event)
        }
    }

    /// Forgets the events with these ids.
    public func remove(_ ids: [String]) {
        let gone = Set(ids)
        state.withLock { state in state.stored.removeAll { gone.contains($0.id) } }
    }

    /// Counts one more failure of `id`.
    public func recordFailure(of id: String) {
        state.withLock { state in
            if let index = state.stored.firstIndex(where: { $0.id == id }) { state.stored[index].failures += 1 }
        }
    }

    /// Forgets every event.
    public func removeAll() {
        state.withLock { state in state.stored.removeAll() }
    }

}
