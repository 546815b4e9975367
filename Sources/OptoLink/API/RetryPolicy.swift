import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides whether a failed attempt is tried again and after how long. It never sleeps: the caller
/// waits on the injected ``OptoLinkClock``.
///
/// Retried: no HTTP answer (connection refused, lost, host not found, timeout…) and 5xx. Never retried:
/// any 4xx (429 included: the event queue, not the request, keeps 429'd events), other statuses,
/// cancellation, and malformed URLs. Retry `n` (1-based) waits `backoffBase × 2^(n−1)`, capped at
/// `maxBackoff`; with the defaults (base 1 s, cap 30 s, 2 retries):
///
/// | retry | 1   | 2   | 3   | 4   | 5    | 6    | 7+   |
/// |-------|-----|-----|-----|-----|------|------|------|
/// | wait  | 1 s | 2 s | 4 s | 8 s | 16 s | 30 s | 30 s |
///
/// so a request is attempted at most `maxRetries + 1` times (3 with the defaults).
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (default 2).
    public var maxRetries: Int
    /// The first wait (default 1 s).
    public var backoffBase: TimeInterval
    /// The longest wait (default 30 s).
    public var maxBackoff: TimeInterval

    /// How an attempt ended.
    public enum Outcome: Sendable {
        /// An HTTP answer with this status.
        case status(Int)
        /// No HTTP answer; the transport threw this.
        case noAnswer(any Error)
    }

    /// What to do next.
    public enum Decision: Sendable, Hashable {
        /// Wait this many seconds, then try again.
        case retry(after: TimeInterval)
        /// Stop: the outcome is final (success, 4xx, cancellation…).
        case doNotRetry
        /// Stop: the outcome was retryable but `maxRetries` retries are used up.
        case giveUp
    }

    /// Creates a policy.
    public init(maxRetries: Int = 2, backoffBase: TimeInterval = 1, maxBackoff: TimeInterval = 30) {
        self.maxRetries = max(0, maxRetries)
        self.backoffBase = max(0, backoffBase)
        self.maxBackoff = max(0, maxBackoff)
    }

    /// The decision after attempt number `attempt` (1-based) ended with `outcome`.
    public func decision(afterAttempt attempt: Int, outcome: Outcome) -> Decision {
        guard Self.isRetryable(outcome) else { return .doNotRetry }
        guard attempt <= maxRetries else { return .giveUp }
        return .retry(after: delay(forRetry: attempt))
    }

    /// The wait before retry `retry` (1-based): `backoffBase × 2^(retry−1)`, capped at `maxBackoff`.
    public func delay(forRetry retry: Int) -> TimeInterval {
        let exponent = Double(min(max(retry - 1, 0), 60))  // capped before scaling: 2^60 s is already "forever"
        return min(maxBackoff, backoffBase * pow(2, exponent))
    }

    /// Whether an outcome is worth another attempt (see the type's documentation).
    public static func isRetryable(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .status(let status):
            return (500...599).contains(status)
        case .noAnswer(let error):
            if error is CancellationError { return false }
            if let urlError = error as? URLError {
                switch urlError.code {
                case .cancelled, .badURL, .unsupportedURL, .userCancelledAuthentication: return false
                default: return true
                }
            }
            return true
        }
    }
}
