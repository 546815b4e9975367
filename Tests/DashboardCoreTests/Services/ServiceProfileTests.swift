import DashboardScenarios
import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkServer
import OptoLinkTesting
import Testing

@testable import DashboardCore

/// The per-service knowledge: each profile's demo target makes a configuration the SDK accepts for its
/// service, its fault route names are the server's, and AppsFlyer's simulated backend signs as the seed says.
@Suite("Service profiles")
struct ServiceProfileTests {
    static let base = URL(string: "http://127.0.0.1:41234")!

    @Test(arguments: OptoLinkService.allCases)
    func theDemoTargetMakesAConfigurationForItsService(service: OptoLinkService) throws {
        // Given the demo target of the service
        let target = BackendTarget.demo(service, baseURL: Self.base)
        #expect(target.service == service && target.profile.service == service)
        #expect(target.profile.missingKeyFlag(in: target) == nil)
        // When the simulated device builds its configuration
        let configuration = try target.profile.configuration(
            settings: DeviceSettings(target: target), address: AddressBox("203.0.113.7"))
        // Then the SDK runs that service against the target's base URL
        #expect(configuration.service == service)
        #expect(configuration.baseURL == Self.base)
    }

    @Test func appsFlyersDevKeyNeverReachesTheSDKsConfiguration() throws {
        let target = BackendTarget.demo(.appsFlyer, baseURL: Self.base)
        let configuration = try target.profile.configuration(
            settings: DeviceSettings(target: target), address: AddressBox("203.0.113.7"))
        #expect(configuration.credentials.appsFlyerAppID == "id123456789")
        #expect(configuration.credentials.key == nil)
        #expect(!String(reflecting: configuration).contains(try #require(target.devKey).rawValue))
    }

    @Test func theSimulatedBackendSignsTheSeedsExample() throws {
        // seed 003's example: DevKey w8sZzy8EaPaxFKfaoTqUi6, timestamp 2015-01-22T08:45:33.412, ip 127.0.0.1
        let signer = AppsFlyerBackendSigner(devKey: DevKey.demo.rawValue)
        #expect(
            try signer.afSig(timestamp: "2015-01-22T08:45:33.412", ip: "127.0.0.1")
                == "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327")
        #expect(throws: (any Error).self) { try AppsFlyerBackendSigner(devKey: "").afSig(timestamp: "t", ip: "1") }
    }

    @Test(arguments: OptoLinkService.allCases)
    func everyFaultRouteNameIsOneTheServerTakes(service: OptoLinkService) async throws {
        // Given the embedded server
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let client = BackendClient(target: .demo(service, baseURL: server.baseURL))
        let profile = client.target.profile
        // When each of the service's routes gets a fault, Then the server takes its name
        for route in [ServiceRoute.open, .match, .events] {
            guard let name = profile.faultRoute(route) else { continue }
            try await client.addFault(FaultRule(route: name, fault: .status(503, retryAfter: nil), count: 1))
        }
        try await client.clearFaults()
        #expect(profile.faultRoute(.match) != nil)
    }

    @Test func theSimulatedAppSendsWhatIOSAddsToAnAppsRequests() async throws {
        // Given the device's transport over a scripted network
        let network = ScriptedTransport([.response(status: 200), .response(status: 200)])
        let transport = ForwardedForTransport(
            base: network, address: { "203.0.113.9" }, appLanguage: { "de-DE" })
        let url = URL(string: "http://127.0.0.1/api/links/check-deferred")!
        // When a request without and one with its own User-Agent go out
        _ = try await transport.send(HTTPRequest(method: "POST", url: url, headers: [:], timeout: 1))
        _ = try await transport.send(
            HTTPRequest(method: "POST", url: url, headers: ["User-Agent": "Mine/1"], timeout: 1))
        // Then each carries the address and the language; an app-style User-Agent only where none was set
        let sent = await network.requests
        #expect(sent.count == 2)
        #expect(sent[0].headers["X-Forwarded-For"] == "203.0.113.9")
        #expect(sent[0].headers["Accept-Language"] == "de-DE")
        #expect(sent[0].headers["User-Agent"] == ForwardedForTransport.appUserAgent)
        #expect(sent[1].headers["User-Agent"] == "Mine/1")
    }
}
