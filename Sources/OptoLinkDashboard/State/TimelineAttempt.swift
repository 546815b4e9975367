/// One HTTP attempt of a request in the retry timeline.
public struct TimelineAttempt: Sendable, Hashable {
    /// 1-based attempt number.
    public var number: Int
    /// Clock time the attempt started.
    public var start: Double
    /// HTTP status when answered.
    public var status: Int?
    /// Reason when there was no HTTP answer (timeout, connection refused…).
    public var error: String?
    /// Duration once finished; nil while running.
    public var duration: Double?
    /// Who wrote or changed the answer instead of the backend (`proxy`, from `X-OptoLink-Injected`); nil: the backend's.
    public var injectedBy: String?
    /// What was decided after it, when the row is not the SDK's own (a browser click's hop: `followed the 302
    /// redirect to …`); nil for the SDK's requests, whose decision the inspector derives from the retry policy.
    public var note: String?

    /// Creates an attempt.
    public init(number: Int, start: Double, status: Int? = nil, error: String? = nil, duration: Double? = nil) {
        self.number = number
        self.start = start
        self.status = status
        self.error = error
        self.duration = duration
    }

    /// True until a response or failure arrived.
    public var isRunning: Bool { duration == nil }
}
