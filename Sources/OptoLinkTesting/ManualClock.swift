import Foundation
import OptoLink

/// An ``OptoLinkClock`` that only moves when told: waits of seconds or hours finish in microseconds.
///
/// Backoff waits (``sleep(for:)``) and attempt deadlines (``sleep(forDeadline:)``) are kept apart:
/// ``sleeperCount``, ``waitForSleepers(_:)`` and ``requestedSleeps`` see only the waits, ``timeoutCount``,
/// ``waitForTimeouts(_:)`` and ``requestedTimeouts`` only the deadlines; ``advance(by:)`` ends both when due.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await api.match(...) }   // will wait 1 s after a 503
/// await clock.waitForSleepers(1)
/// await clock.advance(by: 1)
/// ```
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and
/// continuations are resumed after the lock is released.
public final class ManualClock: OptoLinkClock, @unchecked Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: TimeInterval
        let isTimeout: Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        let id: Int
        let count: Int
        let forTimeouts: Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private let lock = NSLock()
    private var current: TimeInterval
    private var sleepers: [Sleeper] = []
    private var waiters: [Waiter] = []
    private var nextID = 0
    private var requested: [TimeInterval] = []
    private var requestedDeadlines: [TimeInterval] = []

    /// Starts at `start` seconds.
    public init(start: TimeInterval = 0) {
        self.current = start
    }

    /// The current time.
    public func now() -> TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// How many tasks are waiting in ``sleep(for:)``.
    public var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.filter { !$0.isTimeout }.count
    }

    /// How many request attempts are waiting for their deadline in ``sleep(forDeadline:)``.
    public var timeoutCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.filter(\.isTimeout).count
    }

    /// Every duration passed to ``sleep(for:)``, in call order.
    public var requestedSleeps: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    /// Every duration passed to ``sleep(forDeadline:)``, in call order.
    public var requestedTimeouts: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return requestedDeadlines
    }

    /// Waits until `seconds` of manual time have been advanced (0 or less: returns at once).
    public func sleep(for seconds: TimeInterval) async throws {
        try await suspend(for: seconds, isTimeout: false)
    }

    /// An attempt's deadline: like ``sleep(for:)``, counted apart (see the type's documentation).
    public func sleep(forDeadline seconds: TimeInterval) async throws {
        try await suspend(for: seconds, isTimeout: true)
    }

    private func suspend(for seconds: TimeInterval, isTimeout: Bool) async throws {
        try Task.checkCancellation()
        let id: Int = {
            lock.lock()
            defer { lock.unlock() }
            nextID += 1
            if isTimeout { requestedDeadlines.append(seconds) } else { requested.append(seconds) }
            return nextID
        }()
        guard seconds > 0 else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                sleepers.append(
                    Sleeper(id: id, deadline: current + seconds, isTimeout: isTimeout, continuation: continuation))
                let ready = takeSatisfiedWaiters()
                lock.unlock()
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            lock.lock()
            let index = sleepers.firstIndex { $0.id == id }
            let sleeper = index.map { sleepers.remove(at: $0) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `seconds`, waking every sleeper whose deadline is reached, earliest first.
    /// After each wake-up it lets the woken tasks run briefly, so a chain of waits within the span also fires.
    public func advance(by seconds: TimeInterval) async {
        let target: TimeInterval = {
            lock.lock()
            defer { lock.unlock() }
            return current + max(0, seconds)
        }()
        while true {
            guard let woken = takeDue(before: target) else { return }
            for sleeper in woken { sleeper.continuation.resume() }
            for _ in 0..<20 { await Task.yield() }
        }
    }

    /// The sleepers due next (all with the earliest deadline ≤ `target`), with time moved to that
    /// deadline; nil (and time moved to `target`) when none is due.
    private func takeDue(before target: TimeInterval) -> [Sleeper]? {
        lock.lock()
        defer { lock.unlock() }
        guard let next = sleepers.filter({ $0.deadline <= target }).min(by: { $0.deadline < $1.deadline }) else {
            current = max(current, target)
            return nil
        }
        current = max(current, next.deadline)
        let now = current
        let woken = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        return woken
    }

    /// Suspends until at least `count` tasks are waiting in ``sleep(for:)`` (no polling, no real time).
    /// Returns early when the calling task is cancelled.
    public func waitForSleepers(_ count: Int) async {
        await waitFor(count, timeouts: false)
    }

    /// Suspends until at least `count` request attempts are waiting for their deadline
    /// (``sleep(forDeadline:)``). Returns early when the calling task is cancelled.
    public func waitForTimeouts(_ count: Int) async {
        await waitFor(count, timeouts: true)
    }

    private func waitFor(_ count: Int, timeouts: Bool) async {
        let id: Int = {
            lock.lock()
            defer { lock.unlock() }
            nextID += 1
            return nextID
        }()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if sleepers.filter({ $0.isTimeout == timeouts }).count >= count || Task.isCancelled {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waiters.append(Waiter(id: id, count: count, forTimeouts: timeouts, continuation: continuation))
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            let index = waiters.firstIndex { $0.id == id }
            let waiter = index.map { waiters.remove(at: $0) }
            lock.unlock()
            waiter?.continuation.resume()
        }
    }

    /// Must be called with `lock` held; the caller resumes the returned continuations after unlocking.
    private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
        let waits = sleepers.filter { !$0.isTimeout }.count
        let deadlines = sleepers.count - waits
        func satisfied(_ waiter: Waiter) -> Bool { waiter.count <= (waiter.forTimeouts ? deadlines : waits) }
        let ready = waiters.filter(satisfied)
        waiters.removeAll(where: satisfied)
        return ready.map(\.continuation)
    }
}
