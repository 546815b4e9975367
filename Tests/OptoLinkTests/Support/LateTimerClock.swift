import Foundation
import OptoLink
import TestSupport

/// A clock whose waits end only when the test fires them, and whose cancellation comes too late: a
/// cancelled wait keeps waiting until fired and then returns normally, as a timer that had already
/// fired when its cancellation arrived. For races between a timer and the code that cancels it. No real
/// time passes in it: its waits are continuations the test resumes.
///
/// `@unchecked Sendable` is safe: `sleepers`, `fired` and `nextID` are only touched while `lock` is held,
/// and the sleepers are resumed after it is released (``waitForRequests(_:)``'s waiters may be resumed by
/// `requests` while it is held: a resume only schedules them).
final class LateTimerClock: OptoLinkClock, @unchecked Sendable {
    private let lock = NSLock()
    private var sleepers: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var fired: Set<Int> = []
    private var nextID = 0
    /// The durations asked for, recorded under `lock` so their order is their ids' order.
    private let requests = Recorder<TimeInterval>()

    func now() -> TimeInterval { 0 }

    /// Every duration asked for, in call order (the n-th wait has id n, from 0).
    var requestedSleeps: [TimeInterval] { requests.all }

    /// Not a real sleep: suspends until the test fires this wait (``fire(_:)``), cancelled or not.
    func sleep(for seconds: TimeInterval) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            let id = nextID
            nextID += 1
            requests.record(seconds)
            if fired.contains(id) {
                lock.unlock()
                continuation.resume()
                return
            }
            sleepers.append((id, continuation))
            lock.unlock()
        }
    }

    /// Not a real sleep either: attempt deadlines never come here (every attempt answers at once), so it
    /// ends only when cancelled, on a ``CancellationGate``.
    func sleep(forDeadline seconds: TimeInterval) async throws {
        try await CancellationGate().wait()
    }

    /// Ends wait number `id` (0-based, in the order they were asked for).
    func fire(_ id: Int) {
        lock.lock()
        fired.insert(id)
        let index = sleepers.firstIndex { $0.id == id }
        let sleeper = index.map { sleepers.remove(at: $0) }
        lock.unlock()
        sleeper?.continuation.resume()
    }

    /// Suspends until at least `count` waits have been asked for.
    func waitForRequests(_ count: Int) async {
        await requests.waitForCount(count)
    }
}
