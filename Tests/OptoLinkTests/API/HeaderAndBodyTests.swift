import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Headers and bodies")
struct HeaderAndBodyTests {
    /// Calls every endpoint once against a transport answering 200, and returns the recorded requests.
    private func requestsForEveryEndpoint() async throws -> [Endpoint: HTTPRequest] {
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .linkData: return Fixtures.response(200, Fixtures.summerJSON)
            case .match: return Fixtures.response(200, Fixtures.noMatchJSON)
            case .session: return Fixtures.response(200, Fixtures.sessionJSON)
            case .identity: return Fixtures.response(200, Fixtures.identityJSON)
            case .identityClear: return Fixtures.response(200, Fixtures.clearJSON)
            case .events: return Fixtures.response(200, Fixtures.okJSON)
            }
        }
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: ManualClock())
        _ = try await api.linkData(shortCode: "summer", deviceId: "device-1234")
        _ = try await api.match(
            clipboardToken: Fixtures.token, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        _ = try await api.registerSession(deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        _ = try await api.setIdentity(externalId: "user-42", deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        _ = try await api.clearIdentity(deviceId: "device-1234")
        try await api.sendEvent(name: "purchase", properties: ["amount": 9.99], deviceId: "device-1234")
        var byEndpoint: [Endpoint: HTTPRequest] = [:]
        for request in await transport.requests { byEndpoint[try #require(route(of: request))] = request }
        #expect(byEndpoint.count == 6)
        return byEndpoint
    }

    @Test func matchAndDataCarryTheAPIKeyAndSDKRoutesCarryBearer() async throws {
        let requests = try await requestsForEveryEndpoint()
        for endpoint in [Endpoint.match, .linkData] {
            let request = try #require(requests[endpoint])
            #expect(request.header("X-API-Key") == Fixtures.clientKey, "\(endpoint)")
            #expect(request.header("Authorization") == nil, "\(endpoint)")
        }
        for endpoint in [Endpoint.session, .identity, .identityClear, .events] {
            let request = try #require(requests[endpoint])
            #expect(request.header("Authorization") == "Bearer \(Fixtures.clientKey)", "\(endpoint)")
            #expect(request.header("X-API-Key") == nil, "\(endpoint)")
        }
    }

    @Test func everyRequestCarriesTheTruthfulSDKHeader() async throws {
        let requests = try await requestsForEveryEndpoint()
        #if os(iOS)
        let expected = "ios/\(OptoLink.sdkVersion)"
        #elseif os(Linux)
        let expected = "linux/\(OptoLink.sdkVersion)"
        #elseif os(macOS)
        let expected = "macos/\(OptoLink.sdkVersion)"
        #else
        let expected = OptoLink.sdkHeader
        #endif
        #expect(OptoLink.sdkVersion == "0.1.0")
        for (endpoint, request) in requests {
            #expect(request.header("X-OptoLink-SDK") == expected, "\(endpoint)")
            #expect(request.timeout == 10)
        }
    }

    @Test func methodsAndURLsFollowTheContract() async throws {
        let requests = try await requestsForEveryEndpoint()
        #expect(requests[.linkData]?.method == "GET")
        #expect(
            requests[.linkData]?.url.absoluteString == "https://links.demo.test/demo/summer/data?deviceId=device-1234")
        #expect(requests[.linkData]?.body == nil)
        #expect(requests[.match]?.url.absoluteString == "https://links.demo.test/match")
        #expect(requests[.session]?.url.absoluteString == "https://links.demo.test/sdk/session")
        #expect(requests[.identity]?.url.absoluteString == "https://links.demo.test/sdk/identity")
        #expect(requests[.identityClear]?.url.absoluteString == "https://links.demo.test/sdk/identity/clear")
        #expect(requests[.events]?.url.absoluteString == "https://links.demo.test/sdk/events")
        for endpoint in [Endpoint.match, .session, .identity, .identityClear, .events] {
            #expect(requests[endpoint]?.method == "POST")
            #expect(requests[endpoint]?.header("Content-Type") == "application/json")
        }
    }

    @Test func bodiesHoldOnlyTheWhitelistedFields() async throws {
        let requests = try await requestsForEveryEndpoint()
        let match = try #require(requests[.match]?.jsonBody)
        #expect(
            Set(match.keys) == [
                "clipboardToken", "deviceId", "platform", "osVersion", "deviceModel", "language", "timezone",
            ])
        #expect(match["clipboardToken"] == .string(Fixtures.token))
        #expect(match["platform"] == "iOS")
        #expect(match["deviceModel"] == "iPhone16,1")
        #expect(match["language"] == "en-US")
        #expect(match["timezone"] == "America/New_York")

        let session = try #require(requests[.session]?.jsonBody)
        #expect(Set(session.keys) == ["deviceId", "platform", "osVersion", "deviceModel"])
        let identity = try #require(requests[.identity]?.jsonBody)
        #expect(Set(identity.keys) == ["deviceId", "externalId", "platform", "osVersion", "deviceModel"])
        #expect(identity["externalId"] == "user-42")
        let clear = try #require(requests[.identityClear]?.jsonBody)
        #expect(Set(clear.keys) == ["deviceId"])
        let event = try #require(requests[.events]?.jsonBody)
        #expect(Set(event.keys) == ["deviceId", "eventName", "properties"])
        #expect(event["properties"] == ["amount": 9.99])
    }

    @Test func optionalFieldsAreLeftOutWhenAbsent() async throws {
        let transport = ScriptedTransport([
            .response(status: 200, json: Fixtures.noMatchJSON), .response(status: 200, json: Fixtures.okJSON),
            .response(status: 200, json: Fixtures.sessionJSON),
        ])
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: ManualClock())
        _ = try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        try await api.sendEvent(name: "opened", properties: nil, deviceId: "device-1234")
        _ = try await api.registerSession(deviceId: "device-1234", fingerprint: nil)
        let requests = await transport.requests
        #expect(requests[0].jsonBody?["clipboardToken"] == nil)
        #expect(requests[0].jsonBody?.count == 6)
        #expect(Set(requests[1].jsonBody?.keys ?? [:].keys) == ["deviceId", "eventName"])
        #expect(Set(requests[2].jsonBody?.keys ?? [:].keys) == ["deviceId"])
    }

    @Test func shortCodesAreEscapedAndTheBaseURLPrefixIsKept() async throws {
        let transport = ScriptedTransport([.response(status: 200, json: Fixtures.summerJSON)])
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: URL(string: "http://127.0.0.1:8787/prefix///")!)
        let api = try OptoLinkAPI(configuration: configuration, transport: transport, clock: ManualClock())
        _ = try await api.linkData(shortCode: "a b?c", deviceId: nil)
        #expect(
            await transport.requests.first?.url.absoluteString == "http://127.0.0.1:8787/prefix/demo/a%20b%3Fc/data")
    }
}
