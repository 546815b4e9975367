import Foundation

/// What a client does after an attempt: wait and try again, or stop.
package enum RetryDecision: Sendable, Hashable {
    /// Wait this many seconds, then try again.
    case retry(after: TimeInterval)
    /// Stop: the outcome is final (success, a 4xx, cancellation…).
    case doNotRetry
    /// Stop: the outcome was retryable but the retries are used up.
    case giveUp
}
