/// What a call is doing, as it happens: for logs, metrics, or a dashboard that shows attempts and waits.
///
/// Given to the `onEvent` closure of ``AppsFlyerS2SClient/init(appID:devKey:configuration:transport:clock:onEvent:)``,
/// on the calling task, in order.
public enum S2SEvent: Sendable {
    /// Attempt `attempt` (1-based) is being sent.
    case attemptStarted(attempt: Int)
    /// Attempt `attempt` got an HTTP answer with this status.
    case answered(attempt: Int, status: Int)
    /// Attempt `attempt` got no HTTP answer (network error, or the per-attempt timeout).
    case noAnswer(attempt: Int, error: OptoLinkS2SError)
    /// Attempt `attempt` failed in a retryable way; the next starts after `seconds`.
    case retryScheduled(attempt: Int, seconds: Double)
}
