import Foundation

/// Whether the SDK may talk to the backend about this device (``OptoLink/setEnabled(_:)``), persisted in
/// the ``KeyValueStore`` under `optolink_enabled` (`"true"` / `"false"`; absent: the configuration's
/// ``OptoLinkConfiguration/Privacy/enabledByDefault``).
///
/// Read synchronously at every gate (the first launch, each open, each identity call and event send), so a
/// change takes effect for whatever starts after it.
///
/// `@unchecked Sendable` is safe: `enabled` is only touched while `lock` is held, and the store is `Sendable`.
final class PrivacySwitch: @unchecked Sendable {
    /// The store key.
    static let key = "optolink_enabled"
    private let lock = NSLock()
    private var enabled: Bool
    private let store: (any KeyValueStore)?

    /// The stored choice, or `enabledByDefault` when the app never made one.
    init(store: any KeyValueStore, enabledByDefault: Bool) {
        self.store = store
        switch store.string(forKey: Self.key) {
        case "true": enabled = true
        case "false": enabled = false
        default: enabled = enabledByDefault
        }
    }

    /// Always on, stores nothing (for parts built without a facade, as in tests).
    init() {
        self.store = nil
        self.enabled = true
    }

    var isEnabled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return enabled
    }

    /// Records the choice (stored even when unchanged, so it outlives a changed default); returns whether
    /// it changed.
    @discardableResult
    func set(_ newValue: Bool) -> Bool {
        lock.lock()
        let changed = enabled != newValue
        enabled = newValue
        store?.set(newValue ? "true" : "false", forKey: Self.key)
        lock.unlock()
        return changed
    }
}
