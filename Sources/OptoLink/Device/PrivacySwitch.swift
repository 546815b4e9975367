import Foundation
internal import OptoLinkClientCore

/// Whether the SDK may talk to the backend about this device (``OptoLink/setEnabled(_:)``), persisted in
/// the ``KeyValueStore`` under `optolink_enabled` (`"true"` / `"false"`; absent: the configuration's
/// ``OptoLinkConfiguration/Privacy/enabledByDefault``).
///
/// Read synchronously at every gate (the first launch, each open, each identity call and event send), so a
/// change takes effect for whatever starts after it.
final class PrivacySwitch: Sendable {
    /// The store key.
    static let key = "optolink_enabled"
    private let enabled: LockedValue<Bool>
    private let store: (any KeyValueStore)?

    /// The stored choice, or `enabledByDefault` when the app never made one.
    init(store: any KeyValueStore, enabledByDefault: Bool) {
        self.store = store
        switch store.string(forKey: Self.key) {
        case "true": enabled = LockedValue(true)
        case "false": enabled = LockedValue(false)
        default: enabled = LockedValue(enabledByDefault)
        }
    }

    /// Always on, stores nothing (for parts built without a facade, as in tests).
    init() {
        self.store = nil
        self.enabled = LockedValue(true)
    }

    var isEnabled: Bool { enabled.value }

    /// Records the choice (stored even when unchanged, so it outlives a changed default); returns whether
    /// it changed.
    @discardableResult
    func set(_ newValue: Bool) -> Bool {
        enabled.withLock { enabled in
            defer { enabled = newValue }
            store?.set(newValue ? "true" : "false", forKey: Self.key)  // in the lock: stores in the order set
            return enabled != newValue
        }
    }
}
