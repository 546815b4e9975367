import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry policy and the retry table")
struct RetryTests {
    @Test func policyDelaysDoubleFromTheBaseAndAreCapped() {
        let policy = RetryPolicy(maxRetries: 10, backoffBase: 1, maxBackoff: 30)
        #expect((1...7).map(policy.delay(forRetry:)) == [1, 2, 4, 8, 16, 30, 30])
        #expect(policy.delay(forRetry: 10_000) == 30)
        #expect(RetryPolicy(maxRetries: 2, backoffBase: 0.5, maxBackoff: 30).delay(forRetry: 3) == 2)
    }

    @Test func policyRetriesOnlyNetworkErrorsAnd5xx() {
        let policy = RetryPolicy()
        #expect(policy.decision(afterAttempt: 1, outcome: .status(503)) == .retry(after: 1))
        #expect(policy.decision(afterAttempt: 2, outcome: .status(500)) == .retry(after: 2))
        #expect(policy.decision(afterAttempt: 3, outcome: .status(503)) == .giveUp)
        #expect(policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(.timedOut))) == .retry(after: 1))
        #expect(
            policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(.cannotConnectToHost))) == .retry(after: 1))
        #expect(
            policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(.networkConnectionLost))) == .retry(after: 1))
        for status in [200, 204, 301, 400, 401, 403, 404, 409, 422, 429, 499] {
            #expect(policy.decision(afterAttempt: 1, outcome: .status(status)) == .doNotRetry, "\(status)")
        }
        #expect(policy.decision(afterAttempt: 1, outcome: .noAnswer(URLError(.cancelled))) == .doNotRetry)
        #expect(policy.decision(afterAttempt: 1, outcome: .noAnswer(CancellationError())) == .doNotRetry)
        #expect(RetryPolicy(maxRetries: 0).decision(afterAttempt: 1, outcome: .status(503)) == .giveUp)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var answers: [ScriptedTransport.Answer]
        var attempts: Int
        var waits: [TimeInterval]
        var succeeds: Bool
        var gaveUp: Bool = false
        var testDescription: String { name }
    }

    static let table: [Row] = [
        Row(
            name: "503, 503, 200",
            answers: [
                .response(status: 503, json: "{}"), .response(status: 503, json: "{}"),
                .response(status: 200, json: Fixtures.noMatchJSON),
            ],
            attempts: 3, waits: [1, 2], succeeds: true),
        Row(
            name: "400", answers: [.response(status: 400, json: #"{"message":"bad"}"#)], attempts: 1, waits: [],
            succeeds: false),
        Row(
            name: "429 on match",
            answers: [
                .response(status: 429, json: #"{"message":"Retry after 7 second(s)"}"#, headers: ["Retry-After": "7"])
            ],
            attempts: 1, waits: [], succeeds: false),
        Row(
            name: "timeout, 200",
            answers: [.failure(URLError(.timedOut)), .response(status: 200, json: Fixtures.noMatchJSON)],
            attempts: 2, waits: [1], succeeds: true),
        Row(
            name: "connection refused, 200",
            answers: [.failure(URLError(.cannotConnectToHost)), .response(status: 200, json: Fixtures.noMatchJSON)],
            attempts: 2, waits: [1], succeeds: true),
        Row(
            name: "500, 502, 503: gives up",
            answers: [
                .response(status: 500, json: "{}"), .response(status: 502, body: Data("<html>".utf8)),
                .response(status: 503, json: "{}"),
            ],
            attempts: 3, waits: [1, 2], succeeds: false, gaveUp: true),
        Row(
            name: "refused ×3: gives up", answers: Array(repeating: .failure(URLError(.cannotConnectToHost)), count: 3),
            attempts: 3, waits: [1, 2], succeeds: false, gaveUp: true),
    ]

    @Test(arguments: table)
    func retryTable(_ row: Row) async throws {
        // Given a match request against a scripted backend
        let clock = ManualClock()
        let transport = ScriptedTransport(row.answers, fallback: .response(status: 418, json: "{}"))
        let diagnostics = Recorder<Diagnostic>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: clock, diagnostics: diagnostics.record
        )
        let driver = autoAdvance(clock, by: 1)
        defer { driver.cancel() }

        // When it runs
        let result: Result<OptoLinkData?, OptoLinkError>
        do {
            result = .success(
                try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint))
        } catch {
            result = .failure(error)
        }

        // Then the attempts, waits and diagnostics follow the table
        #expect(await transport.requests.count == row.attempts)
        #expect(clock.requestedSleeps == row.waits)
        if case .success = result { #expect(row.succeeds) } else { #expect(!row.succeeds) }
        let kinds = diagnostics.all.map(\.kind)
        let started = kinds.filter { if case .requestStarted = $0 { return true } else { return false } }
        #expect(started.count == row.attempts)
        let scheduled = kinds.compactMap { kind -> TimeInterval? in
            if case .retryScheduled(_, _, _, let delay) = kind { return delay } else { return nil }
        }
        #expect(scheduled == row.waits)
        let gaveUp = kinds.contains { if case .gaveUp = $0 { return true } else { return false } }
        #expect(gaveUp == row.gaveUp)
        let finished = kinds.filter { if case .requestFinished = $0 { return true } else { return false } }
        #expect(finished.count == 1)
        if case .requestFinished(_, .match, let attempts, _)? = kinds.last {
            #expect(attempts == row.attempts)
        } else {
            Issue.record("the last diagnostic must be requestFinished, got \(String(describing: kinds.last))")
        }
    }

    @Test func waitsGoThroughTheInjectedClockOnly() async throws {
        // Given two 503s: the request must be waiting on the manual clock, not on real time
        let clock = ManualClock()
        let transport = ScriptedTransport([
            .response(status: 503, json: "{}"), .response(status: 503, json: "{}"),
            .response(status: 200, json: Fixtures.noMatchJSON),
        ])
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: clock)
        let task = Task {
            try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        }

        await clock.waitForSleepers(1)
        #expect(await transport.requests.count == 1)
        await clock.advance(by: 0.5)
        #expect(clock.sleeperCount == 1)
        #expect(await transport.requests.count == 1)
        await clock.advance(by: 0.5)
        await clock.waitForSleepers(1)
        #expect(await transport.requests.count == 2)
        #expect(clock.requestedSleeps == [1, 2])
        await clock.advance(by: 2)
        #expect(try await task.value == nil)
        #expect(await transport.requests.count == 3)
    }

    @Test func cancellationDuringAWaitEndsTheRequestWithOneFinish() async throws {
        let clock = ManualClock()
        let diagnostics = Recorder<Diagnostic>()
        let transport = ScriptedTransport([.response(status: 503, json: "{}")])
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: clock, diagnostics: diagnostics.record
        )
        let task = Task { try await api.registerSession(deviceId: "device-1234", fingerprint: nil) }
        await clock.waitForSleepers(1)
        task.cancel()
        let outcome = await task.result
        #expect(throws: OptoLinkError.cancelled) { try outcome.get() }
        let finished = diagnostics.all.filter {
            if case .requestFinished = $0.kind { return true } else { return false }
        }
        #expect(finished.count == 1)
    }

    @Test func durationsAreMeasuredOnTheClock() async throws {
        let clock = ManualClock(start: 100)
        let diagnostics = Recorder<Diagnostic>()
        let transport = ScriptedTransport([.response(status: 200, json: Fixtures.okJSON)])
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: clock, diagnostics: diagnostics.record
        )
        try await api.sendEvent(name: "x", properties: nil, deviceId: "device-1234")
        #expect(diagnostics.all.first?.time == 100)
        #expect(
            diagnostics.all.contains {
                $0.kind == .responseReceived(requestID: 1, endpoint: .events, attempt: 1, status: 200, duration: 0)
            })
    }
}
