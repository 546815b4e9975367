import Foundation

/// One direct open, shared by every handler of the same URL within the duplicate window: the answer
/// its request comes to, and whether the SDK asked it to stop.
///
/// The request runs in the task of the call that started the open (see
/// ``LaunchCoordinator/open(_:key:)``); a second open of the same URL waits here for its answer.
///
/// `@unchecked Sendable` is safe: every stored property except `time` is only touched while `lock` is
/// held, and waiters are resumed after it is released.
final class OpenSlot: @unchecked Sendable {
    /// When the open was recorded (the coordinator's clock), for the duplicate window.
    let time: TimeInterval

    private let lock = NSLock()
    private var answered = false
    private var link: OptoLinkData?
    private var stopped = false
    private var waiters: [CheckedContinuation<OptoLinkData?, Never>] = []

    init(time: TimeInterval) {
        self.time = time
    }

    /// Records the open's answer (the link, or nil when it could not be resolved) and wakes the
    /// duplicate opens waiting for it. Only the first call counts.
    func fulfill(_ link: OptoLinkData?) {
        lock.lock()
        guard !answered else {
            lock.unlock()
            return
        }
        answered = true
        self.link = link
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume(returning: link) }
    }

    /// The open's answer, waiting for it if needed.
    func value() async -> OptoLinkData? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if answered {
                let link = self.link
                lock.unlock()
                continuation.resume(returning: link)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }

    /// Asks the open to stop: it sends no further attempt and starts no further wait.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }
}
