import Foundation
import OptoLink

/// What one first launch of row 2f records while it runs: when the SDK first called its transport (and
/// with which request), and when the signing hook was entered and returned. The bench waits on it
/// (``firstRequest()``) instead of calling into the SDK while the launch is being timed.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and the
/// waiter is resumed after it is released.
final class FirstRequestProbe: @unchecked Sendable {
    /// The SDK's first call of its transport.
    struct Call: Sendable {
        /// `SystemClock` time of the call, read first thing in it.
        let time: Double
        /// The request the SDK handed over.
        let request: HTTPRequest
    }

    private let lock = NSLock()
    private var call: Call?
    private var hookEntry: Double?
    private var hookExit: Double?
    private var hookCalls = 0
    private var waiter: CheckedContinuation<Call?, Never>?
    private var abandoned = false

    /// The transport was called at `time` (only the first call is kept); wakes ``firstRequest()``.
    func transportCalled(_ request: HTTPRequest, at time: Double) {
        lock.lock()
        guard call == nil else {
            lock.unlock()
            return
        }
        let first = Call(time: time, request: request)
        call = first
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: first)
    }

    /// The signing hook's first line ran at `time`.
    func hookEntered(at time: Double) {
        lock.lock()
        hookCalls += 1
        if hookEntry == nil { hookEntry = time }
        lock.unlock()
    }

    /// The signing hook returned at `time` (read just before its `return`).
    func hookReturned(at time: Double) {
        lock.lock()
        if hookExit == nil { hookExit = time }
        lock.unlock()
    }

    /// The first hook call's entry and return, when both were seen in that order.
    var hook: ClosedRange<Double>? {
        lock.lock()
        defer { lock.unlock() }
        guard let hookEntry, let hookExit, hookEntry <= hookExit else { return nil }
        return hookEntry...hookExit
    }

    /// How many times the hook was entered.
    var hookCallCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return hookCalls
    }

    /// Whether ``firstRequest()`` is waiting (for tests, which wait for it without sleeping).
    var hasWaiter: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiter != nil
    }

    /// Waits for the SDK's first transport call (at once when it already happened); nil once
    /// ``abandon()`` ran without one.
    func firstRequest() async -> Call? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Call?, Never>) in
            lock.lock()
            if call != nil || abandoned {
                let known = call
                lock.unlock()
                continuation.resume(returning: known)
                return
            }
            waiter = continuation
            lock.unlock()
        }
    }

    /// Ends the wait of ``firstRequest()`` with nil when the transport was never called (a watchdog: a
    /// launch that fails before its request must not hang the bench).
    func abandon() {
        lock.lock()
        abandoned = true
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: nil)
    }
}
