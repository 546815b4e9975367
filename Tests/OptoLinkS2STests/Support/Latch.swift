import Foundation

/// A gate a task waits at until ``open()``, deaf to cancellation (to play a transport that ignores it).
///
/// `@unchecked Sendable` is safe: `isOpen` and `waiters` are only touched while `lock` is held.
final class Latch: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Returns when the latch is open (at once if it already is); cancellation does not end the wait.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Opens the latch and lets every waiter go.
    func open() {
        lock.lock()
        isOpen = true
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }
}
