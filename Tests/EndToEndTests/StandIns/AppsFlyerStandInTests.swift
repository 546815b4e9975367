import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import TestSupport

/// The AppsFlyer stand-in is a working AppsFlyer deployment for the real SDK, over loopback: `af_sig`
/// checked as seed 003 defines it, a browser click on a OneLink-style link (302 straight to the App
/// Store) then a first launch found through the app's signing backend, a wrong DevKey refused, and
/// 400 `{code, message}` for bad input. (AppsFlyer's S2S API opens no link directly.)
@Suite("AppsFlyer stand-in")
struct AppsFlyerStandInTests {
    /// The seed's example request and signature.
    static let seedTimestamp = "2015-01-22T08:45:33.412"
    static let seedIP = "127.0.0.1"
    static let seedDevKey = "w8sZzy8EaPaxFKfaoTqUi6"
    static let seedSignature = "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"

    /// The S2S path the SDK posts to.
    static func s2sPath(_ service: StandInService) -> String { "/v1.0/ios/\(service.appID)" }

    /// A signed S2S request outside the SDK: the required fields, `overrides` on top (nil removes one).
    static func s2s(
        _ service: StandInService, ip: String, devKey: String? = nil, overrides: [String: String?] = [:],
        signature: String? = nil
    ) async throws -> StandInCall {
        let timestamp = StandInTime.appsFlyer(Date())
        var body: [String: Any] = [
            "is_first": "true", "lang": "en-US", "os": "17.4.1", "timestamp": timestamp, "type": "iPhone16,1",
            "ip": ip,
        ]
        for (name, value) in overrides {
            if let value { body[name] = value } else { body[name] = nil }
        }
        // Signed as an app's backend signs (OptoLinkS2S), not by the stand-in's own signer.
        let sig =
            try signature
            ?? AppsFlyerBackend(devKey: devKey ?? service.devKey, deviceAddress: ip).signature(
                timestamp: timestamp, ip: ip)
        let url = StandInApp.url(service, s2sPath(service) + "?af_sig=" + sig)
        return try await StandInCall.send("POST", url, json: body)
    }

    @Test("af_sig is seed 003's example signature for its timestamp, ip and DevKey")
    func signatureMatchesTheSeedExample() {
        let signature = AppsFlyerStandInSigner.signature(
            timestamp: Self.seedTimestamp, ip: Self.seedIP, devKey: Self.seedDevKey)

        #expect(signature == Self.seedSignature)
    }

    @Test("its own app id and DevKey, not the seed's example")
    func profileDiffersFromTheSeed() throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }

        #expect(service.appID.hasPrefix("id") && service.appID.dropFirst(2).allSatisfy(\.isNumber))
        #expect(service.appID != "id123456789")
        #expect(!service.devKey.isEmpty && service.devKey != Self.seedDevKey)
        #expect(service.apiKey.isEmpty && service.wrongKindKey.isEmpty && service.orgKey.isEmpty)
        #expect(service.baseURL.absoluteString == service.origin.absoluteString + "/v1.0")
        #expect(!service.mainLink.path.hasPrefix("/af/"))
    }

    @Test("a click (302 straight to the App Store), then a first launch signed by the app's backend: found")
    func clickThenFirstLaunchIsFound() async throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        let browser = StandInBrowser(address: "198.51.100.100")

        let visit = try await browser.visit(service.mainLink)

        #expect(visit.hops == [service.mainLink])
        #expect(visit.statuses == [302])
        #expect(visit.stoppedBefore == URL(string: "https://apps.apple.com/app/\(service.appID)"))
        let click = try #require(service.clicks.first)
        #expect(click.address == browser.address)
        #expect(click.language == "en-US")
        #expect(click.destination == visit.stoppedBefore)

        let device = ProviderDevice(address: browser.address)
        let backend = try AppsFlyerBackend(devKey: service.devKey, deviceAddress: device.address)
        let sdk = device.start(try StandInApp.configuration(service, hook: backend.signingHook))
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.path == service.mainPath)
        #expect(link.isDeferred)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.params["deep_link_value"] == .string(String(service.mainPath.dropFirst())))
        #expect(link.providerFields["match_type"] == .string("probabilistic"))
        #expect(service.requests.contains("POST \(Self.s2sPath(service))"))
        await sdk.shutdown()
    }

    @Test("a click from an iPad is not an iPhone's install; a launch that is not the first finds nothing")
    func deviceTypeAndFirstLaunchMatter() async throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        var iPad = StandInBrowser(address: "198.51.100.101")
        iPad.userAgent =
            "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
            + "Version/17.4 Mobile/15E148 Safari/604.1"
        _ = try await iPad.visit(service.mainLink)
        _ = try await StandInBrowser(address: "198.51.100.102").visit(service.mainLink)

        let iPhoneOnIPadNetwork = try await Self.s2s(service, ip: "198.51.100.101")
        let notFirst = try await Self.s2s(service, ip: "198.51.100.102", overrides: ["is_first": "false"])
        let first = try await Self.s2s(service, ip: "198.51.100.102")

        #expect(iPhoneOnIPadNetwork.status == 200 && iPhoneOnIPadNetwork.json["found"] as? Bool == false)
        #expect((iPhoneOnIPadNetwork.json["click_event"] as? [String: Any])?.isEmpty == true)
        #expect(notFirst.status == 200 && notFirst.json["found"] as? Bool == false)
        #expect(first.json["found"] as? Bool == true)
    }

    @Test("a signature with another DevKey is refused: the SDK finds nothing")
    func wrongDevKeyIsRefused() async throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.103")
        _ = try await StandInBrowser(address: device.address).visit(service.mainLink)
        let backend = try AppsFlyerBackend(devKey: Self.seedDevKey, deviceAddress: device.address)

        let sdk = device.start(try StandInApp.configuration(service, hook: backend.signingHook))

        #expect(await sdk.resolveDeferredLink() == nil)
        let calls = device.wire.sent(to: Self.s2sPath(service))
        #expect(calls.map(\.status) == [401])
        #expect(calls.first?.answerJSON["code"] is String)
        await sdk.shutdown()
    }

    @Test("bad input gets 400 {code, message}: a missing field, no af_sig, a bad ip or timestamp; unknown app 404")
    func badInputIsRefused() async throws {
        let service = try StandInService.start(.appsFlyer)
        defer { service.stop() }
        let ip = "198.51.100.104"

        let missing = try await Self.s2s(service, ip: ip, overrides: ["lang": nil])
        let badIP = try await Self.s2s(service, ip: "not-an-address")
        let badTimestamp = try await Self.s2s(service, ip: ip, overrides: ["timestamp": "yesterday"])
        let noSignature = try await StandInCall.send(
            "POST", StandInApp.url(service, Self.s2sPath(service)), json: ["ip": ip])
        let notJSON = try await StandInCall.send(
            "POST", StandInApp.url(service, Self.s2sPath(service) + "?af_sig=00"),
            body: Data("[1, 2]".utf8))
        let otherApp = try await StandInCall.send(
            "POST", StandInApp.url(service, "/v1.0/ios/id123456789?af_sig=00"), json: [:])
        let unknownLink = try await StandInCall.send(
            "GET", StandInApp.url(service, "/ol/zzzz/whatever"))

        for answer in [missing, badIP, badTimestamp, noSignature, notJSON] {
            #expect(answer.status == 400)
            #expect(answer.json["code"] is String && answer.json["message"] is String)
        }
        #expect(otherApp.status == 404)
        #expect(unknownLink.status == 404)
        #expect(service.clicks.isEmpty)
    }
}
