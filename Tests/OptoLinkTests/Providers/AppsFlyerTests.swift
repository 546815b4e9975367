import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// AppsFlyer's S2S deep-link request (seed 003), the in-app side: the SDK never holds the DevKey; the
/// app's hook signs or makes the call; the answer (the seed's own examples) maps into OptoLinkData.
@Suite("AppsFlyer provider (in-app side)")
struct AppsFlyerTests {
    static let appID = "id123456789"
    /// The seed's `Click_found` example.
    static let foundJSON =
        #"{"found":true,"click_event":{"timestamp":"2020-04-22T08:45:33.412","custom_params":{"fruit_name":"apples","#
        + #""fruit_amount":"26"},"campaign_id":"394a89cf-275a-451b-b030-1c6f8b55ff19","#
        + #""match_type":"probabilistic","media_source":"Email","campaign":"my_new_campaign","#
        + #""click_http_referrer":"https://www.ynet.co.il/","af_sub1":"my_afsub1","#
        + #""af_sub2":"my_afsub2","af_sub3":"my_afsub3","af_sub4":"my_afsub4","af_sub5":"my_afsub5"}}"#
    /// The seed's example signature (for `2015-01-22T08:45:33.412` + `127.0.0.1` with its DevKey).
    static let seedSignature = "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"

    @Test func aSigningHookGivesTheIPAndSignatureAndTheSDKSendsTheSignedRequest() async throws {
        // Given a fresh install whose backend signs (the hook records the timestamp it was asked for)
        let asked = Recorder<String>()
        let hook = AppsFlyerHook.signing { timestamp in
            asked.record(timestamp)
            return AppsFlyerSignature(ip: "198.51.100.23", signature: Self.seedSignature)
        }
        let transport = ScriptedTransport([.response(status: 200, json: Self.foundJSON)])
        let device = TestDevice(transport: transport)
        let sdk = device.start(try OptoLinkConfiguration.appsFlyer(appID: Self.appID, hook: hook))

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())
        await sdk.shutdown()

