import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// `/sdk/events`: any 2xx is a delivery whatever its body. An earlier version
/// required a JSON object and kept an event whose 2xx body was cut or not JSON forever; the base URL is
/// `https`, so a captive portal's page cannot answer in the backend's name.
@Suite("Event answers")
struct EventAnswerFuzzRegressionTests {
    @Test func aSuccessAnswerToAnEventIsADeliveryWhateverItsBody() async throws {
        let transport = ScriptedTransport([
            .response(
                status: 200, body: Data("<html><body>Welcome to Hotel Wi-Fi</body></html>".utf8),
                headers: ["Content-Type": "text/html"]),
            .response(status: 200, body: Data()),
            .response(status: 201, body: Data("{\"ok\":tr".utf8)),
            .response(status: 200, json: #"{"ok":true}"#),
        ])
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.demo.test")!, retry: RetryPolicy(maxRetries: 0))
        let api = try OptoLinkAPI(configuration: configuration, transport: transport, clock: ManualClock())

        for _ in 0..<4 { try await api.sendEvent(name: "purchase", properties: nil, deviceId: "device-1234") }
        #expect(await transport.requests.count == 4)
    }
}
