import Foundation

/// The SDK's device id: a random UUIDv4 (lowercase) stored under `optolink_device_id` in a
/// ``KeyValueStore``, created on first use.
///
/// It lives as long as the app's data: deleting the app loses it on purpose, so a reinstall is a new
/// device and the deferred match runs again. Never stored in the Keychain.
public struct DeviceIdentifierStore: Sendable {
    /// The store key.
    public static let key = "optolink_device_id"
    private let store: any KeyValueStore

    /// Uses `store`.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// The stored id, or a new one (stored before it is returned). A stored value that the backend
    /// would refuse (not 8–100 characters) is replaced.
    public func deviceId() -> String {
        if let existing = store.string(forKey: Self.key), (8...100).contains(existing.count) {
            return existing
        }
        let fresh = UUID().uuidString.lowercased()
        store.set(fresh, forKey: Self.key)
        return fresh
    }
}
