import Foundation
internal import OptoLinkClientCore

/// The running ``OptoLink`` instances of a process: at most one per ``KeyValueStore`` object.
///
/// ``OptoLink/start(configuration:environment:launchURL:)`` registers here: a second start on a store
/// whose instance still runs gets that instance. ``OptoLink/shutdown()`` frees the store's slot, so the
/// next start on it is a new launch (the dashboard's relaunch). Tests and simulations run several devices
/// at once with one store each. ``shared`` is the instance an app started: the first one registered while
/// none was shared, until it shuts down.
final class InstanceRegistry: Sendable {
    /// The process's registry.
    static let process = InstanceRegistry()

    /// The registered instances.
    private struct State {
        /// Running instances by their store's identity (the instance keeps its store alive, so the
        /// identity cannot be reused while it is registered).
        var running: [ObjectIdentifier: OptoLink] = [:]
        var sharedKey: ObjectIdentifier?
    }

    private let state = LockedValue(State())

    /// The shared instance, if one runs.
    var shared: OptoLink? {
        state.withLock { state in state.sharedKey.flatMap { state.running[$0] } }
    }

    /// The instance running on `store`, or the one `make` creates (registered before this returns).
    /// `make` runs inside the lock: it must not call back into the registry (it only builds the instance).
    func instance(for store: any KeyValueStore, make: () -> OptoLink) -> (instance: OptoLink, isNew: Bool) {
        let key = ObjectIdentifier(store)
        return state.withLock { state in
            if let existing = state.running[key] { return (existing, false) }
            let created = make()
            state.running[key] = created
            if state.sharedKey == nil { state.sharedKey = key }
            return (created, true)
        }
    }

    /// Frees `instance`'s slot (when it is the one registered for its store).
    func release(_ instance: OptoLink, store: any KeyValueStore) {
        let key = ObjectIdentifier(store)
        state.withLock { state in
            guard state.running[key] === instance else { return }
            state.running[key] = nil
            if state.sharedKey == key { state.sharedKey = nil }
        }
    }
}
