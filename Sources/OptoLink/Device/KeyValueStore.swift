import Foundation

/// Where the SDK keeps its few values (device id, first-launch flag, event queue, registration state).
///
/// `UserDefaultsKeyValueStore` on Apple platforms, ``FileKeyValueStore`` elsewhere; tests use
/// `OptoLinkTesting.InMemoryKeyValueStore`. Values are lost when the app is deleted, by design: a
/// reinstall must look like a new device so the deferred match runs again. Never the Keychain.
///
/// Keys the SDK uses: `optolink_device_id`, `optolink_first_launch_done`, `optolink_registered_device`,
/// `optolink_disabled`, and `optolink_event_queue` (read once, to migrate a queue an older SDK version
/// kept there; the queue itself lives in ``eventStore``).
public protocol KeyValueStore: AnyObject, Sendable {
    /// The string stored under `key`, or nil.
    func string(forKey key: String) -> String?
    /// Stores `value` under `key` (nil removes it).
    func set(_ value: String?, forKey key: String)
    /// The Boolean stored under `key`; false when there is none.
    func bool(forKey key: String) -> Bool
    /// Stores `value` under `key`.
    func set(_ value: Bool, forKey key: String)
    /// The bytes stored under `key`, or nil.
    func data(forKey key: String) -> Data?
    /// Stores `value` under `key` (nil removes it).
    func set(_ value: Data?, forKey key: String)
    /// Removes whatever is stored under `key`.
    func removeValue(forKey key: String)
    /// Where the event queue of an SDK using this store lives, by default: it shares the store's
    /// lifetime (a reinstall, which empties the store, starts with an empty queue).
    ///
    /// The default implementation is a ``FileEventStore`` in ``FileEventStore/defaultDirectory``;
    /// ``FileKeyValueStore`` keeps it next to its own files, `OptoLinkTesting.InMemoryKeyValueStore` in memory.
    /// ``OptoLinkEnvironment/eventStore`` can replace it.
    var eventStore: any EventStore { get }
}

extension KeyValueStore {
    /// A ``FileEventStore`` in ``FileEventStore/defaultDirectory``.
    public var eventStore: any EventStore { FileEventStore() }
}
