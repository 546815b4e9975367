import Foundation
import OptoLink

/// An ``EventStore`` in memory, with counters so tests can check how the queue uses it (read once, in
/// the background; appended to per event, never rewritten).
///
/// `InMemoryKeyValueStore` holds one (its ``KeyValueStore/eventStore``): reuse the key-value store for a
/// relaunch and the queued events are still there; a new one is a reinstall with an empty queue.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held.
public final class InMemoryEventStore: EventStore, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [QueuedEvent] = []
    private var loads = 0
    private var appends = 0

    /// Creates an empty store, or one holding `events` (a queue left by an earlier launch).
    public init(_ events: [QueuedEvent] = []) {
        self.stored = events
    }

    /// The stored events, oldest first.
    public var events: [QueuedEvent] { locked { stored } }
    /// The stored events' names, oldest first.
    public var names: [String] { locked { stored.map(\.name) } }
    /// How many times ``load()`` was called.
    public var loadCount: Int { locked { loads } }
    /// How many times ``append(_:)`` was called.
    public var appendCount: Int { locked { appends } }

    /// The stored events (counted).
    public func load() -> [QueuedEvent] {
        locked {
            loads += 1
            return stored
        }
    }

    /// Stores `event` last (counted).
    public func append(_ event: QueuedEvent) {
        locked {
            appends += 1
            stored.append(event)
        }
    }

    /// Forgets the events with these ids.
    public func remove(_ ids: [String]) {
        let gone = Set(ids)
        locked { stored.removeAll { gone.contains($0.id) } }
    }

    /// Counts one more failure of `id`.
    public func recordFailure(of id: String) {
        locked {
            if let index = stored.firstIndex(where: { $0.id == id }) { stored[index].failures += 1 }
        }
    }

    /// Forgets every event.
    public func removeAll() {
        locked { stored.removeAll() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
