import Foundation
import OptoLinkS2S

/// A clock that moves only when the test says so: every `sleep` waits until ``advance(by:)`` passes
/// its deadline, and tests can wait for a number of sleepers without real time.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and
/// continuations are resumed after it is released.
final class ManualClock: S2SClock, @unchecked Sendable {
    private struct Sleeper {
        var id: Int
        var seconds: TimeInterval
        var deadline: TimeInterval
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var now: TimeInterval = 0
    private var nextID = 0
    private var sleepers: [Sleeper] = []
    private var cancelledIDs: Set<Int> = []
    private var requested: [TimeInterval] = []
    private var watchers: [(ready: ([TimeInterval]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// Every duration asked of `sleep`, in order.
    var sleepRequests: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    /// Seconds since the clock was made.
    var elapsed: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return now
    }

    func sleep(for seconds: TimeInterval) async throws {
        let id = lock.withLock {
            defer { nextID += 1 }
            requested.append(seconds)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if cancelledIDs.remove(id) != nil {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                sleepers.append(Sleeper(id: id, seconds: seconds, deadline: now + seconds, continuation: continuation))
                let ready = takeReadyWatchers()
                lock.unlock()
                for continuation in ready { continuation.resume() }
            }
        } onCancel: {
            lock.lock()
            if let index = sleepers.firstIndex(where: { $0.id == id }) {
                let sleeper = sleepers.remove(at: index)
                lock.unlock()
                sleeper.continuation.resume(throwing: CancellationError())
            } else {
                cancelledIDs.insert(id)
                lock.unlock()
            }
        }
    }

    /// Returns once at least `count` sleeps are pending.
    func waitForSleepers(_ count: Int) async {
        await waitUntilPending { $0.count >= count }
    }

    /// Returns once a sleep of exactly `seconds` is pending (a backoff wait, told apart from the
    /// per-attempt timers by its duration).
    func waitForSleep(of seconds: TimeInterval) async {
        await waitUntilPending { $0.contains(seconds) }
    }

    /// Returns once `ready` holds for the durations of the pending sleeps.
    func waitUntilPending(_ ready: @escaping ([TimeInterval]) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            watchers.append((ready, continuation))
            let woken = takeReadyWatchers()
            lock.unlock()
            for continuation in woken { continuation.resume() }
        }
    }

    /// Moves time on by `seconds` and wakes the sleepers whose deadline has come.
    func advance(by seconds: TimeInterval) {
        lock.lock()
        now += seconds
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Must hold `lock`.
    private func takeReadyWatchers() -> [CheckedContinuation<Void, Never>] {
        let pending = sleepers.map(\.seconds)
        var woken: [CheckedContinuation<Void, Never>] = []
        watchers.removeAll { watcher in
            guard watcher.ready(pending) else { return false }
            woken.append(watcher.continuation)
            return true
        }
        return woken
    }
}
