import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the other services say when they refuse, and why no link came: kept for the app's log.
@Suite("Provider errors and no-link reasons")
struct ProviderAnswerTests {
    @Test func aNestedErrorObjectGivesItsMessageDetailsAndRequestId() {
        // Given QubeRoute-style {"error": {code, message, details}, "requestId"}
        let body =
            #"{"error":{"code":"invalid_request","message":"Validation failed","#
            + #""details":[{"field":"events[0].currency","message":"currency "#
            + #"is required when valueMinor is set"}]},"requestId":"req_1"}"#
        let error = OptoLinkError.http(HTTPResponse(status: 400, body: Data(body.utf8)))
        #expect(error.message == "Validation failed")
        #expect(
            error.details == [
                OptoLinkError.Detail(
                    message: "currency is required when valueMinor is set", field: "events[0].currency")
            ])
        #expect(error.requestId == "req_1")
    }

    @Test func aDetailStringIsTheMessage() {
        // Given Deep Blue-style {"detail": "..."}
        let error = OptoLinkError.http(HTTPResponse(status: 401, body: Data(#"{"detail":"Invalid API key."}"#.utf8)))
        #expect(error.message == "Invalid API key.")
        // And OptoLink's own envelope still wins when both are there
        let both = OptoLinkError.http(
            HTTPResponse(
                status: 400, body: Data(#"{"message":"top","detail":"other","error":{"message":"inner"}}"#.utf8)))
        #expect(both.message == "top")
    }

    @Test func quberoutesReasonIsLoggedWhenNoDeferredLinkComesBack() async throws {
        // Given a first launch answered already_attributed
        let logs = Recorder<String>()
        let transport = QubeRouteTests.transport(match: {
            Fixtures.response(200, #"{"link":null,"confidence":0,"reason":"already_attributed","attributed":true}"#)
        })
        let device = TestDevice(transport: transport)
        // (the reason is an info line: the logger gets it when it asks for info, as `logLevel` says)
        let sdk = device.start(
            try QubeRouteTests.configuration(logLevel: .info, logger: { _, message in logs.record(message) }))
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()
        #expect(logs.all.contains { $0.contains("already_attributed") })
    }
}

@Suite("OptoLink provider: what it does not take")
struct OptoLinkProviderRefusalTests {
    @Test func anOptoLinkEventCannotCarryAValueBecauseTheContractHasNoValueField() async throws {
        // Given OptoLink, whose /sdk/events has no value field
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start(Fixtures.configuration())

        // When the app tracks a purchase
        let queued = await sdk.trackEvent("purchase", properties: ["value": 4.99, "currency": "GBP"])
        await sdk.flushEvents()
        await sdk.shutdown()

        // Then the value events (QubeRoute's) are not offered at all: the value went in the properties
        #expect(sdk.quberoute == nil)
        #expect(queued)
        let event = try #require(await device.transport.requests.first { $0.url.path == "/sdk/events" })
        #expect(event.jsonBody?["properties"] == ["value": 4.99, "currency": "GBP"])
        #expect(event.jsonBody?["valueMinor"] == nil)
    }
}
