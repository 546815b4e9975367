import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// AppsFlyer matches a click by the address its caller signs: where the dashboard cannot know the address a
/// deployment saw its click from, a scenario that needs a deferred match skips saying so instead of failing.
@Suite("AppsFlyer's signed address")
struct SignedAddressSkipTests {
    static func environment(_ baseURL: String, referenceServer: Bool = false) -> ScenarioEnvironment {
        var target = BackendTarget.demo(.appsFlyer, baseURL: URL(string: baseURL)!)
        target.links = .given([.main: URL(string: "https://brand.onelink.me/Hx7q/spring")!])
        return ScenarioEnvironment(
            backend: BackendClient(target: target), backoffBase: 1,
            capabilities: BackendCapabilities(devEndpoints: false, referenceServer: referenceServer),
            observer: DeviceObserver(emit: { _ in }, breakdowns: nil, profiles: false))
    }

    @Test func aRemoteAppsFlyerSkipsWhatNeedsAMatchNamingWhy() throws {
        // Given a remote AppsFlyer deployment (HTTPS, not the reference server) and a scenario that clicks
        let flaky = try #require(ScenarioCatalog.named("flaky-server"))
        let remote = Self.environment("https://api.appsflyer.example/v1.0")
        // When / Then: it skips, naming the address it cannot know
        let reason = ScenarioRunner.signedAddressSkipReason(flaky, remote)
        #expect(reason?.contains("cannot know which address api.appsflyer.example saw its browser's click") == true)
    }

    @Test func whereTheDashboardNamesTheAddressItRuns() throws {
        let flaky = try #require(ScenarioCatalog.named("flaky-server"))
        let rateLimited = try #require(ScenarioCatalog.named("rate-limited"))
        // A loopback deployment (on Linux each network sends from its own loopback address) and the reference server
        #if os(Linux)
        #expect(
            ScenarioRunner.signedAddressSkipReason(flaky, Self.environment("http://127.0.0.1:8080/v1.0")) == nil)
        #endif
        #expect(
            ScenarioRunner.signedAddressSkipReason(
                flaky, Self.environment("https://af.example/v1.0", referenceServer: true)) == nil)
        // and a scenario that clicks nothing runs anywhere
        #expect(
            ScenarioRunner.signedAddressSkipReason(rateLimited, Self.environment("https://af.example/v1.0")) == nil)
    }
}
