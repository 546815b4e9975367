import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one retry decision of every client in this package: which outcomes are tried again, and after
/// how long. It never sleeps: the caller waits on its own clock.
///
/// Retried, as every service's documentation says ("5xx/network retried", "retry on a 5xx or a 429, and
/// give up on a 4xx"): no HTTP answer (connection refused or lost, host not found, the attempt's
/// deadline…) and every 5xx, plus the statuses in ``alsoRetriedStatuses`` a service adds (QubeRoute's
/// 429). Never retried: any other status (a 4xx means the request itself is wrong), cancellation,
/// malformed URLs. Retry `n` (1-based) waits `backoffBase × 2^(n−1)`, capped at `maxBackoff`; with base
/// 1 s and cap 30 s:
///
/// | retry | 1   | 2   | 3   | 4   | 5    | 6    | 7+   |
/// |-------|-----|-----|-----|-----|------|------|------|
/// | wait  | 1 s | 2 s | 4 s | 8 s | 16 s | 30 s | 30 s |
///
/// so a request is attempted at most `maxRetries + 1` times. An answer's `Retry-After` raises the wait to
/// at least that, still at most `maxBackoff`. With ``jitter`` ("full jitter"), the wait is a uniform draw
/// below the capped backoff, so many clients that failed together do not come back together.
package struct RetryRule: Sendable {
    /// Retries after the first attempt.
    package var maxRetries: Int
    /// The first wait, in seconds.
    package var backoffBase: TimeInterval
    /// The longest wait, in seconds.
    package var maxBackoff: TimeInterval
    /// Statuses besides 5xx that are tried again.
    package var alsoRetriedStatuses: Set<Int>
    /// Full jitter's draws, each in `0..<1`; nil for the exact schedule.
    package var jitter: (@Sendable () -> Double)?

    /// Creates a rule from settings that are already valid (see ``clamped(_:)`` for seconds).
    package init(
        maxRetries: Int, backoffBase: TimeInterval, maxBackoff: TimeInterval, alsoRetriedStatuses: Set<Int> = [],
        jitter: (@Sendable () -> Double)? = nil
    ) {
        self.maxRetries = maxRetries
        self.backoffBase = backoffBase
        self.maxBackoff = maxBackoff
        self.alsoRetriedStatuses = alsoRetriedStatuses
        self.jitter = jitter
    }

    /// A setting in seconds made safe: negative and non-finite numbers become 0.
    package static func clamped(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isFinite ? max(0, seconds) : 0
    }

    /// The decision after attempt number `attempt` (1-based) ended with `outcome`; `retryAfter` is the
    /// answer's `Retry-After` in seconds, if it gave one.
    package func decision(
        afterAttempt attempt: Int, outcome: AttemptOutcome, retryAfter: TimeInterval? = nil
    ) -> RetryDecision {
        guard isRetryable(outcome) else { return .doNotRetry }
        guard attempt <= maxRetries else { return .giveUp }
        return .retry(after: delay(forRetry: attempt, retryAfter: retryAfter))
    }

    /// The wait before retry `retry` (1-based): `backoffBase × 2^(retry−1)`, capped at `maxBackoff` (with
    /// ``jitter``, a uniform draw below that).
    package func delay(forRetry retry: Int) -> TimeInterval {
        let exponent = Double(min(max(retry - 1, 0), 60))  // capped before scaling: 2^60 s is already "forever"
        let capped = min(maxBackoff, backoffBase * pow(2, exponent))
        guard let jitter else { return capped }
        let draw = jitter()
        return capped * (draw.isFinite ? min(max(draw, 0), 1) : 0)
    }

    /// ``delay(forRetry:)``, but at least `retryAfter` (the answer's `Retry-After`), and at most `maxBackoff`.
    package func delay(forRetry retry: Int, retryAfter: TimeInterval?) -> TimeInterval {
        min(maxBackoff, max(delay(forRetry: retry), retryAfter ?? 0))
    }

    /// Whether `outcome` is worth another attempt under this rule: ``isRetryable(_:alsoRetried:)`` with
    /// ``alsoRetriedStatuses``.
    package func isRetryable(_ outcome: AttemptOutcome) -> Bool {
        Self.isRetryable(outcome, alsoRetried: alsoRetriedStatuses)
    }

    /// Whether `outcome` is worth another attempt: a 5xx or a status in `alsoRetried`, or no answer for
    /// a reason another attempt can change (see the type's documentation).
    package static func isRetryable(_ outcome: AttemptOutcome, alsoRetried: Set<Int> = []) -> Bool {
        switch outcome {
        case .status(let status):
            return (500...599).contains(status) || alsoRetried.contains(status)
        case .noAnswer(let error):
            if error is CancellationError { return false }
            if let own = error as? any RetryClassifiedError { return own.isNoAnswer }
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
