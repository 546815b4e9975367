import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardScenarios
@testable import DashboardSessions

/// Session files the dashboard wrote before it recorded its actions directly (`Fixtures/Sessions/`: a headless
/// scenario run, a headless compare and a lab run, each written by `optolink-dash … --record`) still open:
/// every entry reads as an action, writes back as the same JSON, and the replay shows the run.
@Suite("Sessions: files written by an earlier dashboard")
struct SessionFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Sessions")

    @Test(arguments: ["scenario-run", "compare-run", "lab-run"])
    func everyEntryReadsAndWritesBackTheSameJSON(name: String) throws {
        // Given a session file an earlier dashboard wrote
        let url = Self.directory.appendingPathComponent("\(name).olsession")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)

        // When it is opened and each entry written again
        let file = try SessionFile.open(url)
        #expect(file.count == lines.count)
        for index in 0..<min(file.count, lines.count) {
            let entry = try file.entry(at: index)
            let again = try SessionLineCodec().line(entry)

            // Then each entry is a known action, and its line holds the same JSON as the file's
            #expect(entry.action != nil, "line \(index + 2)")
            #expect(try Self.json(again) == Self.json(Data(lines[index].utf8)), "line \(index + 2)")
        }
    }

    @Test func theReplayShowsEachRun() throws {
        // Given the three sessions, replayed to their ends
        func reopened(_ name: String) throws -> DashboardState {
            let replay = SessionReplay(file: try SessionFile.open(Self.directory.appendingPathComponent(name)))
            var state = DashboardState(size: .full)
            try replay.seek(to: replay.file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
            return state
        }

        // Then the scenario passed, the compare covers the four services, and the lab finished with its result
        let scenario = try reopened("scenario-run.olsession")
        #expect(scenario.scenarioResults.map(\.name) == ["deferred-clipboard"])
        #expect(scenario.scenarioResults.first?.verdict == .passed)
        #expect(!scenario.exchanges.isEmpty)
        let compare = try reopened("compare-run.olsession")
        #expect(compare.compare?.scenario == "direct-open")
        #expect(compare.compare?.columns.map(\.service) == OptoLinkService.allCases)
        #expect(compare.compare?.isOver == true)
        let lab = try reopened("lab-run.olsession")
        #expect(lab.overlay == .lab)
        #expect(lab.lab.phase == .finished)
        #expect(lab.lab.result?.services.map(\.service) == [.optoLink])
    }

    private static func json(_ data: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }
}
