import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decides whether a failed attempt is tried again and after how long. It never sleeps: the caller
/// waits on the injected ``OptoLinkClock``.
///
/// Retried: no HTTP answer (connection refused, lost, host not found, the attempt's deadline…) and 5xx.
/// Never retried by a request: any 4xx (429 included: the event queue, not the request, keeps 429'd
/// events), other statuses, cancellation, and malformed URLs. Retry `n` (1-based) waits
/// `backoffBase × 2^(n−1)`, capped at `maxBackoff`; with the defaults (base 1 s, cap 30 s, 2 retries):
///
/// | retry | 1   | 2   | 3   | 4   | 5    | 6    | 7+   |
/// |-------|-----|-----|-----|-----|------|------|------|
/// | wait  | 1 s | 2 s | 4 s | 8 s | 16 s | 30 s | 30 s |
///
/// so a request is attempted at most `maxRetries + 1` times (3 with the defaults).
///
/// - **Retry-After**: when the answer says how long to wait (a 503's `Retry-After`, seconds or an
///   HTTP-date), the wait is at least that, and still at most `maxBackoff`.
/// - **Jitter** (off by default, so the 1 s / 2 s / 4 s schedule stays exact): "full jitter", a wait
///   drawn uniformly between 0 and the capped backoff, so many devices that failed together do not come
///   back together. The draw comes from `random` (a value in `0..<1`), injectable for tests.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (default 2).
    public var maxRetries: Int
    /// The first wait (default 1 s).
    public var backoffBase: TimeInterval
    /// The longest wait (default 30 s).
    public var maxBackoff: TimeInterval
    /// Full jitter on the backoff (default false).
    public var jitter: Bool
    /// The jitter's draws, in `0..<1` (default the system generator). Not compared by `==`.
    public var random: @Sendable () -> Double
    /// Statuses besides 5xx that a request tries again (default none). QubeRoute's seed retries 429 as
    /// well ("retry on a 5xx or a 429, and give up on a 4xx"), so its configuration adds 429 here.
    public var alsoRetriedStatuses: Set<Int>

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

    /// Creates a policy. The numbers are kept as given, so a configuration factory can refuse a negative
    /// or non-finite one (``OptoLinkError/invalidConfiguration``); a policy used on its own counts a
    /// negative number as 0.
    ///
    /// - Parameters:
    ///   - maxRetries: retries after the first attempt, 0 or more (default 2).
    ///   - backoffBase: the first wait in seconds, 0 or more (default 1).
    ///   - maxBackoff: the longest wait in seconds, 0 or more (default 30).
    ///   - jitter: full jitter on the backoff (default false).
    ///   - alsoRetriedStatuses: statuses besides 5xx a request tries again (default none).
    ///   - random: the jitter's draws, in `0..<1` (default the system generator).
    public init(
        maxRetries: Int = 2, backoffBase: TimeInterval = 1, maxBackoff: TimeInterval = 30, jitter: Bool = false,
        alsoRetriedStatuses: Set<Int> = [],
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxRetries = maxRetries
        self.backoffBase = backoffBase
        self.maxBackoff = maxBackoff
        self.jitter = jitter
        self.alsoRetriedStatuses = alsoRetriedStatuses
        self.random = random
    }

    /// The decision after attempt number `attempt` (1-based) ended with `outcome`; `retryAfter` is the
    /// answer's `Retry-After` in seconds, if it gave one.
    public func decision(afterAttempt attempt: Int, outcome: Outcome, retryAfter: TimeInterval? = nil) -> Decision {
        Decision(rule.decision(afterAttempt: attempt, outcome: outcome.shared, retryAfter: retryAfter))
    }

    /// The wait before retry `retry` (1-based): `backoffBase × 2^(retry−1)`, capped at `maxBackoff`
    /// (with ``jitter``, a uniform draw below that).
    public func delay(forRetry retry: Int) -> TimeInterval {
        rule.delay(forRetry: retry)
    }

    /// ``delay(forRetry:)``, but at least `retryAfter` (the answer's `Retry-After`), and at most `maxBackoff`.
    public func delay(forRetry retry: Int, retryAfter: TimeInterval?) -> TimeInterval {
        rule.delay(forRetry: retry, retryAfter: retryAfter)
    }

    /// Whether an outcome is worth another attempt with this policy: ``isRetryable(_:)-swift.type.method``,
    /// or a status in ``alsoRetriedStatuses``.
    public func isRetryable(_ outcome: Outcome) -> Bool {
        rule.isRetryable(outcome.shared)
    }

    /// Whether an outcome is worth another attempt (see the type's documentation).
    public static func isRetryable(_ outcome: Outcome) -> Bool {
        RetryRule.isRetryable(outcome.shared)
    }

    /// The clients' shared retry decision with these settings.
    var rule: RetryRule {
        RetryRule(
            maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff,
            alsoRetriedStatuses: alsoRetriedStatuses, jitter: jitter ? random : nil)
    }

    /// Equal when every setting but the random source is.
    public static func == (lhs: RetryPolicy, rhs: RetryPolicy) -> Bool {
        lhs.maxRetries == rhs.maxRetries && lhs.backoffBase == rhs.backoffBase && lhs.maxBackoff == rhs.maxBackoff
            && lhs.jitter == rhs.jitter && lhs.alsoRetriedStatuses == rhs.alsoRetriedStatuses
    }

    /// Hashes every setting but the random source.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(maxRetries)
        hasher.combine(backoffBase)
        hasher.combine(maxBackoff)
        hasher.combine(jitter)
        hasher.combine(alsoRetriedStatuses)
    }
}

extension RetryPolicy.Outcome {
    /// The outcome as the shared decision reads it.
    var shared: AttemptOutcome {
        switch self {
        case .status(let status): .status(status)
        case .noAnswer(let error): .noAnswer(error)
        }
    }
}

extension RetryPolicy.Decision {
    /// The shared decision as the policy's public value.
    init(_ decision: RetryDecision) {
        switch decision {
        case .retry(let delay): self = .retry(after: delay)
        case .doNotRetry: self = .doNotRetry
        case .giveUp: self = .giveUp
        }
    }
}
