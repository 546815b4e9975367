import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The SDK's Deep Blue Links provider against the server's Deep Blue emulation (seed 004), over loopback:
/// the real `URLSessionTransport`, the demo app (`demo.dev.thedbl.ink`, scheme `myapp`), `X-Forwarded-For`
/// for the simulated network.
@Suite("Deep Blue Links end to end")
struct DeepBlueEndToEndTests {
    static let springURL = URL(string: "https://\(EmulatedDemo.deepBlueDomain)/spring")!

    static func configuration(_ server: TestServer, key: String = EmulatedDemo.deepBlueSandbox) throws
        -> OptoLinkConfiguration
    {
        try OptoLinkConfiguration.deepBlue(
            apiKey: key, baseURL: server.baseURL,
            links: .init(domains: [EmulatedDemo.deepBlueDomain], urlSchemes: ["myapp"]),
            retry: RetryPolicy(backoffBase: 0.05))
    }

    @Test("direct open of a short link: one resolve, longUrl's path and query delivered, isSandbox as the key says")
    func directOpenDeliversLongURLsPathAndQueryWithIsSandbox() async throws {
        let server = try TestServer()
        defer { server.stop() }
        for (key, sandbox) in [(EmulatedDemo.deepBlueSandbox, true), (EmulatedDemo.deepBlueLive, false)] {
            let device = ProviderDevice(address: sandbox ? "198.51.100.30" : "198.51.100.31")
            device.markInstalledEarlier()
            let sdk = device.start(try Self.configuration(server, key: key))
            let links = Collector(sdk.links)

            let opened = try #require(await sdk.handle(url: Self.springURL))

            #expect(opened.service == .deepBlue)
            #expect(opened.matchType == .direct)
            #expect(opened.isDeferred == false)
            #expect(opened.path == "/products/1234")
            #expect(opened.params == ["ref": .string("spring")])
            #expect(opened.linkId == "1")
            #expect(opened.providerFields["isSandbox"] == .bool(sandbox))
            #expect(opened.providerFields["longUrl"] == .string("https://shop.example.com/products/1234?ref=spring"))
            #expect(opened.providerFields["notShortLink"] == nil)
            #expect(await links.settle(count: 1) == [opened])
            let resolves = device.wire.sent(to: "/api/links/resolve")
            try #require(resolves.count == 1)
            #expect(resolves[0].headers["Api-Key"] == key)
            #expect(resolves[0].json as NSDictionary == ["url": Self.springURL.absoluteString] as NSDictionary)
            #expect(resolves[0].status == 200)
            await sdk.shutdown()
        }
    }

    @Test("a link the server does not know (404) is delivered as not a short link, routed by its own URL, not retried")
    func unknownLinkIsDeliveredAsNotAShortLink() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.32")
        device.markInstalledEarlier()
        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)
        let url = URL(string: "https://\(EmulatedDemo.deepBlueDomain)/summer-menu?table=4")!

        let opened = try #require(await sdk.handle(url: url))

        #expect(opened.path == "/summer-menu")
        #expect(opened.params == ["table": .string("4")])
        #expect(opened.matchType == .direct)
        #expect(opened.linkId == nil)
        #expect(opened.providerFields["notShortLink"] == .bool(true))
        #expect(opened.providerFields["url"] == .string(url.absoluteString))
        #expect(await links.settle(count: 1) == [opened])
        let resolves = device.wire.sent(to: "/api/links/resolve")
        #expect(resolves.map(\.status) == [404])
        #expect(resolves.first?.answerJSON["detail"] as? String == "Not found.")
        await sdk.shutdown()
    }

    @Test("myapp://products/1234 routes to /products/1234 with no request")
    func customSchemeMakesNoRequest() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.33")
        device.markInstalledEarlier()
        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)

        let opened = try #require(await sdk.handle(url: URL(string: "myapp://products/1234?ref=spring")!))

        #expect(opened.path == "/products/1234")
        #expect(opened.params == ["ref": .string("spring")])
        #expect(opened.matchType == .customScheme)
        #expect(await links.settle(count: 1) == [opened])
        #expect(device.wire.all.isEmpty)
        await sdk.shutdown()
    }

    @Test(
        """
        first launch after a dev click with the same time zone, \
        screen (pixels) and language: check-deferred matches, once
        """
    )
    func firstLaunchAfterAClickWithTheSameTraitsMatches() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.34")
        let traits = device.deviceInfo.value
        let screen = try #require(device.deviceInfo.screenSize)
        try await server.emulatedClick(
            "deepblue",
            [
                "code": "spring", "timezone": traits.timezone, "screenWidth": screen.width,
                "screenHeight": screen.height, "language": traits.language,
            ], from: device.address)

        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.isDeferred)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.path == "/products/1234")
        #expect(link.params == ["ref": .string("spring")])
        #expect(link.providerFields["isSandbox"] == .bool(true))
        #expect(await links.settle(count: 1) == [link])
        #expect(device.firstLaunchDone)
        let asks = device.wire.sent(to: "/api/links/check-deferred")
        try #require(asks.count == 1)
        #expect(asks[0].json["timezone"] as? String == "America/New_York")
        let sent = try #require(asks[0].json["device"] as? [String: Any])
        #expect(sent["screenWidth"] as? Double == 1179)  // 393 points × 3
        #expect(sent["screenHeight"] as? Double == 2556)
        #expect(sent["language"] as? String == "en-US")
        await sdk.shutdown()

        // The next launch asks nothing.
        let relaunch = device.start(try Self.configuration(server))
        #expect(await relaunch.resolveDeferredLink() == nil)
        #expect(device.wire.sent(to: "/api/links/check-deferred").count == 1)
        await relaunch.shutdown()
    }

    @Test("first launch with no click: the 404 delivers nothing, is not retried, and the first-launch flag is set")
    func firstLaunchWithoutAClickDeliversNothingAndSetsTheFlag() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.35")
        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)

        #expect(await sdk.resolveDeferredLink() == nil)

        #expect(await links.settle(count: 0).isEmpty)
        #expect(device.firstLaunchDone)
        let asks = device.wire.sent(to: "/api/links/check-deferred")
        #expect(asks.map(\.status) == [404])
        #expect(asks.first?.answerJSON["detail"] as? String == "No deferred link found.")
        await sdk.shutdown()
    }
}
