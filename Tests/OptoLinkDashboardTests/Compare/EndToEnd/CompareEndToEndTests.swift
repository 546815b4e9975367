import DashboardSessions
import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardProxy
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// The compare against the embedded server, for real: headless (`--headless --compare`) and from the
/// dashboard's runtime (`C`).
@Suite("Compare end to end (embedded server)", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct CompareEndToEndTests {
    @Test func headlessCompareOfFlakyServerRunsTheFourServicesSideBySide() async throws {
        // Given the embedded server and a short backoff base
        let sink = LineSink()
        let options = try DashboardOptions.parse(["--headless", "--compare", "flaky-server", "--backoff-base", "0.05"])
        // When the compare runs
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        let lines = sink.lines
        let text = lines.joined(separator: "\n")
        // Then it exits 0 and prints one column per service, each ending PASS or SKIP with its reason
        #expect(code == 0, "\(text)")
        let table = try #require(lines.firstIndex(of: "compare flaky-server"), "\(text)")
        #expect(lines[table + 1].contains("OptoLink") && lines[table + 1].contains("AppsFlyer"))
        #expect(lines.contains("PASS flaky-server on OptoLink"), "\(text)")
        // And every column shows the two 503s and the waits base and 2×base, then its service's own link
        func cells(_ label: String) -> [String] {
            guard let line = lines.dropFirst(table).first(where: { $0.hasPrefix(label) }) else { return [] }
            let characters = Array(line)
            return (0..<4).map { column in
                let start = 14 + column * 26
                guard start < characters.count else { return "" }
                return String(characters[start..<min(characters.count, start + 26)]).trimmingCharacters(
                    in: .whitespaces)
            }
        }
        #expect(cells("outcome") == ["PASS", "PASS", "PASS", "PASS"], "\(text)")
        #expect(cells("attempts") == Array(repeating: "3 (503 503 200)", count: 4), "\(text)")
        #expect(cells("waits") == Array(repeating: "50ms, 0.1s", count: 4), "\(text)")
        // Each service names its match in its own words
        #expect(cells("method") == ["CLIPBOARD", "probabilistic ip_address", "check-deferred", "probabilistic"])
        #expect(cells("match type") == ["—", "ip_address", "sandbox", "probabilistic"], "\(text)")
        // The demo campaign routes to the same place on every service: the columns differ only in how they matched
        #expect(cells("link") == Array(repeating: "/promo/summer", count: 4), "\(text)")
        for service in ["OptoLink", "QubeRoute", "Deep Blue", "AppsFlyer"] {
            #expect(lines.contains("PASS flaky-server on \(service)"), "\(service)")
        }
        // And every column's log lines are told apart by the service
        #expect(lines.contains { $0.contains("OptoLink: fault injected by the server (/dev/faults)") }, "\(text)")
    }

    @Test func theRuntimeRunsACompareIntoTheOverlay() async throws {
        // Given the dashboard's runtime on its embedded server
        let harness = try DashboardRuntimeTests.Harness()
        // When C runs a compare of direct-open
        harness.press(.runCompare("direct-open"))
        // Then the compare opens and ends with OptoLink's column passed and its direct open shown
        #expect(await harness.until(timeout: 60) { $0.state.compare?.isOver == true })
        let compare = try #require(harness.state.compare)
        #expect(harness.state.overlay == .compare)
        #expect(compare.columns.map(\.service) == OptoLinkService.allCases)
        // OptoLink, QubeRoute and Deep Blue open the link directly; AppsFlyer has no direct open and says so
        for column in compare.columns.prefix(3) {
            guard case .finished(.passed) = column.status else {
                Issue.record("\(column.title)'s column did not pass: \(column.status)")
                continue
            }
            #expect(column.metrics.link?.method == "DIRECT", "\(column.title)")
        }
        #expect(
            compare.columns.last?.status
                == .finished(.skipped("AppsFlyer's S2S API resolves no URL: there is no direct open")))
        // And the simulated device is not the compare's: once the runtime is free, a scenario runs afterwards
        #expect(await harness.until(timeout: 10) { await !$0.runtime.isScenarioRunning })
        harness.press(.runScenario("direct-open"))
        #expect(await harness.until(timeout: 30) { $0.state.header.scenarioPassed != nil })
        #expect(harness.state.header.scenarioPassed == true)
    }
}
