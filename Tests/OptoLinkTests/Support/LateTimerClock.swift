import Foundation
import OptoLink
import TestSupport

/// A clock whose waits end only when the test fires them, and whose cancellation comes too late: a
/// cancelled wait keeps waiting until fired and then returns normally, as a timer that had already
/// fired when its cancellation arrived. For races between a timer and the code that cancels it.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held, and
/// continuations are resumed after it is released.
final class LateTimerClock: OptoLinkClock, @unchecked Sendable {
    private let lock = NSLock()
    private var sleepers: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var fired: Set<Int> = []
    private var requested: [TimeInterval] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func now() -> TimeInterval { 0 }

    /// Every duration asked for, in call order (the n-th wait has id n, from 0).
    var requestedSleeps: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    func sleep(for seconds: TimeInterval) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            let id = requested.count
            requested.append(seconds)
            if fired.contains(id) {
                lock.unlock()
                continuation.resume()
                return
            }
            sleepers.append((id, continuation))
            let ready = watchers.filter { $0.count <= requested.count }
            watchers.removeAll { $0.count <= requested.count }
            lock.unlock()
            for watcher in ready { watcher.continuation.resume() }
        }
    }

    /// Attempt deadlines never come here (every attempt answers at once); ends only when cancelled.
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
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if requested.count >= count {
                lock.unlock()
                continuation.resume()
                return
            }
            watchers.append((count, continuation))
            lock.unlock()
        }
    }
}
