import Foundation
import OptoLinkS2S
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry policy: which failures, how long, how many")
struct S2SRetryPolicyTests {
    @Test func theDefaultScheduleIsTheDocumentedTable() {
        // Given the defaults
        let policy = S2SRetryPolicy.default

        // Then the waits are 0.5 s, 1 s, 2 s, 4 s, then 4 s, and two retries are allowed
        #expect((1...6).map(policy.delay(forRetry:)) == [0.5, 1, 2, 4, 4, 4])
        #expect(policy.maxRetries == 2)
        #expect(policy.decision(afterAttempt: 1, outcome: .status(503)) == .retry(after: 0.5))
        #expect(policy.decision(afterAttempt: 2, outcome: .status(504)) == .retry(after: 1))
        #expect(policy.decision(afterAttempt: 3, outcome: .status(503)) == .giveUp)
    }

    @Test func fourHundredsAndSuccessesAreNeverRetried() {
        // Given a policy with retries to spare
        let policy = S2SRetryPolicy(maxRetries: 9)

        // Then a 4xx (the request itself is wrong) and a 2xx are final, and a 503 is retried
        for status in [400, 401, 403, 404, 429, 200, 204] {
            #expect(policy.decision(afterAttempt: 1, outcome: .status(status)) == .doNotRetry, "\(status)")
        }
        #expect(policy.decision(afterAttempt: 1, outcome: .status(503)) == .retry(after: 0.5))
    }

    /// AppsFlyer's API documents 503 and 504; the clients' one rule retries every 5xx, as the OptoLink and
    /// QubeRoute documentation say ("5xx/network retried"): these statuses were final before and are
    /// retried now.
    @Test(arguments: Array(500...502) + Array(505...599))
    func everyServerErrorIsRetriedNotOnlyTheDocumentedOnes(status: Int) {
        // Given the defaults
        let policy = S2SRetryPolicy.default

        // When an attempt ends with this 5xx
        let decision = policy.decision(afterAttempt: 1, outcome: .status(status))

        // Then the call is tried again after the first wait
        #expect(decision == .retry(after: 0.5))
    }

    @Test func networkErrorsAreRetriedButCancellationAndBadURLsAreNot() {
        let policy = S2SRetryPolicy.default
        for code in [
            URLError.Code.cannotConnectToHost, .timedOut, .networkConnectionLost, .cannotFindHost,
            .notConnectedToInternet,
        ] {
            #expect(
                policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(code))) == .retry(after: 0.5), "\(code)")
        }
        for code in [URLError.Code.cancelled, .badURL, .unsupportedURL] {
            #expect(policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(code))) == .doNotRetry, "\(code)")
        }
        #expect(policy.decision(afterAttempt: 1, outcome: .noAnswer(CancellationError())) == .doNotRetry)
    }

    @Test func hugeRetryNumbersAndOddSettingsNeitherTrapNorGoNegative() {
        let policy = S2SRetryPolicy(maxRetries: -3, backoffBase: -1, maxBackoff: .infinity)
        #expect(policy.maxRetries == 0 && policy.backoffBase == 0 && policy.maxBackoff == 0)
        #expect(S2SRetryPolicy.default.delay(forRetry: Int.max) == 4)
        #expect(S2SRetryPolicy.default.delay(forRetry: 0) == 0.5)
        #expect(S2SRetryPolicy(maxRetries: 100, backoffBase: 1, maxBackoff: 1e300).delay(forRetry: 10_000).isFinite)
        #expect(S2SRetryPolicy.none.decision(afterAttempt: 1, outcome: .status(503)) == .giveUp)
    }
}
