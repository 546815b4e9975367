import Foundation
import OptoLink
import TestSupport
import Testing

@testable import OptoLinkDashboard

/// The compare against the embedded server, for real: headless (`--headless --compare`) and from the
/// dashboard's runtime (`C`).
@Suite("Compare end to end (embedded server)", .serialized, .quietMachine)
struct CompareEndToEndTests {
    @Test func headlessCompareOfFlakyServerPrintsTheTableAndExitsZero() async throws {
        // Given the embedded server and a short backoff base
        let sink = LineSink()
        let options = try DashboardOptions.parse(["--headless", "--compare", "flaky-server", "--backoff-base", "0.05"])
        // When the compare runs
        let code = await HeadlessRunner.run(options: options) { sink.write($0) }
        let lines = sink.lines
        let text = lines.joined(separator: "\n")
        // Then it exits 0 and prints one column per service, each ending PASS or SKIP with its reason
        #expect(code == 0, "\(text)")
        let table = try #require(lines.firstIndex(of: "compare flaky-server"), "\(text)")
        #expect(lines[table + 1].contains("OptoLink") && lines[table + 1].contains("AppsFlyer"))
        #expect(lines.contains("PASS flaky-server on OptoLink"), "\(text)")
        // And OptoLink's column shows the two 503s, the waits base and 2×base, and the clipboard match
        let optoLinkColumn = 14
        func cell(_ label: String) -> String {
            guard let line = lines.dropFirst(table).first(where: { $0.hasPrefix(label) }) else { return "" }
            return String(line.dropFirst(optoLinkColumn).prefix(22)).trimmingCharacters(in: .whitespaces)
        }
        #expect(cell("outcome") == "PASS")
        #expect(cell("method") == "CLIPBOARD")
        #expect(cell("attempts") == "3 (503 503 200)")
        #expect(cell("waits") == "50ms, 0.1s", "\(text)")
        #expect(cell("link") == "/promo/summer")
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
        #expect(compare.columns.map(\.service) == OptoLinkProvider.Service.allCases)
        let optoLink = try #require(compare.columns.first)
        guard case .finished(.passed) = optoLink.status else {
            Issue.record("OptoLink's column did not pass: \(optoLink.status)")
            return
        }
        #expect(optoLink.metrics.link?.method == "DIRECT")
        // And the simulated device is not the compare's: once the runtime is free, a scenario runs afterwards
        #expect(await harness.until(timeout: 10) { await !$0.runtime.isScenarioRunning })
        harness.press(.runScenario("direct-open"))
        #expect(await harness.until(timeout: 30) { $0.state.header.scenarioPassed != nil })
        #expect(harness.state.header.scenarioPassed == true)
    }
}
