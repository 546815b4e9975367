import DashboardTestSupport
import Foundation
import OptoLinkServer
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// Every scenario, headless, against its own embedded server (short backoff base so the suite stays fast;
/// the scenarios themselves assert the scheduled waits are base and 2×base).
@Suite("Scenarios (headless, embedded server)")
struct ScenarioHeadlessTests {
    static let base = 0.05

    /// The 17 scenarios every service runs; the service-specific ones run in ProviderHeadlessTests.
    @Test(arguments: ScenarioCatalog.common.map(\.name))
    func scenarioPasses(name: String) async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let sink = LineSink()
        let scenario = try #require(ScenarioCatalog.named(name))
        let summary = await HeadlessRunner.run(
            [scenario], target: .demo(.optoLink, baseURL: server.baseURL),
            backoffBase: Self.base, write: { sink.write($0) })
        let lines = sink.lines
        #expect(summary == HeadlessRunner.Summary(passed: 1, failed: 0, skipped: 0), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("PASS \(name)"))
        #expect(lines.last == "1 passed, 0 failed")
        // The timeline is printed: one line per diagnostic with its relative time.
        #expect(lines.contains { $0.range(of: #"^ +\+\d+\.\d{3}s  "#, options: .regularExpression) != nil })
        // Every step of the plan is ticked, once each, in the plan's order, before the verdict: the body's
        // `ctx.step` calls are the plan (a name outside it would also log a warning).
        let ticked = lines.compactMap { line -> String? in
            guard let range = line.range(of: #"^ +\+\d+\.\d{3}s  ✔ "#, options: .regularExpression) else { return nil }
            return String(line[range.upperBound...])
        }
        #expect(ticked == scenario.steps, "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("✘") || $0.contains("not in the scenario's plan") })
        let lastTick = lines.lastIndex { $0.contains("✔ ") } ?? lines.count
        #expect(lastTick < (lines.firstIndex(of: "PASS \(name)") ?? -1))
    }

    @Test func aFailedRunPrintsTheFailedStepAndTheStepsItNeverReached() async throws {
        // Given a scenario whose second step fails
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let sink = LineSink()
        let scenario = Scenario(
            name: "half-way", expectation: "three steps",
            steps: ["first launch", "/match → CLIPBOARD", "pasteboard cleared"],
            needsDevEndpoints: false
        ) { ctx in
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("/match → CLIPBOARD")
            try check(link?.matchType == .clipboard, "expected CLIPBOARD, got \(describe(link))")
            ctx.step("pasteboard cleared")
            return "unreachable"
        }
        // When
        let summary = await HeadlessRunner.run(
            [scenario], target: .demo(.optoLink, baseURL: server.baseURL), backoffBase: Self.base,
            write: { sink.write($0) })
        // Then: ✔ first launch, ✘ the match step, · the step never reached, then the verdict
        let lines = sink.lines
        #expect(summary.failed == 1)
        let steps = lines.filter {
            !$0.hasPrefix("routes: ") && ($0.contains("✔ ") || $0.contains("✘ ") || $0.contains("(not reached)"))
        }
        #expect(steps.count == 3, "\(lines.joined(separator: "\n"))")
        #expect(steps.first?.hasSuffix("✔ first launch") == true)
        #expect(steps.dropFirst().first?.hasSuffix("✘ /match → CLIPBOARD") == true)
        #expect(steps.last == String(repeating: " ", count: 13) + "· pasteboard cleared (not reached)")
        #expect(lines.contains("FAIL half-way: expected CLIPBOARD, got no link"))
    }

    @Test func flakyServerWaitsBaseThenTwiceBase() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let sink = LineSink()
        _ = await HeadlessRunner.run(
            [try #require(ScenarioCatalog.named("flaky-server"))], target: .demo(.optoLink, baseURL: server.baseURL),
            backoffBase: 0.1, write: { sink.write($0) })
        let retries = sink.lines.filter { $0.contains("match #") && $0.contains("retry after") }
        #expect(retries.count == 2)
        #expect(retries.first?.contains("retry after 0.1s (attempt 1 failed)") == true)
        #expect(retries.last?.contains("retry after 0.2s (attempt 2 failed)") == true)
    }

    @Test func withoutDevEndpointsOnlyTheScenariosNeedingServerInternalsAreSkipped() async throws {
        // Given a production-mode server (no /dev) that takes the client from X-Forwarded-For
        let server = try OptoLinkServer(configuration: .init(port: 0, trustForwardedFor: true, production: true))
        try server.start()
        defer { server.stop() }
        let sink = LineSink()
        // When every scenario runs against it
        let summary = await HeadlessRunner.run(
            ScenarioCatalog.all, target: .demo(.optoLink, baseURL: server.baseURL),
            backoffBase: Self.base, write: { sink.write($0) })
        let lines = sink.lines
        // Then only those that need a server internal are skipped, each naming it; faults come from the proxy
        let skipping = ScenarioCatalog.all.compactMap { scenario -> (String, String)? in
            if let reason = scenario.skipReason(for: .optoLink) { return (scenario.name, reason) }
            guard scenario.needsDevEndpoints else { return nil }
            switch scenario.withoutDevEndpoints {
            case .skip(let reason), .clickRoute(let reason): return (scenario.name, reason)
            case .proxyFaults, .pageClicks: return nil
            }
        }
        // The two that need server internals, and the five about another service
        #expect(
            skipping.map(\.0) == [
                "deferred-fingerprint-exact", "window-expired", "events-idempotent", "match-once", "not-a-short-link",
                "custom-scheme", "signature",
            ])
        #expect(summary.skipped == skipping.count)
        #expect(summary.failed == 0, "\(lines.filter { $0.hasPrefix("FAIL") })")
        #expect(summary.passed == ScenarioCatalog.all.count - skipping.count)
        for (name, reason) in skipping { #expect(lines.contains("SKIP \(name): \(reason)")) }
        #expect(lines.last == "\(summary.passed) passed, 0 failed, \(skipping.count) skipped")
        // deferred-clipboard worked through the real redirect page, flaky-server through the fault proxy
        #expect(lines.contains("PASS deferred-clipboard"))
        #expect(lines.contains("PASS flaky-server"))
        #expect(lines.contains { $0.contains("fault injected by the proxy") })
    }

    @Test func unknownScenarioIsAUsageError() async {
        let sink = LineSink()
        let code = await HeadlessRunner.run(
            options: DashboardOptions(mode: .headless, scenario: "no-such"), recorder: RecordingHeadlessRecorder(),
            write: { sink.write($0) })
        #expect(code == 2)
        #expect(sink.lines.first?.contains("unknown scenario 'no-such'") == true)
    }

    @Test func everyScenarioStatesItsExpectationAndNamesAreUnique() {
        #expect(Set(ScenarioCatalog.names).count == ScenarioCatalog.all.count)
        #expect(
            ScenarioCatalog.names == [
                "direct-open", "direct-open-cold-start", "deferred-clipboard", "deferred-fingerprint-exact",
                "deferred-scored-medium",
                "deferred-scored-low", "deferred-ip-fuzzy", "shared-network-guard", "window-expired", "flaky-server",
                "server-down",
                "rate-limited", "timeout", "reinstall-rematch", "identity-before-session", "oversized-event",
                "offline-events-flush", "events-idempotent", "match-once", "not-a-short-link", "custom-scheme",
                "signature",
            ])
        #expect(ScenarioCatalog.all.allSatisfy { !$0.expectation.isEmpty })
        #expect(HeadlessRunner.listing.count == ScenarioCatalog.all.count)
    }
}
