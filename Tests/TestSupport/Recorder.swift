import Foundation

/// Collects values delivered from any thread (tests' probes, listeners, callbacks).
///
/// `@unchecked Sendable` is safe: `items` and `waiters` are only touched while `lock` is held, and the
/// waiters are resumed after it is released.
public final class Recorder<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// An empty recorder.
    public init() {}

    /// Appends `item`.
    public func record(_ item: Element) {
        lock.lock()
        items.append(item)
        let ready = waiters.filter { $0.count <= items.count }
        waiters.removeAll { $0.count <= items.count }
        lock.unlock()
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Everything recorded so far, in order.
    public var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// Suspends until at least `count` values were recorded (no clock: a test's own time limit catches
    /// a value that never comes).
    public func waitForCount(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if items.count >= count {
                lock.unlock()
                continuation.resume()
                return
            }
            waiters.append((count, continuation))
            lock.unlock()
        }
    }
}
