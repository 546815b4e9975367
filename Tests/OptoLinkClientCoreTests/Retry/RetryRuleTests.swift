import Foundation
import OptoLinkClientCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry rule: the one decision both clients make")
struct RetryRuleTests {
    /// An error of a client's own that says whether it means "no answer".
    struct OwnError: RetryClassifiedError {
        let isNoAnswer: Bool
    }

    static let rule = RetryRule(maxRetries: 2, backoffBase: 1, maxBackoff: 30)

    @Test(arguments: 500...599)
    func everyServerErrorIsRetried(status: Int) {
        // Given the rule, when an attempt ends with a 5xx
        let decision = Self.rule.decision(afterAttempt: 1, outcome: .status(status))

        // Then it is tried again after the first wait
        #expect(decision == .retry(after: 1))
    }

    @Test(arguments: [200, 204, 301, 400, 401, 403, 404, 409, 422, 429, 499])
    func otherStatusesAreFinal(status: Int) {
        #expect(Self.rule.decision(afterAttempt: 1, outcome: .status(status)) == .doNotRetry)
    }

    @Test func aServiceCanAddStatusesBesidesServerErrors() {
        // Given QubeRoute's rule: 429 too
        var rule = Self.rule
        rule.alsoRetriedStatuses = [429]

        // Then 429 is retried, other 4xx still are not, 5xx still are
        #expect(rule.decision(afterAttempt: 1, outcome: .status(429)) == .retry(after: 1))
        #expect(rule.decision(afterAttempt: 1, outcome: .status(400)) == .doNotRetry)
        #expect(rule.decision(afterAttempt: 1, outcome: .status(502)) == .retry(after: 1))
    }

    @Test func noAnswerIsRetriedUnlessAnotherAttemptCannotHelp() {
        for code in [URLError.Code.timedOut, .cannotConnectToHost, .networkConnectionLost, .cannotFindHost] {
            #expect(RetryRule.isRetryable(.noAnswer(URLError(code))), "\(code)")
        }
        for code in [URLError.Code.cancelled, .badURL, .unsupportedURL, .userCancelledAuthentication] {
            #expect(!RetryRule.isRetryable(.noAnswer(URLError(code))), "\(code)")
        }
        #expect(!RetryRule.isRetryable(.noAnswer(CancellationError())))
        #expect(RetryRule.isRetryable(.noAnswer(OwnError(isNoAnswer: true))))
        #expect(!RetryRule.isRetryable(.noAnswer(OwnError(isNoAnswer: false))))
    }

    @Test func theWaitsDoubleUpToTheCapAndTheRetriesRunOut() {
        // Given base 1 s, cap 30 s
        let rule = Self.rule

        // Then the documented table, and a give-up once maxRetries retries are used
        #expect((1...8).map(rule.delay(forRetry:)) == [1, 2, 4, 8, 16, 30, 30, 30])
        #expect(rule.delay(forRetry: Int.max) == 30)
        #expect(rule.decision(afterAttempt: 2, outcome: .status(503)) == .retry(after: 2))
        #expect(rule.decision(afterAttempt: 3, outcome: .status(503)) == .giveUp)
        #expect(rule.decision(afterAttempt: 3, outcome: .status(404)) == .doNotRetry)
    }

    @Test func retryAfterRaisesTheWaitButNeverPastTheCap() {
        #expect(Self.rule.decision(afterAttempt: 1, outcome: .status(503), retryAfter: 7) == .retry(after: 7))
        #expect(Self.rule.decision(afterAttempt: 1, outcome: .status(503), retryAfter: 0.5) == .retry(after: 1))
        #expect(Self.rule.decision(afterAttempt: 1, outcome: .status(503), retryAfter: 3600) == .retry(after: 30))
    }

    @Test func jitterDrawsBelowTheCappedBackoff() {
        // Given draws of a quarter, and out-of-range draws
        var rule = Self.rule
        rule.jitter = { 0.25 }
        var wild = Self.rule
        wild.jitter = { .nan }

        // Then the wait is that share of the capped backoff, and a bad draw waits nothing
        #expect(rule.delay(forRetry: 3) == 1)
        #expect(rule.delay(forRetry: 10) == 7.5)
        #expect(wild.delay(forRetry: 3) == 0)
    }

    @Test func secondsSettingsAreClampedToFiniteNonNegativeNumbers() {
        #expect(RetryRule.clamped(-1) == 0)
        #expect(RetryRule.clamped(.infinity) == 0)
        #expect(RetryRule.clamped(.nan) == 0)
        #expect(RetryRule.clamped(2.5) == 2.5)
    }
}
