import Foundation

/// Where the proxy's worker threads leave each request for the screen's thread, with the time it happened
/// (seconds since the queue was made), and wake the screen's loop.
///
/// `@unchecked Sendable` is safe: `queue` and `wake` are only touched while `lock` is held.
final class ProxyEventQueue: @unchecked Sendable {
    private let lock = NSLock()
    /// A request through the proxy, or a line of another origin (a browser click's hop).
    enum Item: Sendable {
        case event(ProxyEvent)
        case notice(String)
    }

    private var queue: [(item: Item, time: Double)] = []
    private var wake: (@Sendable () -> Void)?
    private let started = Date()

    /// Queues `event` (any thread) and wakes the loop.
    func add(_ event: ProxyEvent) { add(.event(event)) }

    /// Queues `item` (any thread) and wakes the loop.
    func add(_ item: Item) {
        let time = Date().timeIntervalSince(started)
        lock.lock()
        queue.append((item, time))
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Takes every queued item, oldest first.
    func drain() -> [(item: Item, time: Double)] {
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
