import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Deep Blue Links (seed 004) through the one facade: request bytes from the recording transport, the
/// 404 that routes by the URL, URL schemes without a request, and check-deferred with the screen in pixels.
@Suite("Deep Blue Links provider")
struct DeepBlueTests {
    static let key = "dbl_sandbox_demo_0001"
    /// The seed's `ResolvedLink`.
    static let resolvedJSON =
        #"{"id":42,"longUrl":"https://demo.example.com/products/1234?color=blue&"#
        + #"size=m","shortUrl":"https://demo.dev.thedbl.ink/abc","isSandbox":true}"#

    static func configuration(logger: OptoLinkLogger? = nil) throws -> OptoLinkConfiguration {
        try OptoLinkConfiguration.deepBlue(
            apiKey: key, links: .init(domains: ["demo.dev.thedbl.ink", "link.example.com"], urlSchemes: ["MyApp"]),
            logging: .init(logger: logger))
    }

    static func transport(
        resolve: @escaping @Sendable () -> HTTPResponse = { Fixtures.response(200, resolvedJSON) },
        deferred: @escaping @Sendable () -> HTTPResponse = { Fixtures.response(404, #"{"detail":"Not found."}"#) }
    ) -> ScriptedTransport {
        ScriptedTransport { request in
            switch request.url.path {
            case "/api/links/resolve": return resolve()
            case "/api/links/check-deferred": return deferred()
            default: return Fixtures.response(404, #"{"detail":"Not found."}"#)
            }
        }
    }

    static func laterLaunch(_ transport: ScriptedTransport) -> TestDevice {
        let device = TestDevice(transport: transport)
        device.store.set(true, forKey: LaunchState.key)
        return device
    }

    @Test func theConfigurationTakesTheKeyAndTheURLSchemes() throws {
        let configuration = try Self.configuration()
        #expect(configuration.credentials.key == Self.key)
        #expect(configuration.service == .deepBlue)
        #expect(configuration.links.urlSchemes == ["myapp"])
        #expect(configuration.baseURL.absoluteString == "https://dev.thedbl.ink")
        #expect(configuration.clipboardReading == .never)
        #expect(throws: OptoLinkError.invalidConfiguration) { try OptoLinkConfiguration.deepBlue(apiKey: "") }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.deepBlue(apiKey: "k", links: .init(urlSchemes: ["https"]))
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.deepBlue(apiKey: "k", links: .init(urlSchemes: ["1app"]))
        }
    }

    @Test func aShortLinkIsResolvedWithTheApiKeyAndRoutedByItsLongURL() async throws {
        // Given a later launch
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration())
        let links = sdk.links

        // When a short link opens the app
        let url = URL(string: "https://demo.dev.thedbl.ink/abc")!
        let link = try #require(await sdk.handle(url: url))
        await sdk.shutdown()

        // Then one POST /api/links/resolve {url} went out with the Api-Key header
        let request = try #require(await device.transport.requests.first)
        #expect(await device.transport.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://dev.thedbl.ink/api/links/resolve")
        #expect(request.header("Api-Key") == Self.key)
        #expect(request.header("Authorization") == nil)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.jsonBody == ["url": "https://demo.dev.thedbl.ink/abc"])
        // And the link routes by longUrl's path and query, isSandbox kept
        #expect(link.path == "/products/1234")
        #expect(link.params == ["color": "blue", "size": "m"])
        #expect(link.linkId == "42")
        #expect(link.matchType == .direct)
        #expect(!link.isDeferred)
        #expect(link.service == .deepBlue)
        #expect(link.providerFields["isSandbox"] == true)
        #expect(link.providerFields["shortUrl"] == "https://demo.dev.thedbl.ink/abc")
        #expect(link.providerFields["longUrl"] == "https://demo.example.com/products/1234?color=blue&size=m")
        #expect(await collect(links) == [link])
    }

    @Test func a404IsNotAShortLinkAndRoutesByTheURLItself() async throws {
        // Given resolve answering 404 (the URL is a link's full URL, not a short link)
        let logs = Recorder<String>()
        let device = Self.laterLaunch(Self.transport(resolve: { Fixtures.response(404, #"{"detail":"Not found."}"#) }))
        let sdk = device.start(try Self.configuration(logger: { _, message in logs.record(message) }))
        let links = sdk.links

        // When it opens the app
        let link = try #require(await sdk.handle(url: URL(string: "https://link.example.com/products/77?ref=mail")!))
        await sdk.shutdown()

        // Then it is delivered as a link to the URL's own path and query, asked once, and no error is logged
        #expect(link.path == "/products/77")
        #expect(link.params == ["ref": "mail"])
        #expect(link.matchType == .direct)
        #expect(link.providerFields[DeepBlueAnswer.notShortLinkField] == true)
        #expect(link.providerFields["url"] == "https://link.example.com/products/77?ref=mail")
        #expect(await collect(links) == [link])
        #expect(await device.transport.requests.count == 1)
        #expect(logs.all.isEmpty)
    }

    @Test func aURLSchemeRoutesByHostAndPathWithoutARequest() async throws {
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration())
        let links = sdk.links
        let link = try #require(await sdk.handle(url: URL(string: "myapp://products/1234?tab=reviews")!))
        #expect(!sdk.canHandle(url: URL(string: "otherapp://products/1")!))
        await sdk.shutdown()
        #expect(link.path == "/products/1234")
        #expect(link.params == ["tab": "reviews"])
        #expect(link.matchType.rawValue == "CUSTOM_SCHEME")
        #expect(await collect(links) == [link])
        #expect(await device.transport.requests.isEmpty)
    }

    @Test func theFirstLaunchChecksDeferredOnceWithTheTimeZoneAndThePixelScreen() async throws {
        // Given a fresh install (an iPhone 15 Pro: 393 × 852 points at scale 3) and a deferred link
        let store = InMemoryKeyValueStore()
        let flagAtCall = Recorder<Bool>()
        let transport = ScriptedTransport { request in
            flagAtCall.record(store.bool(forKey: LaunchState.key))
            return Fixtures.response(200, Self.resolvedJSON)
        }
        let device = TestDevice(transport: transport, store: store)
        let sdk = device.start(try Self.configuration())

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())
        await sdk.shutdown()

        // Then one check-deferred went out, flagged before the call, with the IANA zone and pixels
        let request = try #require(await transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://dev.thedbl.ink/api/links/check-deferred")
        #expect(request.header("Api-Key") == Self.key)
        #expect(
            request.jsonBody == [
                "timezone": "America/New_York",
                "device": ["screenWidth": 1179, "screenHeight": 2556, "language": "en-US"],
            ])
        #expect(flagAtCall.all == [true])
        #expect(link.isDeferred)
        #expect(link.path == "/products/1234")
        #expect(link.matchType == .fingerprintScored)
        #expect(link.providerFields["isSandbox"] == true)

        // And the next launch asks nothing
        let next = device.start(try Self.configuration())
        #expect(await next.resolveDeferredLink() == nil)
        await next.shutdown()
        #expect(await transport.requests.count == 1)
    }

    @Test func a404FromCheckDeferredIsTheNormalNoLinkAndADeviceWithoutAScreenSendsNoDevice() async throws {
        // Given a fresh install on a device with no screen, and check-deferred answering 404
        let logs = Recorder<String>()
        let transport = Self.transport()
        let device = TestDevice(transport: transport)
        let environment = OptoLinkEnvironment(
            store: device.store, pasteboard: device.pasteboard,
            deviceInfo: FixedDeviceInfo(FixedDeviceInfo.iPhone.value),
            transport: transport, clock: device.clock)
        let sdk = OptoLink.start(
            configuration: try Self.configuration(logger: { level, message in logs.record("\(level) \(message)") }),
            environment: environment)

        // When the first launch settles
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()

        // Then the body held the time zone only, and nothing was logged as a failure
        let request = try #require(await transport.requests.first)
        #expect(request.jsonBody == ["timezone": "America/New_York"])
        #expect(!logs.all.contains { $0.contains("failed") })
    }

    @Test func eventsAndIdentityAreRefusedForDeepBlue() async throws {
        let logs = Recorder<String>()
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration(logger: { _, message in logs.record(message) }))
        #expect(await sdk.trackEvent("open") == false)
        #expect(await sdk.setIdentity("u") == false)
        #expect(await sdk.clearIdentity() == false)
        #expect(await sdk.queuedEventCount() == 0)
        #expect(sdk.quberoute == nil)
        #expect(sdk.api == nil)
        await sdk.shutdown()
        #expect(await device.transport.requests.isEmpty)
        // And each refusal is the one documented error, naming the call and the service
        #expect(
            logs.all.filter { $0.hasPrefix("OptoLinkError.unsupportedByService: ") } == [
                "OptoLinkError.unsupportedByService: trackEvent: Deep Blue Links takes no events from an app",
                "OptoLinkError.unsupportedByService: setIdentity: Deep Blue Links does not bind devices to users",
                "OptoLinkError.unsupportedByService: clearIdentity: Deep Blue Links does not bind devices to users",
            ])
    }

