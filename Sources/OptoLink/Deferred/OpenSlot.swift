import Foundation
internal import OptoLinkClientCore

/// One direct open, shared by every handler of the same URL within the duplicate window: the answer
/// its request comes to, and whether the SDK asked it to stop.
///
/// The request runs in the task of the call that started the open (see
/// ``LaunchCoordinator/open(_:key:)``); a second open of the same URL waits here for its answer.
/// Waiters are resumed after the lock is released.
final class OpenSlot: Sendable {
    /// When the open was recorded (the coordinator's clock), for the duplicate window.
    let time: TimeInterval

    /// What the slot knows so far.
    private struct State {
        var answered = false
        var link: OptoLinkData?
        var stopped = false
        var waiters: [CheckedContinuation<OptoLinkData?, Never>] = []
    }

    private let state = LockedValue(State())

    init(time: TimeInterval) {
        self.time = time
    }

    /// Records the open's answer (the link, or nil when it could not be resolved) and wakes the
    /// duplicate opens waiting for it. Only the first call counts.
    func fulfill(_ link: OptoLinkData?) {
        let waiting = state.withLock { state -> [CheckedContinuation<OptoLinkData?, Never>] in
            guard !state.answered else { return [] }
            state.answered = true
            state.link = link
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiting { waiter.resume(returning: link) }
    }

    /// The open's answer, waiting for it if needed.
    func value() async -> OptoLinkData? {
        await withCheckedContinuation { continuation in
            let answer = state.withLock { state -> OptoLinkData?? in
                guard state.answered else {
                    state.waiters.append(continuation)
                    return nil
                }
                return .some(state.link)
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Asks the open to stop: it sends no further attempt and starts no further wait.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }
}
