import Foundation
import Testing
import OptoLink
import OptoLinkTesting

/// Regression: `/sdk/events` used to accept any 2xx body, so a captive portal's `200` HTML page
/// counted as a delivery and the event was removed from the queue without reaching the backend.
@Suite("Event answers")
struct EventAnswerFuzzRegressionTests {
    @Test func aNonJSONSuccessAnswerToAnEventIsAnInvalidResponse() async throws {
        let transport = ScriptedTransport([
            .response(status: 200, body: Data("<html><body>Welcome to Hotel Wi-Fi</body></html>".utf8), headers: ["Content-Type": "text/html"]),
            .response(status: 200, body: Data()),
            .response(status: 200, json: #"{"ok":true}"#),
        ])
        let configuration = try OptoLinkConfiguration(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo", baseURL: URL(string: "https://links.demo.test")!, maxRetries: 0)
        let api = OptoLinkAPI(configuration: configuration, transport: transport, clock: ManualClock())

        await #expect(throws: OptoLinkError.invalidResponse) { try await api.sendEvent(name: "purchase", properties: nil, deviceId: "device-1234") }
        await #expect(throws: OptoLinkError.invalidResponse) { try await api.sendEvent(name: "purchase", properties: nil, deviceId: "device-1234") }
        try await api.sendEvent(name: "purchase", properties: nil, deviceId: "device-1234")
        #expect(await transport.requests.count == 3)
    }
}
