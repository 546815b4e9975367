import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides whether a failed attempt is tried again and after how long. It never sleeps: the client
/// waits on its ``S2SClock``.
///
/// Retried: no HTTP answer (connection refused or lost, host not found, the per-attempt timeout) and the
/// statuses in ``retryableStatuses`` (default 503 and 504, the ones AppsFlyer's API documents for an
/// unavailable load balancer). Never retried: 400 and every other 4xx (the request itself is wrong:
/// sending it again cannot help), 2xx, cancellation, malformed URLs. Retry `n` (1-based) waits
/// `backoffBase × 2^(n−1)`, capped at `maxBackoff`; with the defaults (base 0.5 s, cap 4 s, 2 retries):
///
/// | retry | 1     | 2   | 3   | 4   | 5+  |
/// |-------|-------|-----|-----|-----|-----|
/// | wait  | 0.5 s | 1 s | 2 s | 4 s | 4 s |
///
/// so a call makes at most `maxRetries + 1` attempts (3 with the defaults) and, with the default 3 s
/// per-attempt timeout, gives up after at most 3 × 3 + 0.5 + 1 = 10.5 s. The defaults suit a backend
/// answering an app at launch, where a user is waiting; raise them for batch work.
public struct S2SRetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (default 2; 0 disables retries).
    public var maxRetries: Int
    /// The first wait, in seconds (default 0.5).
    public var backoffBase: TimeInterval
    /// The longest wait, in seconds (default 4).
    public var maxBackoff: TimeInterval
    /// The HTTP statuses tried again (default 503 and 504). Only 5xx statuses count: a 4xx listed here
    /// is ignored, so 400 is never retried.
    public var retryableStatuses: Set<Int>

    /// The defaults: 2 retries, 0.5 s doubling to at most 4 s, on 503 and 504.
    public static let `default` = S2SRetryPolicy()

    /// No retries: one attempt.
    public static let none = S2SRetryPolicy(maxRetries: 0)

    /// Creates a policy; negative and non-finite numbers are clamped to 0.
    public init(
        maxRetries: Int = 2, backoffBase: TimeInterval = 0.5, maxBackoff: TimeInterval = 4,
        retryableStatuses: Set<Int> = [503, 504]
    ) {
        self.maxRetries = max(0, maxRetries)
        self.backoffBase = backoffBase.isFinite ? max(0, backoffBase) : 0
        self.maxBackoff = maxBackoff.isFinite ? max(0, maxBackoff) : 0
        self.retryableStatuses = retryableStatuses
    }

    /// How an attempt ended.
    public enum Outcome: Sendable {
        /// An HTTP answer with this status.
        case status(Int)
        /// No HTTP answer: the transport threw this, or the attempt timed out.
        case noAnswer(any Error)
    }

    /// What to do after an attempt.
    public enum Decision: Sendable, Hashable {
        /// Wait this many seconds, then try again.
        case retry(after: TimeInterval)
        /// Stop: the outcome is final (success, 400, cancellation…).
        case doNotRetry
        /// Stop: the outcome was retryable but the ``maxRetries`` retries are used up.
        case giveUp
    }

    /// The decision after attempt number `attempt` (1-based) ended with `outcome`.
    public func decision(afterAttempt attempt: Int, outcome: Outcome) -> Decision {
        guard isRetryable(outcome) else { return .doNotRetry }
        guard attempt <= maxRetries else { return .giveUp }
        return .retry(after: delay(forRetry: attempt))
    }

    /// The wait before retry `retry` (1-based): `backoffBase × 2^(retry−1)`, capped at ``maxBackoff``.
    public func delay(forRetry retry: Int) -> TimeInterval {
        let exponent = Double(min(max(retry - 1, 0), 60))  // capped before scaling: 2^60 s is already "forever"
        return min(maxBackoff, backoffBase * pow(2, exponent))
    }

    /// Whether an outcome is worth another attempt (see the type's documentation).
    public func isRetryable(_ outcome: Outcome) -> Bool {
        switch outcome {
        case .status(let status):
            return (500...599).contains(status) && retryableStatuses.contains(status)
        case .noAnswer(let error):
            if error is CancellationError { return false }
            if let own = error as? OptoLinkS2SError { return own.isNoAnswer }
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
