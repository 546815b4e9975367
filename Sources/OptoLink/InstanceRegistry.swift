import Foundation

/// The running ``OptoLink`` instances of a process: at most one per ``KeyValueStore`` object.
///
/// ``OptoLink/start(configuration:environment:launchURL:)`` registers here: a second start on a store
/// whose instance still runs gets that instance. ``OptoLink/shutdown()`` frees the store's slot, so the
/// next start on it is a new launch (the dashboard's relaunch). Tests and simulations run several devices
/// at once with one store each. ``shared`` is the instance an app started: the first one registered while
/// none was shared, until it shuts down.
///
/// `@unchecked Sendable` is safe: `running` and `sharedKey` are only touched while `lock` is held, and
/// the instances are `Sendable`.
final class InstanceRegistry: @unchecked Sendable {
    /// The process's registry.
    static let process = InstanceRegistry()

    private let lock = NSLock()
    /// Running instances by their store's identity (the instance keeps its store alive, so the identity
    /// cannot be reused while it is registered).
    private var running: [ObjectIdentifier: OptoLink] = [:]
    private var sharedKey: ObjectIdentifier?

    /// The shared instance, if one runs.
    var shared: OptoLink? {
        lock.lock()
        defer { lock.unlock() }
        return sharedKey.flatMap { running[$0] }
    }

    /// The instance running on `store`, or the one `make` creates (registered before this returns).
    /// `make` runs inside the lock: it must not call back into the registry (it only builds the instance).
    func instance(for store: any KeyValueStore, make: () -> OptoLink) -> (instance: OptoLink, isNew: Bool) {
        let key = ObjectIdentifier(store)
        lock.lock()
        defer { lock.unlock() }
        if let existing = running[key] { return (existing, false) }
        let created = make()
        running[key] = created
        if sharedKey == nil { sharedKey = key }
        return (created, true)
    }

    /// Frees `instance`'s slot (when it is the one registered for its store).
    func release(_ instance: OptoLink, store: any KeyValueStore) {
        let key = ObjectIdentifier(store)
        lock.lock()
        defer { lock.unlock() }
        guard running[key] === instance else { return }
        running[key] = nil
        if sharedKey == key { sharedKey = nil }
    }
}
