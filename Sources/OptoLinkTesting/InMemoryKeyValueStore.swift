import Foundation
import OptoLink
internal import OptoLinkClientCore

/// A ``KeyValueStore`` in memory: a fresh one is a fresh install; reuse the same one for a second SDK
/// instance to simulate a relaunch. Its ``eventStore`` (the event queue of an SDK using it) is in memory too.
public final class InMemoryKeyValueStore: KeyValueStore, Sendable {
    private let values = LockedValue<[String: Value]>([:])

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
    public var keys: [String] { Array(values.value.keys) }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? {
        values.withLock { values in
            if case .string(let value)? = values[key] { return value }
            return nil
        }
    }

    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: String?, forKey key: String) {
        values.withLock { $0[key] = value.map(Value.string) }
    }

    /// The Boolean stored under `key`; false when there is none.
    public func bool(forKey key: String) -> Bool {
        values.withLock { values in
            if case .bool(let value)? = values[key] { return value }
            return false
        }
    }

    /// Stores `value` under `key`.
    public func set(_ value: Bool, forKey key: String) {
        values.withLock { $0[key] = .bool(value) }
    }

    /// The bytes stored under `key`, or nil.
    public func data(forKey key: String) -> Data? {
        values.withLock { values in
            if case .data(let value)? = values[key] { return value }
            return nil
        }
    }

    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: Data?, forKey key: String) {
        values.withLock { $0[key] = value.map(Value.data) }
    }

    /// Removes whatever is stored under `key`.
    public func removeValue(forKey key: String) {
        values.withLock { $0[key] = nil }
    }

    /// Removes everything, queued events included (a "reinstall").
    public func removeAll() {
        values.withLock { $0.removeAll() }
        eventStore.removeAll()
    }

}