    @Test func aFirstLaunchStillWaitingDoesNotHoldARefusal() async throws {
        // Given a first launch whose check-deferred never answers
        let device = TestDevice(transport: ScriptedTransport([.hang]))
        let sdk = device.start(try Self.configuration())

        // When the app asks for what Deep Blue has no endpoint for, the answer comes at once
        #expect(await sdk.setIdentity("u") == false)
        #expect(await sdk.trackEvent("open") == false)
        await sdk.shutdown()
    }

    @Test(arguments: [
        ("9223372036854775807", "9.223372036854776e+18"),  // Int64.max reads as 2^63: one past what Int64 holds
        ("1e300", "1e+300"), ("-9223372036854775809", "-9223372036854775808"),  // -2^63 is Int64.min
        ("42", "42"), ("-7", "-7"),
        ("1.5", "1.5"),
    ])
    func aNumericIdOfAnySizeIsKeptAsTextAndNeverTraps(_ id: String, _ text: String) throws {
        // Given a resolve answer whose numeric id does not fit an Int64 (or does)
        let body = #"{"id":\#(id),"longUrl":"https://shop.example.com/p/1","shortUrl":"https://demo.dev.thedbl.ink/a"}"#
        // When it is read
        let link = try DeepBlueAnswer.link(HTTPResponse(status: 200, body: Data(body.utf8)), isDeferred: false)
        // Then the link keeps the id as text (a whole number within Int64 without a fraction)
        #expect(link.linkId == text)
        #expect(link.path == "/p/1")
    }

    @Test func aScreenInPointsIsReportedInPixels() {
        #expect(DeviceScreen(points: 393, 852, scale: 3) == DeviceScreen(width: 1179, height: 2556))
        #expect(DeviceScreen(points: 320, 568, scale: 2) == DeviceScreen(width: 640, height: 1136))
    }
}
