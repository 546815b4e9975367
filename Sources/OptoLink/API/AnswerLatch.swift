import Foundation
internal import OptoLinkClientCore

/// Makes the handling of one attempt's answer run exactly once, whether it starts early, from the
/// transport's callback (``HTTPTransport/send(_:onAnswer:)``), or after the call returned; and keeps when
/// an attempt without an answer ended (its deadline passed, or the transport failed), taken where that
/// happened: the task that waits on the attempt may be resumed later, when the process's threads are busy.
final class AnswerLatch: Sendable {
    /// The answer and when it was handed over, once it was.
    private let claimed = LockedValue<(response: HTTPResponse, time: TimeInterval)?>(nil)
    /// When the attempt ended without an answer, once it did.
    private let failedAt = LockedValue<TimeInterval?>(nil)

    /// Records `response` as the attempt's answer, arrived at `time`; true the first time only.
    func claim(_ response: HTTPResponse, at time: TimeInterval) -> Bool {
        claimed.withLock { claimed in
            guard claimed == nil else { return false }
            claimed = (response, time)
            return true
        }
    }

    /// When the answer was handed over, if it was.
    var arrival: TimeInterval? { claimed.value?.time }

    /// The answer handed over so far, if any.
    var response: HTTPResponse? { claimed.value?.response }

    /// Records that the attempt ended without an answer at `time` (the first call counts).
    func fail(at time: TimeInterval) {
        failedAt.withLock { failedAt in
            if failedAt == nil { failedAt = time }
        }
    }

    /// When the attempt ended without an answer, if it did.
    var failure: TimeInterval? { failedAt.value }
}
