import Foundation
package import OptoLinkClientCore

/// How many times a call is tried and how long the client waits in between: the settings of the clients'
/// one retry decision. It never sleeps: the client waits on its ``S2SClock``.
///
/// Retried, as every service this package talks to documents it: no HTTP answer (connection refused or
/// lost, host not found, the per-attempt timeout) and every 5xx (AppsFlyer's API documents 503 and 504
/// for an unavailable load balancer; a 500 or 502 from it is just as passing). Never retried: 400 and
/// every other 4xx (the request itself is wrong: sending it again cannot help), 2xx, cancellation,
/// malformed URLs. Retry `n` (1-based) waits `backoffBase × 2^(n−1)`, capped at `maxBackoff`; with the
/// defaults (base 0.5 s, cap 4 s, 2 retries):
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

    /// The defaults: 2 retries, 0.5 s doubling to at most 4 s.
    public static let `default` = S2SRetryPolicy()

    /// No retries: one attempt.
    public static let none = S2SRetryPolicy(maxRetries: 0)

    /// Creates a policy; negative and non-finite numbers are clamped to 0.
    public init(maxRetries: Int = 2, backoffBase: TimeInterval = 0.5, maxBackoff: TimeInterval = 4) {
        self.maxRetries = max(0, maxRetries)
        self.backoffBase = RetryRule.clamped(backoffBase)
        self.maxBackoff = RetryRule.clamped(maxBackoff)
    }

    /// The wait before retry `retry` (1-based): `backoffBase × 2^(retry−1)`, capped at ``maxBackoff``.
    public func delay(forRetry retry: Int) -> TimeInterval {
        rule.delay(forRetry: retry)
    }

    /// The decision after attempt number `attempt` (1-based) ended with `outcome`.
    package func decision(afterAttempt attempt: Int, outcome: AttemptOutcome) -> RetryDecision {
        rule.decision(afterAttempt: attempt, outcome: outcome)
    }

    /// The clients' shared retry decision with these settings.
    var rule: RetryRule {
        RetryRule(maxRetries: maxRetries, backoffBase: backoffBase, maxBackoff: maxBackoff)
    }
}
