import DashboardCore
import Foundation

/// Collects the actions a scenario run or a device's observer emits, from any thread.
package final class ActionSink: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DashboardAction] = []

    /// An empty sink.
    package init() {}

    /// The actions emitted so far, in order.
    package var actions: [DashboardAction] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Keeps `action`.
    package func emit(_ action: DashboardAction) {
        lock.lock()
        stored.append(action)
        lock.unlock()
    }
}
