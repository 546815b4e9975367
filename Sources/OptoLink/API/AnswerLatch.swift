import Foundation

/// Makes the handling of one attempt's answer run exactly once, whether it starts early, from the
/// transport's callback (``HTTPTransport/send(_:onAnswer:)``), or after the call returned.
///
/// `@unchecked Sendable` is safe: `answer` is only touched while `lock` is held.
final class AnswerLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: HTTPResponse?

    /// Records `response` as the attempt's answer; true the first time only.
    func claim(_ response: HTTPResponse) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard answer == nil else { return false }
        answer = response
        return true
    }

    /// The answer handed over so far, if any.
    var response: HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        return answer
    }
}
