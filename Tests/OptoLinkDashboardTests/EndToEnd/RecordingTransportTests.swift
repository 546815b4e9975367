import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore

/// A simulated device on a scripted network (real clock: the SDK's waits are real, so this lives in EndToEnd):
/// every attempt's exchange is tied to the SDK's request id and attempt, concurrent requests included, and
/// the SDK's requests are sent unchanged.
@Suite("Recording transport (simulated device, scripted network)")
struct RecordingTransportTests {
    /// Answers by path: /match 503 once then a match; /sdk/* 200.
    final class Network: @unchecked Sendable {
        private let lock = NSLock()
        private var matches = 0
        func answer(_ request: HTTPRequest) -> HTTPResponse {
            let path = request.url.path
            if path.hasSuffix("/match") {
                lock.lock()
                matches += 1
                let count = matches
                lock.unlock()
                if count == 1 {
                    return HTTPResponse(
                        status: 503, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"message":"busy"}"#.utf8))
                }
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"matched":false}"#.utf8))
            }
            if path.hasSuffix("/sdk/session") {
                return HTTPResponse(
                    status: 200,
                    body: Data(
                        (#"{"ok":true,"deviceId":"d","firstSeenAt":"2026-01-01T00:00:00Z","#
                            + #""lastSeenAt":"2026-01-01T00:00:00Z"}"#)
                            .utf8))
            }
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"ok":true}"#.utf8))
        }
    }

    @Test func everyAttemptIsRecordedUnderItsRequestIdEvenWhenRequestsOverlap() async throws {
        // Given a device whose network answers /match 503 then 200, with a short backoff
        let actions = ActionSink()
        let network = Network()
        let scripted = ScriptedTransport { request in
            try await Task.sleep(nanoseconds: request.url.path.hasSuffix("/events") ? 30_000_000 : 5_000_000)
            return network.answer(request)
        }
        let target = BackendTarget(baseURL: URL(string: "http://127.0.0.1:9")!)
        let device = SimulatedDevice(
            settings: DeviceSettings(target: target, backoffBase: 0.05),
            observer: { _, record in
                if let exchange = record.exchange { actions.emit(.exchangeRecorded(exchange)) }
                actions.emit(.diagnostic(record.event, time: record.time))
            }, network: scripted)

        // When it launches (the /match is retried), then tracks events and binds an identity at the same time
        try await device.installAndLaunch()
        _ = await device.resolveDeferredLink()
        #expect(await device.recorder.wait(timeout: 10) { $0.requests(to: .match).first?.isFinished == true })
        async let event1 = device.trackEvent("a", properties: ["n": .number(1)])
        async let identity = device.setIdentity("user-9")
        async let event2 = device.trackEvent("b", properties: ["n": .number(2)])
        _ = try await (event1, identity, event2)
        #expect(
            await device.recorder.wait(timeout: 10) { recorder in
                recorder.requests.filter { $0.endpoint == .events || $0.endpoint == .identity }.count >= 2
                    && recorder.requests.allSatisfy(\.isFinished)
            })
        await device.stopSDK()

        // Then every attempt the diagnostics report has exactly one exchange, on its own endpoint's path,
        // with the attempt's status
        let traces = device.recorder.requests
        let exchanges = actions.actions.compactMap { action -> HTTPExchange? in
            if case .exchangeRecorded(let exchange) = action { return exchange }
            return nil
        }
        var state = DashboardState()
        for action in actions.actions { DashboardReducer.reduce(&state, action) }
        for trace in traces {
            for attempt in trace.attempts {
                let matching = exchanges.filter { $0.requestID == trace.requestID && $0.attempt == attempt.number }
                #expect(
                    matching.count == 1,
                    "request \(trace.requestID) attempt \(attempt.number): \(matching.count) exchanges")
                #expect(
                    matching.first?.url.hasSuffix("/" + trace.endpoint.rawValue) == true,
                    "\(matching.first?.url ?? "-")")
                #expect(matching.first?.status == attempt.status)
            }
        }
        let match = try #require(traces.first { $0.endpoint == .match })
        let attempts = exchanges.filter { $0.requestID == match.requestID }.sorted { $0.attempt < $1.attempt }
        #expect(attempts.map(\.status) == [503, 200])
        #expect(
            attempts.map { $0.requestBody?.text } == [attempts[0].requestBody?.text, attempts[0].requestBody?.text])
        #expect(attempts[0].responseBody?.text == #"{"message":"busy"}"#)
        // Keys are masked in what is kept; the SDK sent them unmasked.
        #expect(attempts[0].requestHeader("X-API-Key") == "opl_sdk_…")
        #expect(exchanges.first { $0.endpoint == "identity" }?.requestHeader("Authorization") == "Bearer opl_sdk_…")
        let sent = await scripted.requests
        #expect(sent.contains { $0.header("X-API-Key") == DashboardOptions.demoAPIKey })
        #expect(sent.allSatisfy { $0.header("X-Forwarded-For") == FingerprintValues.demoPhone.networkAddress })
        #expect(
            device.exchangeLog.unclaimed.isEmpty, "unclaimed: \(device.exchangeLog.unclaimed.map(\.request.url.path))")
        #expect(state.exchanges.count == exchanges.count)
    }
}
