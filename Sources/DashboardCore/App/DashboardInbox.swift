import Foundation

/// A thread-safe queue of actions for the app loop: device, server and scenario tasks push, the loop drains.
///
/// `@unchecked Sendable` is safe: the stored state is guarded by `lock` (NSLock rather than
/// `Synchronization.Mutex`, which needs macOS 15 while the package supports macOS 12).
package final class DashboardInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [DashboardAction] = []
    private var wake: (@Sendable () -> Void)?

    /// Creates an empty inbox.
    package init() {}

    /// Adds an action (from any thread) and wakes the app loop (see ``setWakeHandler(_:)``).
    package func send(_ action: DashboardAction) {
        lock.lock()
        pending.append(action)
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Sets what ``send(_:)`` calls after queueing, so a loop blocked waiting for a key wakes up at once
    /// (the ncurses backend writes to a self-pipe it polls together with stdin).
    package func setWakeHandler(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        wake = handler
    }

    /// Removes and returns every pending action, oldest first.
    package func drain() -> [DashboardAction] {
        lock.lock()
        defer { lock.unlock() }
        let actions = pending
        pending = []
        return actions
    }
}
