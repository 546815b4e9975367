import Foundation
import OptoLink

/// A ``KeyValueStore`` in memory: a fresh one is a fresh install; reuse the same one for a second SDK
/// instance to simulate a relaunch. Its ``eventStore`` (the event queue of an SDK using it) is in memory too.
///
/// `@unchecked Sendable` is safe: `values` is only touched while `lock` is held.
public final class InMemoryKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]

    private enum Value {
        case string(String)
        case bool(Bool)
        case data(Data)
    }

    /// The event queue's store that goes with this store (emptied by ``removeAll()``).
    public let events = InMemoryEventStore()

    /// ``events``: where an SDK using this store keeps its queue.
    public var eventStore: any EventStore { events }

    /// Creates an empty store.
    public init() {}

    /// Every key currently stored.
    public var keys: [String] { locked { Array(values.keys) } }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? {
        locked {
            if case .string(let value)? = values[key] { return value }
            return nil
        }
    }

    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: String?, forKey key: String) {
        locked { values[key] = value.map(Value.string) }
    }

    /// The Boolean stored under `key`; false when there is none.
    public func bool(forKey key: String) -> Bool {
        locked {
            if case .bool(let value)? = values[key] { return value }
            return false
        }
    }

    /// Stores `value` under `key`.
    public func set(_ value: Bool, forKey key: String) {
        locked { values[key] = .bool(value) }
    }

    /// The bytes stored under `key`, or nil.
    public func data(forKey key: String) -> Data? {
        locked {
            if case .data(let value)? = values[key] { return value }
            return nil
        }
    }

    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: Data?, forKey key: String) {
        locked { values[key] = value.map(Value.data) }
    }

    /// Removes whatever is stored under `key`.
    public func removeValue(forKey key: String) {
        locked { values[key] = nil }
    }

    /// Removes everything, queued events included (a "reinstall").
    public func removeAll() {
        locked { values.removeAll() }
        eventStore.removeAll()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