        // Then one POST <base>/ios/<app_id>?af_sig=… went out with the seed's required fields
        let requests = await transport.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(
            request.url.absoluteString
                == "https://dls2s.appsflyer.com/v1.0/ios/id123456789?af_sig=\(Self.seedSignature)")
        #expect(request.header("Content-Type") == "application/json")
        let body = try #require(request.jsonBody)
        let timestamp = try #require(asked.all.first)
        #expect(
            body == [
                "is_first": "true", "lang": "en-US", "os": "17.4.1", "timestamp": .string(timestamp),
                "type": "iPhone16,1",
                "ip": "198.51.100.23", "request_id": .string(sdk.deviceId),
            ])
        // ISO 8601 UTC, milliseconds, no zone letter: 2015-01-22T08:45:33.412
        #expect(timestamp.count == 23)
        #expect(
            timestamp.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$"#, options: .regularExpression) != nil)
        // And no header carries a key
        #expect(
            Set(request.headers.keys.map { $0.lowercased() }).isDisjoint(with: [
                "authorization", "x-api-key", "api-key",
            ]))
        // And the answer maps: custom_params are the params, match_type the method, the rest kept
        #expect(link.isDeferred)
        #expect(link.service == .appsFlyer)
        #expect(link.params == ["fruit_name": "apples", "fruit_amount": "26"])
        #expect(link.path == "/")
        #expect(link.matchType == .fingerprintScored)
        #expect(link.linkId == "394a89cf-275a-451b-b030-1c6f8b55ff19")
        #expect(link.providerFields["match_type"] == "probabilistic")
        #expect(link.providerFields["media_source"] == "Email")
        #expect(link.providerFields["af_sub5"] == "my_afsub5")
        #expect(link.providerFields["custom_params"] == nil)
    }

    @Test func theSeedsTimestampFormat() {
        #expect(
            AppsFlyerProvider.timestamp(Date(timeIntervalSince1970: 1_421_916_333.412)) == "2015-01-22T08:45:33.412")
    }

    @Test func aRelayHookGetsTheUnsignedRequestWithoutTheIPAndRelaysTheAnswer() async throws {
        // Given a backend that makes the call itself and relays "not found"
        let relayed = Recorder<HTTPRequest>()
        let hook = AppsFlyerHook.relay { request in
            relayed.record(request)
            return Fixtures.response(200, #"{"found":false,"click_event":{}}"#)
        }
        let transport = ScriptedTransport()
        let device = TestDevice(transport: transport)
        let sdk = device.start(try OptoLinkConfiguration.appsFlyer(appID: Self.appID, hook: hook))

        // When the first launch settles
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()

        // Then the hook, not the network, got the request: no af_sig, no ip
        #expect(await transport.requests.isEmpty)
        let request = try #require(relayed.all.first)
        #expect(relayed.all.count == 1)
        #expect(request.url.absoluteString == "https://dls2s.appsflyer.com/v1.0/ios/id123456789")
        let body = try #require(request.jsonBody)
        #expect(body["ip"] == nil)
        #expect(Set(body.keys) == ["is_first", "lang", "os", "timestamp", "type", "request_id"])
    }

    @Test func a503IsRetriedAndA400IsFinalWithItsMessage() async throws {
        // Given 503, 504, then found
        let hook = AppsFlyerHook.signing { _ in AppsFlyerSignature(ip: "198.51.100.23", signature: Self.seedSignature) }
        let transport = ScriptedTransport([
            .response(status: 503, body: Data()), .response(status: 504, body: Data()),
            .response(status: 200, json: Self.foundJSON),
        ])
        let device = TestDevice(transport: transport)
        let advancing = autoAdvance(device.clock)
        let sdk = device.start(try OptoLinkConfiguration.appsFlyer(appID: Self.appID, hook: hook))
        let link = await sdk.resolveDeferredLink()
        advancing.cancel()
        await sdk.shutdown()
        #expect(link?.providerFields["campaign"] == "my_new_campaign")
        #expect(await transport.requests.count == 3)

        // Given a 400 {code, message}
        let logs = Recorder<String>()
        let refused = ScriptedTransport([
            .response(status: 400, json: #"{"code":"bad_request","message":"Bad Request"}"#)
        ])
        let other = TestDevice(transport: refused)
        let second = other.start(
            try OptoLinkConfiguration.appsFlyer(
                appID: Self.appID, hook: hook, logging: .init(logger: { _, message in logs.record(message) })))
        #expect(await second.resolveDeferredLink() == nil)
        await second.shutdown()
        #expect(await refused.requests.count == 1)
        #expect(logs.all.contains { $0.contains("400") && $0.contains("Bad Request") })
    }

    @Test func aSigningHookThatNeverAnswersEndsTheFirstLaunchAtTheTimeoutAndSendsNothing() async throws {
        // Given a backend that never answers the signing hook, cancelled or not: it waits on a continuation only
        // the test resumes, once the SDK has given up (no time passes in it; the test releases it at the end)
        let stalled = Recorder<CheckedContinuation<Void, Never>>()
        let hook = AppsFlyerHook.signing { _ in
            await withCheckedContinuation { stalled.record($0) }
            throw URLError(.cancelled)
        }
        let logs = Recorder<String>()
        let transport = ScriptedTransport([.response(status: 200, json: Self.foundJSON)])
        let device = TestDevice(transport: transport)
        let sdk = device.start(
            try OptoLinkConfiguration.appsFlyer(
                appID: Self.appID, hook: hook, timeout: 10,
                logging: .init(logger: { _, message in logs.record(message) })))

        // When the hook was called and the configured 10 s pass on the SDK's clock (an attempt deadline)
        await stalled.waitForCount(1)
        await device.clock.waitForTimeouts(1)
        #expect(device.clock.requestedTimeouts == [10])
        await device.clock.advance(by: 10)

        // Then the first launch ends without a link (it does not wait for the hook), says why, and sent nothing
        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(logs.all.contains { $0.contains("Deferred match failed") && $0.contains("timed out") }, "\(logs.all)")
        await sdk.shutdown()
        #expect(await transport.requests.isEmpty)
        // The hook is still waiting: the SDK ended the launch without it
        for waiting in stalled.all { waiting.resume() }
    }

    @Test func aSignatureThatIsNotLowercaseHexIsNeverSent() async throws {
        let hook = AppsFlyerHook.signing { _ in AppsFlyerSignature(ip: "198.51.100.23", signature: "NOT-A-SIGNATURE") }
        let transport = ScriptedTransport([.response(status: 200, json: Self.foundJSON)])
        let device = TestDevice(transport: transport)
        let sdk = device.start(try OptoLinkConfiguration.appsFlyer(appID: Self.appID, hook: hook))
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()
        #expect(await transport.requests.isEmpty)
    }

    @Test func noURLIsOursAndNoEventIsTaken() async throws {
        let hook = AppsFlyerHook.relay { _ in Fixtures.response(200, #"{"found":false,"click_event":{}}"#) }
        let device = TestDevice(transport: ScriptedTransport())
        device.store.set(true, forKey: LaunchState.key)
        let sdk = device.start(try OptoLinkConfiguration.appsFlyer(appID: Self.appID, hook: hook))
        #expect(!sdk.canHandle(url: URL(string: "https://example.onelink.me/abc")!))
        #expect(await sdk.handle(url: URL(string: "https://example.onelink.me/abc")!) == nil)
        #expect(await sdk.trackEvent("af_purchase") == false)
        await sdk.shutdown()
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.appsFlyer(appID: "id1/../x", hook: hook)
        }
    }
}
