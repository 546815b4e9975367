import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The SDK's guarantees for every emulated service, end to end: it never throws into the app (every
/// call is non-throwing and returns nil/false on failure) and never blocks it (`start` returns while the
/// first-launch request is still at the server; every call returns against a failing server).
@Suite("Provider guarantees end to end")
struct ProviderGuaranteeTests {
    enum Service: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case quberoute, deepBlue, appsFlyer

        var testDescription: String { rawValue }

        /// The first-launch request's path and its fault route name.
        var firstLaunchPath: String {
            switch self {
            case .quberoute: "/api/v1/sdk/match"
            case .deepBlue: "/api/links/check-deferred"
            case .appsFlyer: "/v1.0/ios/\(EmulatedDemo.appsFlyerAppID)"
            }
        }

        var firstLaunchFault: String {
            switch self {
            case .quberoute: "qr-match"
            case .deepBlue: "dbl-check-deferred"
            case .appsFlyer: "af-deeplink"
            }
        }

        /// The first-launch answer without a click: QubeRoute `link: null`, Deep Blue 404, AppsFlyer `found: false`.
        var noLinkStatus: Int { self == .deepBlue ? 404 : 200 }

        /// A link of the service's demo app (AppsFlyer's S2S API resolves none: `handle` returns nil).
        var linkURL: URL {
            switch self {
            case .quberoute: QubeRouteEndToEndTests.springURL
            case .deepBlue: DeepBlueEndToEndTests.springURL
            case .appsFlyer: URL(string: "https://demo.onelink.me/spring")!
            }
        }

        func configuration(_ server: TestServer, device: ProviderDevice) throws -> OptoLinkConfiguration {
            switch self {
            case .quberoute: return try QubeRouteEndToEndTests.configuration(server)
            case .deepBlue: return try DeepBlueEndToEndTests.configuration(server)
            case .appsFlyer:
                let backend = try AppsFlyerBackend(deviceAddress: device.address)
                return try AppsFlyerEndToEndTests.configuration(server, hook: backend.signingHook)
            }
        }
    }

    @Test(
        """
        start returns while the first-launch request is still held \
        at the server (2 s delay, under every provider's timeout)
        """,
        arguments: Service.allCases)
    func startDoesNotWaitForTheFirstLaunchRequest(_ service: Service) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.5\(Service.allCases.firstIndex(of: service)!)")
        try await server.addFault(route: service.firstLaunchFault, kind: "delay", delaySeconds: 2)
        let configuration = try service.configuration(server, device: device)

        let sdk = device.start(configuration)
        // start has returned: whatever the first-launch request is doing, it has no answer yet.
        let answeredAtReturn = device.wire.sent(to: service.firstLaunchPath).contains { $0.status != nil }

        #expect(answeredAtReturn == false)
        _ = await sdk.resolveDeferredLink()  // returns once the delayed answer came (no link: no click)
        #expect(device.wire.sent(to: service.firstLaunchPath).map(\.status) == [service.noLinkStatus])
        await sdk.shutdown()
    }

    @Test(
        "against a server failing every request with 500, every public call returns, nothing delivered",
        arguments: Service.allCases)
    func everyCallReturnsAgainstAFailingServer(_ service: Service) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.6\(Service.allCases.firstIndex(of: service)!)")
        try await server.addFault(route: "any", kind: "status", status: 500, count: 1_000)
        let sdk = device.start(try service.configuration(server, device: device))
        let links = Collector(sdk.links)

        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await sdk.handle(url: service.linkURL) == nil)
        _ = await sdk.trackEvent("signup")
        await sdk.flushEvents()
        _ = await sdk.queuedEventCount()
        #expect(await sdk.setIdentity("user-1") == false)
        #expect(await sdk.clearIdentity() == false)
        #expect(await sdk.checkPasteboard() == false)
        sdk.setEnabled(false)
        sdk.setEnabled(true)
        await sdk.resetDevice()

        #expect(await links.settle(count: 0, settle: 0.2).isEmpty)
        #expect(device.wire.all.allSatisfy { $0.status == nil || $0.status == 500 })
        await sdk.shutdown()
    }
}
