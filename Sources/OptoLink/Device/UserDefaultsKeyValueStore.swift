import Foundation

/// A ``KeyValueStore`` over `UserDefaults`: the default on Apple platforms (declared in the privacy
/// manifest with reason CA92.1: data only this app reads and writes).
///
/// `@unchecked Sendable` is safe: `UserDefaults` is documented as thread-safe and the reference is immutable.
public final class UserDefaultsKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let defaults: UserDefaults

    /// Uses `UserDefaults.standard`, or the suite `suiteName` (e.g. an app group) when given.
    public init(suiteName: String? = nil) {
        self.defaults = suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: String?, forKey key: String) {
        if let value { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
    /// The Boolean stored under `key`; false when there is none.
    public func bool(forKey key: String) -> Bool { defaults.bool(forKey: key) }
    /// Stores `value` under `key`.
    public func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }
    /// The bytes stored under `key`, or nil.
    public func data(forKey key: String) -> Data? { defaults.data(forKey: key) }
    /// Stores `value` under `key` (nil removes it).
    public func set(_ value: Data?, forKey key: String) {
        if let value { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
    }
    /// Removes whatever is stored under `key`.
    public func removeValue(forKey key: String) { defaults.removeObject(forKey: key) }
}
