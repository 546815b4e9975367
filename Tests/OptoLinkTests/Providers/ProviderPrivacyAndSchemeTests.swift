import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// sdk-core's privacy controls, reset and custom URL schemes through main's providers: the rules hold
/// for every service behind the facade, and the app's schemes have one reading.
@Suite("Providers: privacy, reset and URL schemes")
struct ProviderPrivacyAndSchemeTests {
    static func quberoute(enabledByDefault: Bool = true) throws -> OptoLinkConfiguration {
        try OptoLinkConfiguration.quberoute(
            publishableKey: QubeRouteTests.key, links: .init(domains: ["go.example.com"]),
            privacy: .init(enabledByDefault: enabledByDefault))
    }

    @Test func resetDeviceReplacesQubeRoutesInstallTokenAndTheNextRequestCarriesTheNewOne() async throws {
        // Given a QubeRoute install with its token
        let device = QubeRouteTests.laterLaunch(QubeRouteTests.transport())
        let sdk = device.start(try Self.quberoute())
        let old = sdk.deviceId

        // When the app resets the device, then opens a link
        await sdk.resetDevice()
        let fresh = sdk.deviceId
        _ = await sdk.handle(url: URL(string: "https://go.example.com/spring")!)
        await sdk.shutdown()

        // Then a new install token (same format) is used and stored, and resolve sends it
        #expect(fresh != old)
        #expect(fresh.count == 32 && !fresh.contains("-"))
        #expect(device.store.string(forKey: QubeRouteProvider.installTokenKey) == fresh)
        let resolve = try #require(await device.transport.requests.last)
        #expect(resolve.jsonBody?["installToken"] == .string(fresh))
    }

    @Test func whileDisabledQubeRouteSendsNoMatchNoEventAndNoIdentityUntilConsent() async throws {
        // Given a fresh QubeRoute install of a consent-first app
        let device = TestDevice(transport: QubeRouteTests.transport())
        let sdk = device.start(try Self.quberoute(enabledByDefault: false))

        // When the first launch would run and an event is tracked, before consent
        let deferred = await sdk.resolveDeferredLink()
        let tracked = try await #require(sdk.quberoute).trackEvent("signup", valueMinor: 499, currency: "EUR")
        let identity = await sdk.setIdentity("user-1")

        // Then nothing went out, the event was dropped and the first-launch flag is still unset
        #expect(deferred == nil)
        #expect(!tracked)
        #expect(!identity)
        #expect(await device.transport.requests.isEmpty)
        #expect(await sdk.queuedEventCount() == 0)
        #expect(device.store.bool(forKey: LaunchState.key) == false)

        // When the user consents, the first launch goes on in the same launch
        sdk.setEnabled(true)
        _ = await sdk.resolveDeferredLink()
        await sdk.shutdown()
        #expect(await device.transport.requests.map(\.url.path) == ["/api/v1/sdk/match"])
    }

    @Test func whileDisabledAQubeRouteLinkIsResolvedWithoutTheInstallToken() async throws {
        // Given a later launch, disabled
        let device = QubeRouteTests.laterLaunch(QubeRouteTests.transport())
        let sdk = device.start(try Self.quberoute())
        sdk.setEnabled(false)

        // When the user taps a link
        let link = await sdk.handle(url: URL(string: "https://go.example.com/spring")!)
        await sdk.shutdown()

        // Then it is resolved, and the body leaves the install token out
        #expect(link != nil)
        let requests = await device.transport.requests
        #expect(requests.map(\.url.path) == ["/api/v1/sdk/resolve"])
        #expect(requests.first?.jsonBody == ["url": "https://go.example.com/spring"])
    }

    @Test func whileDisabledDeepBlueAsksNoCheckDeferred() async throws {
        // Given a fresh Deep Blue install, disabled from the start
        let device = TestDevice(transport: DeepBlueTests.transport())
        let sdk = device.start(
            try OptoLinkConfiguration.deepBlue(
                apiKey: DeepBlueTests.key, links: .init(urlSchemes: ["myapp"]), privacy: .init(enabledByDefault: false))
        )

        // When the first launch would run
        let deferred = await sdk.resolveDeferredLink()
        await sdk.shutdown()

        // Then no request left the device and the first-launch flag is unset
        #expect(deferred == nil)
        #expect(await device.transport.requests.isEmpty)
        #expect(device.store.bool(forKey: LaunchState.key) == false)
    }

    @Test func deepBlueAndOptoLinkReadTheAppsSchemesTheSameWay() async throws {
        // Given the same scheme URL for a Deep Blue app and an OptoLink app
        let url = URL(string: "myapp://products/1234/?tag=a&tag=b&flag")!
        let deepBlue = DeepBlueTests.laterLaunch(DeepBlueTests.transport())
        let optoLink = TestDevice(transport: routedTransport { _, _ in Fixtures.response(500, "{}") })
        optoLink.store.set(true, forKey: LaunchState.key)
        let dbl = deepBlue.start(
            try OptoLinkConfiguration.deepBlue(apiKey: DeepBlueTests.key, links: .init(urlSchemes: ["myapp"])))
        let opl = optoLink.start(Fixtures.configuration(urlSchemes: ["myapp"]))

        // When each handles it
        let fromDeepBlue = try #require(await dbl.handle(url: url))
        let fromOptoLink = try #require(await opl.handle(url: url))
        await dbl.shutdown()
        await opl.shutdown()

        // Then both give the same link (one reading, MatchMethod.customScheme), with no request to resolve it
        #expect(fromDeepBlue.matchType == .customScheme)
        #expect(fromOptoLink.matchType == .customScheme)
        #expect(fromDeepBlue.path == fromOptoLink.path)
        #expect(fromDeepBlue.path == "/products/1234/")
        #expect(fromDeepBlue.params == fromOptoLink.params)
        #expect(fromDeepBlue.params == ["tag": .array(["a", "b"]), "flag": ""])
        #expect(fromDeepBlue.service == .deepBlue && fromOptoLink.service == .optoLink)
        #expect(fromDeepBlue.providerFields["url"] == .string(url.absoluteString))
        #expect(await deepBlue.transport.requests.isEmpty)
        #expect(!(await optoLink.transport.requests).contains { $0.url.path.hasSuffix("/data") })
    }

    @Test func deepBlueSchemesAreValidatedAsTheConfigurationsOneList() throws {
        let configuration = try OptoLinkConfiguration.deepBlue(
            apiKey: DeepBlueTests.key, links: .init(urlSchemes: ["MyApp", "myapp"]))
        #expect(configuration.links.urlSchemes == ["myapp"])
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.deepBlue(apiKey: DeepBlueTests.key, links: .init(urlSchemes: ["https"]))
        }
    }
}
