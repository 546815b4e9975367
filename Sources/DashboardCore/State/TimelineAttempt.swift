/// One HTTP attempt of a request in the retry timeline.
package struct TimelineAttempt: Sendable, Hashable {
    /// 1-based attempt number.
    package var number: Int
    /// Clock time the attempt started.
    package var start: Double
    /// HTTP status when answered.
    package var status: Int?
    /// Reason when there was no HTTP answer (timeout, connection refused…).
    package var error: String?
    /// Duration once finished; nil while running.
    package var duration: Double?
    /// Who wrote or changed the answer instead of the backend (`proxy`, from `X-OptoLink-Injected`); nil: the
    /// backend's.
    package var injectedBy: String?
    /// What was decided after it, when the row is not the SDK's own (a browser click's hop: `followed the 302
    /// redirect to …`); nil for the SDK's requests, whose decision the inspector derives from the retry policy.
    package var note: String?

    /// Creates an attempt.
    package init(number: Int, start: Double, status: Int? = nil, error: String? = nil, duration: Double? = nil) {
        self.number = number
        self.start = start
        self.status = status
        self.error = error
        self.duration = duration
    }

    /// True until a response or failure arrived.
    package var isRunning: Bool { duration == nil }
}
