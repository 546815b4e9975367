/// How a request of the retry timeline ended.
package enum TimelineOutcome: Sendable, Hashable {
    /// Still running (or waiting).
    case pending
    /// Finished with an HTTP status after `attempts` attempts.
    case finished(status: Int?, attempts: Int)
    /// Retries exhausted.
    case gaveUp(attempts: Int, reason: String)
}
