/// Whether this install already had its first launch: the flag `optolink_first_launch_done` in a
/// ``KeyValueStore``.
///
/// The deferred match runs only while the flag is unset, and the flag is set once the first launch has
/// settled whatever happened (match, no match, failure, or a direct open), as the Flutter SDK does.
public struct LaunchState: Sendable {
    /// The store key.
    public static let key = "optolink_first_launch_done"
    private let store: any KeyValueStore

    /// Uses `store`.
    public init(store: any KeyValueStore) {
        self.store = store
    }

    /// True until ``markFirstLaunchDone()``.
    public var isFirstLaunch: Bool { !store.bool(forKey: Self.key) }

    /// Records that the first launch is over.
    public func markFirstLaunchDone() {
        store.set(true, forKey: Self.key)
    }

    /// Unsets the flag, so the next first-launch sequence runs as on a fresh install (the inspector's
    /// `rerunFirstLaunch`; nothing else in the store is touched).
    func markFirstLaunchPending() {
        store.removeValue(forKey: Self.key)
    }
}
