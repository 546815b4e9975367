import Foundation

/// Makes the handling of one attempt's answer run exactly once, whether it starts early, from the
/// transport's callback (``HTTPTransport/send(_:onAnswer:)``), or after the call returned.
///
/// `@unchecked Sendable` is safe: `answer` and `time` are only touched while `lock` is held.
final class AnswerLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: HTTPResponse?
    private var time: TimeInterval?

    /// Records `response` as the attempt's answer, arrived at `time`; true the first time only.
    func claim(_ response: HTTPResponse, at time: TimeInterval) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard answer == nil else { return false }
        answer = response
        self.time = time
        return true
    }

    /// When the answer was handed over, if it was.
    var arrival: TimeInterval? {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// The answer handed over so far, if any.
    var response: HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        return answer
    }
}
