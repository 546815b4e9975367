import Foundation
import OptoLink
import OptoLinkS2S
import OptoLinkTesting
import Testing

/// The SDK's AppsFlyer provider (the in-app side) against the server's AppsFlyer S2S emulation (seed
/// 003), over loopback. The test plays the app's backend (``AppsFlyerBackend``, on `OptoLinkS2S`): it
/// holds the demo DevKey and either signs for the SDK or makes the call itself.
@Suite("AppsFlyer end to end")
struct AppsFlyerEndToEndTests {
    static let path = "/v1.0/ios/\(EmulatedDemo.appsFlyerAppID)"

    static func configuration(_ server: TestServer, hook: AppsFlyerHook) throws -> OptoLinkConfiguration {
        try OptoLinkConfiguration.appsFlyer(
            appID: EmulatedDemo.appsFlyerAppID, hook: hook, baseURL: server.baseURL.appendingPathComponent("v1.0"),
            retry: RetryPolicy(backoffBase: 0.05))
    }

    /// A click on the demo app's `spring` link (seed 003's `Click_found` example) from the device's
    /// network, by an iPhone browser with the app's traits.
    static func click(_ server: TestServer, for device: ProviderDevice) async throws {
        let traits = device.deviceInfo.value
        try await server.emulatedClick(
            "appsflyer",
            [
                "appId": EmulatedDemo.appsFlyerAppID, "link": "spring", "platform": traits.platform,
                "osVersion": traits.osVersion, "deviceModel": "iPhone", "language": traits.language,
            ], from: device.address)
    }

    /// What the seed's `spring` link answers, as the SDK maps it.
    static func expectSpring(_ link: OptoLinkData) {
        #expect(link.service == .appsFlyer)
        #expect(link.isDeferred)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.params == ["fruit_name": .string("apples"), "fruit_amount": .string("26")])
        #expect(link.path == "/")
        #expect(link.providerFields["match_type"] == .string("probabilistic"))
        #expect(link.providerFields["media_source"] == .string("Email"))
        #expect(link.providerFields["campaign"] == .string("my_new_campaign"))
        #expect(link.providerFields["custom_params"] == nil)
    }

    @Test(
        """
        a signing hook with the demo DevKey: the first launch \
        after a dev click is found, custom_params become the params
        """
    )
    func signedFirstLaunchAfterAClickIsFound() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.40")
        let backend = try AppsFlyerBackend(deviceAddress: device.address)
        try await Self.click(server, for: device)

        let sdk = device.start(try Self.configuration(server, hook: backend.signingHook))
        let links = Collector(sdk.links)
        let link = try #require(await sdk.resolveDeferredLink())

        Self.expectSpring(link)
        #expect(await links.settle(count: 1) == [link])
        #expect(device.firstLaunchDone)
        // The wire: the seed's request, signed by the backend over the body's own timestamp and ip.
        let calls = device.wire.sent(to: Self.path)
        try #require(calls.count == 1)
        let body = calls[0].json
        let timestamp = try #require(body["timestamp"] as? String)
        #expect(backend.signed.withLock { $0 } == [timestamp])
        #expect(timestamp.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$"#, options: .regularExpression) != nil)
        #expect(body["ip"] as? String == device.address)
        #expect(calls[0].query == "af_sig=" + backend.signature(timestamp: timestamp, ip: device.address))
        #expect(body["is_first"] as? String == "true")
        #expect(body["lang"] as? String == "en-US")
        #expect(body["os"] as? String == "17.4.1")
        #expect(body["type"] as? String == "iPhone16,1")
        #expect(body["request_id"] as? String == sdk.deviceId)
        #expect(calls[0].answerJSON["found"] as? Bool == true)
        #expect(calls[0].headers.keys.contains { $0.lowercased() == "authorization" } == false)
        await sdk.shutdown()

        // The next launch asks nothing.
        let relaunch = device.start(try Self.configuration(server, hook: backend.signingHook))
        #expect(await relaunch.resolveDeferredLink() == nil)
        #expect(device.wire.sent(to: Self.path).count == 1)
        await relaunch.shutdown()
    }

    @Test("a wrong DevKey's signature gets invalid_signature: nothing delivered, nothing thrown, not retried")
    func wrongDevKeysSignatureIsRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.41")
        let backend = try AppsFlyerBackend(devKey: "not_the_apps_dev_key_000", deviceAddress: device.address)
        try await Self.click(server, for: device)

        let sdk = device.start(try Self.configuration(server, hook: backend.signingHook))
        let links = Collector(sdk.links)

        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await links.settle(count: 0).isEmpty)
        #expect(device.firstLaunchDone)
        let calls = device.wire.sent(to: Self.path)
        #expect(calls.map(\.status) == [400])
        #expect(calls.first?.answerJSON["code"] as? String == "invalid_signature")
        await sdk.shutdown()
    }

    @Test("a 503 from the S2S API is retried and the click found on the next attempt")
    func serviceUnavailableIsRetried() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.42")
        let backend = try AppsFlyerBackend(deviceAddress: device.address)
        try await Self.click(server, for: device)
        try await server.addFault(route: "af-deeplink", kind: "status", status: 503)

        let sdk = device.start(try Self.configuration(server, hook: backend.signingHook))
        let diagnostics = Collector(sdk.diagnostics)
        let link = try #require(await sdk.resolveDeferredLink())

        Self.expectSpring(link)
        #expect(device.wire.sent(to: Self.path).map(\.status) == [503, 200])
        #expect(await diagnostics.wait { $0.finished(.match) })
        let story = try #require(diagnostics.values.requests(.match).first)
        #expect(story.statuses == [503, 200])
        #expect(story.retryDelays == [0.05])
        await sdk.shutdown()
    }

    @Test(
        """
        a relay hook whose backend calls the emulation with OptoLinkS2S's \
        AppsFlyerS2SClient: found, and the SDK never held ip or af_sig
        """
    )
    func relayThroughTheBackendsS2SClientIsFound() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.43")
        let backend = try AppsFlyerBackend(deviceAddress: device.address)
        try await Self.click(server, for: device)

        let sdk = device.start(try Self.configuration(server, hook: try backend.relayHook(server: server.baseURL)))
        let links = Collector(sdk.links)
        let link = try #require(await sdk.resolveDeferredLink())

        Self.expectSpring(link)
        #expect(await links.settle(count: 1) == [link])
        // The SDK sent nothing itself: the backend made the call.
        #expect(device.wire.all.isEmpty)
        let relayed = backend.relayed.withLock { $0 }
        try #require(relayed.count == 1)
        #expect(relayed[0].url.path == Self.path)
        #expect(relayed[0].url.query == nil)
        let body = try #require(relayed[0].jsonBody)
        #expect(body["ip"] == nil)
        #expect(body["is_first"] == .string("true"))
        #expect(body["request_id"] == .string(sdk.deviceId))
        await sdk.shutdown()
    }
}
