import Foundation

/// Where the proxy's worker threads leave each request for the screen's thread, with the time it happened
/// (seconds since the queue was made), and wake the screen's loop.
///
/// `@unchecked Sendable` is safe: `queue` and `wake` are only touched while `lock` is held.
final class ProxyEventQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [(event: ProxyEvent, time: Double)] = []
    private var wake: (@Sendable () -> Void)?
    private let started = Date()

    /// Queues `event` (any thread) and wakes the loop.
    func add(_ event: ProxyEvent) {
        let time = Date().timeIntervalSince(started)
        lock.lock()
        queue.append((event, time))
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Takes every queued request, oldest first.
    func drain() -> [(event: ProxyEvent, time: Double)] {
        lock.lock()
        defer { lock.unlock() }
        let events = queue
        queue = []
        return events
    }

    /// Sets what ``add(_:)`` calls after queueing.
    func setWakeHandler(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        wake = handler
        lock.unlock()
    }
}
