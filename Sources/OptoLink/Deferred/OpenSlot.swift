import Foundation

/// One direct open's request, shared by every handler of the same URL within the duplicate window.
///
/// ``LaunchCoordinator`` records the slot on its actor, then the opening call starts the request off
/// the actor and attaches its task. A second open of the same URL that arrives in between waits for the
/// task to be attached; a shutdown in between cancels the task as soon as it is attached.
///
/// `@unchecked Sendable` is safe: `task`, `cancelled` and `waiters` are only touched while `lock` is held,
/// and continuations are resumed after it is released.
final class OpenSlot: @unchecked Sendable {
    /// The request's task type: the link, or nil when it could not be resolved.
    typealias Fetch = Task<OptoLinkData?, Never>

    /// When the open was recorded (the coordinator's clock), for the duplicate window.
    let time: TimeInterval

    private let lock = NSLock()
    private var task: Fetch?
    private var cancelled = false
    private var waiters: [CheckedContinuation<Fetch, Never>] = []

    init(time: TimeInterval) {
        self.time = time
    }

    /// Hands the running request to the slot (once); cancels it at once if the slot was cancelled.
    func attach(_ fetch: Fetch) {
        lock.lock()
        task = fetch
        let waiting = waiters
        waiters = []
        let isCancelled = cancelled
        lock.unlock()
        for waiter in waiting { waiter.resume(returning: fetch) }
        if isCancelled { fetch.cancel() }
    }

    /// The request's result, waiting for the task to be attached first if needed.
    func value() async -> OptoLinkData? {
        let fetch: Fetch = await withCheckedContinuation { continuation in
            lock.lock()
            if let task {
                lock.unlock()
                continuation.resume(returning: task)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
        return await fetch.value
    }

    /// Cancels the request, now or when it is attached.
    func cancel() {
        lock.lock()
        cancelled = true
        let fetch = task
        lock.unlock()
        fetch?.cancel()
    }
}
