import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// The scenario picker under a service that cannot serve some scenarios: each says SKIP and why, instead
/// of an expectation written for checks that never run; the compare picker describes a scenario by a
/// service that runs it and names the ones that skip it.
@Suite("Scenario picker: skipped scenarios")
struct ScenarioPickerSkipTests {
    /// The dashboard as the runtime sets it up for `service`, the picker open on `selected`.
    static func picker(_ service: OptoLinkService, selected: Int, compare: Bool = false) -> DashboardState {
        Fixtures.reduced([
            .providerChanged(service), .scenariosAvailable(ScenarioCatalog.names),
            .scenarioExpectations(
                ScenarioCatalog.expectations(for: service), skips: ScenarioCatalog.skipReasons(for: service),
                compare: ScenarioCatalog.compareExpectations),
            .openOverlay(.scenarioPicker(selected: selected, compare: compare)),
        ])
    }

    static func index(of name: String) throws -> Int {
        try #require(ScenarioCatalog.names.firstIndex(of: name))
    }

    @Test func underAppsFlyerADirectOpenSaysSkipAndWhyNotWhatItWouldExpect() throws {
        // Given AppsFlyer (no direct opens) and the picker on direct-open
        let state = Self.picker(.appsFlyer, selected: try Self.index(of: "direct-open"))
        // When it is drawn
        let text = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
        // Then its row and its detail say it is skipped, and why
        #expect(text.contains("SKIP: AppsFlyer's S2S API resolves no URL"), "\(text)")
        #expect(text.contains("SKIP under AppsFlyer: AppsFlyer's S2S API resolves no URL: there is no direct open"))
        // and nothing describes an open AppsFlyer would answer
        #expect(!text.contains("(no direct open) answers 200"), "\(text)")
        #expect(!text.contains("expects the running app opens"), "\(text)")
    }

    @Test func onADeploymentProbedWithoutDevRoutesThePickerSaysWhatTheRunWouldSkip() throws {
        // Given a Deep Blue deployment (not the reference server) probed with no /dev routes
        var target = BackendTarget(
            baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: nil, orgKey: nil, service: .deepBlue)
        target.links = .given([.main: URL(string: "http://127.0.0.1:9/summer")!])
        let environment = ScenarioEnvironment(
            backend: BackendClient(target: target), backoffBase: 0.01, hasDevEndpoints: false,
            observer: DeviceObserver(emit: { _ in }, breakdowns: nil, profiles: false))
        let skips = ScenarioCatalog.skipReasons(in: environment)
        // Then the scenarios whose outcome is OptoLink's engine say SKIP and why, as their runs do
        for name in ["deferred-ip-fuzzy", "shared-network-guard", "window-expired"] {
            let scenario = try #require(ScenarioCatalog.named(name))
            #expect(skips[name] != nil, "\(name)")
            #expect(skips[name] == ScenarioRunner.reasonToSkip(scenario, environment), "\(name)")
        }
        // And the picker on deferred-ip-fuzzy shows the SKIP, not a score under 65
        let state = Fixtures.reduced([
            .providerChanged(.deepBlue), .scenariosAvailable(ScenarioCatalog.names),
            .scenarioExpectations(
                ScenarioCatalog.expectations(for: target), skips: skips, compare: ScenarioCatalog.compareExpectations),
            .openOverlay(.scenarioPicker(selected: try Self.index(of: "deferred-ip-fuzzy"), compare: false)),
        ])
        let text = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
        #expect(text.contains("SKIP under Deep Blue Links: its outcome is the reference engine's"), "\(text)")
        #expect(!text.contains("score under 65"), "\(text)")
    }

    @Test func aScenarioTheServiceRunsStillShowsItsExpectation() throws {
        // Given AppsFlyer and the picker on signature (AppsFlyer's own)
        let name = "signature"
        let state = Self.picker(.appsFlyer, selected: try Self.index(of: name))
        let text = DashboardRenderer.render(state, size: .full).lines.joined(separator: " ")
        // Then the detail is its expectation, with no SKIP
        let expectation = try #require(ScenarioCatalog.named(name)?.expectation(for: .appsFlyer))
        #expect(text.contains("expects " + String(expectation.prefix(40))), "\(text)")
        #expect(!text.contains("SKIP under AppsFlyer"))
    }

    @Test func theComparePickerDescribesAScenarioByAServiceThatRunsItAndNamesTheOthers() throws {
        // Given AppsFlyer selected and the compare picker on direct-open
        let state = Self.picker(.appsFlyer, selected: try Self.index(of: "direct-open"), compare: true)
        let screen = DashboardRenderer.render(state, size: .full).lines
        // Then the detail (wrapped over its rows) is OptoLink's expectation, and AppsFlyer is named as skipping it
        let detail = screen.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(detail.contains("expects OptoLink: the running app opens"), "\(detail)")
        #expect(detail.contains("(SKIP under AppsFlyer)"), "\(detail)")
        #expect(!detail.contains("SKIP: AppsFlyer's"), "the compare picker shows no single service's SKIP")
    }

    @Test func compareExpectationsComeFromTheFirstServiceThatRunsEachScenario() throws {
        let compare = ScenarioCatalog.compareExpectations
        // A scenario of one service: described by it, the three others named
        let idempotent = try #require(compare["events-idempotent"])
        let quberoute = try #require(ScenarioCatalog.named("events-idempotent")?.expectation(for: .quberoute))
        #expect(idempotent.hasPrefix("QubeRoute: " + quberoute), "\(idempotent)")
        #expect(idempotent.hasSuffix("(SKIP under OptoLink, Deep Blue Links, AppsFlyer)"), "\(idempotent)")
        // One every service runs: OptoLink's, no SKIP
        let flaky = try #require(compare["flaky-server"])
        #expect(flaky == "OptoLink: " + (ScenarioCatalog.named("flaky-server")?.expectation(for: .optoLink) ?? "?"))
        // Every scenario has one
        #expect(Set(compare.keys) == Set(ScenarioCatalog.names))
    }

    @Test func aSkippedScenarioLogsNoExpectationAndItsChecklistExpectsNothing() async throws {
        // Given a runner against AppsFlyer
        let sink = ActionSink()
        let environment = ScenarioEnvironment(
            backend: BackendClient(target: BackendTarget.demo(.appsFlyer, baseURL: URL(string: "http://127.0.0.1:9")!)),
            backoffBase: 0.01, hasDevEndpoints: true,
            observer: DeviceObserver(emit: { sink.emit($0) }, breakdowns: nil, profiles: false))
        // When it runs direct-open, which AppsFlyer cannot serve
        let scenario = try #require(ScenarioCatalog.named("direct-open"))
        let result = await ScenarioRunner(environment: environment).run(scenario)
        // Then it is skipped without an "expects" line
        #expect(result.outcome == .skipped("AppsFlyer's S2S API resolves no URL: there is no direct open"))
        let logs = sink.actions.compactMap { action -> String? in
            if case .log(_, let text) = action { return text }
            return nil
        }
        #expect(!logs.contains { $0.hasPrefix("expects:") }, "\(logs)")
        // And the dashboard's checklist and result for it expect nothing (the SKIP says why)
        var state = Self.picker(.appsFlyer, selected: 0)
        for action in sink.actions { DashboardReducer.reduce(&state, action) }
        #expect(state.scenarioChecklist?.expectation == "")
        #expect(state.scenarioResults.last?.expectation == "")
        #expect(state.scenarioResults.last?.verdict == .skipped)
    }
}
