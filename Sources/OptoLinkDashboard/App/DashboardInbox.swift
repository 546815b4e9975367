import Foundation

/// A thread-safe queue of actions for the app loop: device, server and scenario tasks push, the loop drains.
///
/// `@unchecked Sendable` is safe: the only stored state is guarded by `lock` (NSLock rather than
/// `Synchronization.Mutex`, which needs macOS 15 while the package supports macOS 12).
public final class DashboardInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [DashboardAction] = []

    /// Creates an empty inbox.
    public init() {}

    /// Adds an action (from any thread).
    public func send(_ action: DashboardAction) {
        lock.lock(); defer { lock.unlock() }
        pending.append(action)
    }

    /// Removes and returns every pending action, oldest first.
    public func drain() -> [DashboardAction] {
        lock.lock(); defer { lock.unlock() }
        let actions = pending
        pending = []
        return actions
    }
}
