import Foundation
import OptoLink
import Testing

@testable import DashboardCore

@Suite("ExchangeLog correlation and masking")
struct ExchangeLogTests {
    static func record(_ sequence: Int, _ path: String, start: Double, end: Double, status: Int?, body: String = "{}")
        -> TransportRecord
    {
        let url = URL(string: "http://127.0.0.1:1\(path)")!
        return TransportRecord(
            sequence: sequence,
            request: HTTPRequest(
                method: "POST", url: url, headers: ["X-API-Key": "opl_sdk_secret_1"],
                body: Data(body.utf8), timeout: 10),
            response: status.map { HTTPResponse(status: $0) }, error: status == nil ? "URLError -1004" : nil,
            start: start, end: end, startedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func concurrentRequestsAreToldApartByPathOutcomeAndTimesNotByOrder() {
        // Given: two requests to different endpoints and two to the same one, started in one order and
        // finished in another (the transport's order differs from the diagnostics' order)
        let records = [
            Self.record(1, "/sdk/events", start: 10.000_2, end: 10.050, status: 200),
            Self.record(2, "/sdk/identity", start: 10.000_1, end: 10.020, status: 200),
            Self.record(3, "/sdk/events", start: 10.000_3, end: 10.030, status: 503),
            Self.record(4, "/sdk/events", start: 10.000_4, end: 10.031, status: 503, body: "{\"b\":1}"),
        ]
        // When each attempt the diagnostics describe is matched
        let identity = ExchangeLog.Attempt(endpoint: "identity", start: 10.0001, end: 10.020, status: 200)
        let eventsOK = ExchangeLog.Attempt(endpoint: "events", start: 10.0002, end: 10.050, status: 200)
        let events503 = ExchangeLog.Attempt(endpoint: "events", start: 10.0003, end: 10.030, status: 503)
        let retryOfB = ExchangeLog.Attempt(
            endpoint: "events", start: 10.0003, end: 10.030, status: 503,
            identity: records[3].identity)
        // Then each gets its own call
        #expect(ExchangeLog.best(for: identity, among: records) == 1)
        #expect(ExchangeLog.best(for: eventsOK, among: records) == 0)
        #expect(ExchangeLog.best(for: events503, among: records) == 2)
        // A retry goes to the call with its request's method, URL and body even when the times say otherwise.
        #expect(ExchangeLog.best(for: retryOfB, among: records) == 3)
        // An outcome no call had finds nothing.
        #expect(
            ExchangeLog.best(
                for: ExchangeLog.Attempt(endpoint: "events", start: 10, end: 10, status: 429), among: records) == nil)
    }

    @Test func withEqualTimesTheOldestFittingCallWins() {
        // Given a manual clock: every time is the same
        let records = [
            Self.record(1, "/match", start: 5, end: 5, status: 503),
            Self.record(2, "/match", start: 5, end: 5, status: 503),
        ]
        #expect(
            ExchangeLog.best(for: ExchangeLog.Attempt(endpoint: "match", start: 5, end: 5, status: 503), among: records)
                == 0)
    }

    @Test func aClaimRemovesTheCallAndTheLogIsBounded() {
        let log = ExchangeLog()
        for index in 0..<(ExchangeLog.pendingLimit + 10) {
            log.finish(Self.record(index, "/sdk/events", start: Double(index), end: Double(index) + 0.01, status: 200))
        }
        #expect(log.unclaimed.count == ExchangeLog.pendingLimit)
        #expect(log.unclaimed.first?.sequence == 10)
        let claimed = log.claim(ExchangeLog.Attempt(endpoint: "events", start: 20, end: 20.01, status: 200))
        #expect(claimed?.sequence == 20)
        #expect(log.unclaimed.count == ExchangeLog.pendingLimit - 1)
    }

    @Test func apiKeysAreMaskedToTheirPrefix() {
        #expect(SecretMask.header("X-API-Key", "opl_sdk_demo_client_key_0000000001") == "opl_sdk_…")
        #expect(SecretMask.header("Authorization", "Bearer opl_sdk_demo_client_key_0000000001") == "Bearer opl_sdk_…")
        #expect(SecretMask.header("authorization", "Bearer opl_api_demo_server_key") == "Bearer opl_api_…")
        #expect(SecretMask.header("Cookie", "session=abcdef") == "sess…")
        #expect(SecretMask.header("X-Forwarded-For", "203.0.113.7") == "203.0.113.7")
        let exchange = Self.record(1, "/match", start: 0, end: 1, status: 200).exchange(
            requestID: 3, attempt: 1, endpoint: "match")
        #expect(exchange.requestHeader("x-api-key") == "opl_sdk_…")
    }

    @Test func theOtherServicesKeysAreMaskedToo() {
        // Deep Blue's Api-Key header and QubeRoute's Bearer key never reach the inspector or a HAR in clear.
        #expect(SecretMask.header("Api-Key", "dbl_sandbox_demo_key_000000001") == "dbl_…")
        #expect(SecretMask.header("Authorization", "Bearer qr_live_demo_publishable_key_0001") == "Bearer qr_l…")
    }

    @Test func bodiesPastTheLimitAreCutAndCounted() {
        let body = HTTPExchange.Body(Data(repeating: UInt8(ascii: "x"), count: HTTPExchange.bodyLimit + 100))
        #expect(
            body.isTruncated && body.byteCount == HTTPExchange.bodyLimit + 100
                && body.text.count == HTTPExchange.bodyLimit)
    }

    @Test func jsonIsPrettyPrintedInItsOwnKeyOrder() {
        let lines = JSONPretty.lines(#"{"z":1,"a":{"s":"x,{y}","e":[]},"n":[1,2]}"#)
        #expect(
            lines == [
                "{", "  \"z\": 1,", "  \"a\": {", "    \"s\": \"x,{y}\",", "    \"e\": []", "  },", "  \"n\": [",
                "    1,", "    2", "  ]", "}",
            ])
        #expect(JSONPretty.lines("<html>\n</html>") == ["<html>", "</html>"])
    }
}
