import Foundation
import OptoLink
internal import OptoLinkClientCore

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
/// Continuations are resumed after the lock is released.
public final class ManualClock: OptoLinkClock, Sendable {
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

    /// The time, who waits for it, and what was asked.
    private struct State {
        var current: TimeInterval
        var sleepers: [Sleeper] = []
        var waiters: [Waiter] = []
        var nextID = 0
        var requested: [TimeInterval] = []
        var requestedDeadlines: [TimeInterval] = []

        /// A new id for a sleeper or a waiter.
        mutating func takeID() -> Int {
            nextID += 1
            return nextID
        }

        /// The waiters whose count is reached, removed; the caller resumes them after unlocking.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let waits = sleepers.filter { !$0.isTimeout }.count
            let deadlines = sleepers.count - waits
            func satisfied(_ waiter: Waiter) -> Bool { waiter.count <= (waiter.forTimeouts ? deadlines : waits) }
            let ready = waiters.filter(satisfied)
            waiters.removeAll(where: satisfied)
            return ready.map(\.continuation)
        }

        /// The sleepers due next (all with the earliest deadline ≤ `target`), with time moved to that
        /// deadline; nil (and time moved to `target`) when none is due.
        mutating func takeDue(before target: TimeInterval) -> [Sleeper]? {
            guard let next = sleepers.filter({ $0.deadline <= target }).min(by: { $0.deadline < $1.deadline })
            else {
                current = max(current, target)
                return nil
            }
            current = max(current, next.deadline)
            let now = current
            let woken = sleepers.filter { $0.deadline <= now }
            sleepers.removeAll { $0.deadline <= now }
            return woken
        }
    }

    private let state: LockedValue<State>

    /// Starts at `start` seconds.
    public init(start: TimeInterval = 0) {
        self.state = LockedValue(State(current: start))
    }

    /// The current time.
    public func now() -> TimeInterval { state.value.current }

    /// How many tasks are waiting in ``sleep(for:)``.
    public var sleeperCount: Int { state.withLock { $0.sleepers.filter { !$0.isTimeout }.count } }

    /// How many request attempts are waiting for their deadline in ``sleep(forDeadline:)``.
    public var timeoutCount: Int { state.withLock { $0.sleepers.filter(\.isTimeout).count } }

    /// Every duration passed to ``sleep(for:)``, in call order.
    public var requestedSleeps: [TimeInterval] { state.value.requested }

    /// Every duration passed to ``sleep(forDeadline:)``, in call order.
    public var requestedTimeouts: [TimeInterval] { state.value.requestedDeadlines }

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
        let id = state.withLock { state in
            if isTimeout { state.requestedDeadlines.append(seconds) } else { state.requested.append(seconds) }
            return state.takeID()
        }
        guard seconds > 0 else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> [CheckedContinuation<Void, Never>]? in
                    if Task.isCancelled { return nil }
                    state.sleepers.append(
                        Sleeper(
                            id: id, deadline: state.current + seconds, isTimeout: isTimeout,
                            continuation: continuation))
                    return state.takeSatisfiedWaiters()
                }
                guard let ready else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `seconds`, waking every sleeper whose deadline is reached, earliest first.
    /// After each wake-up it lets the woken tasks run briefly, so a chain of waits within the span also fires.
    public func advance(by seconds: TimeInterval) async {
        let target = state.value.current + max(0, seconds)
        while true {
            guard let woken = state.withLock({ $0.takeDue(before: target) }) else { return }
            for sleeper in woken { sleeper.continuation.resume() }
            for _ in 0..<20 { await Task.yield() }
        }
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
        let id = state.withLock { $0.takeID() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state -> Bool in
                    if state.sleepers.filter({ $0.isTimeout == timeouts }).count >= count || Task.isCancelled {
                        return false
                    }
                    state.waiters.append(
                        Waiter(id: id, count: count, forTimeouts: timeouts, continuation: continuation))
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume()
        }
    }
}
