import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import DashboardSessions
@testable import OptoLinkDashboard

/// Headless runs record sessions too, and a session steps scenario by scenario.
@Suite("headless runs record; sessions step by scenario")
struct HeadlessSessionTests {
    @Test func recordGoesWithHeadlessScenarioAndCompare() throws {
        // Given headless runs asking for a session and an asciicast
        let all = try DashboardOptions.parse(["--headless", "--scenario", "all", "--record", "run.olsession"])
        let compare = try DashboardOptions.parse(["--headless", "--compare", "flaky-server", "--record", "c.olsession"])
        let cast = try DashboardOptions.parse(["--headless", "--scenario", "direct-open", "--cast", "run.cast"])

        // Then they parse, keeping the files
        #expect(all.recordFile == "run.olsession" && all.headless)
        #expect(compare.recordFile == "c.olsession")
        #expect(cast.castFile == "run.cast" && cast.recordFile == nil)
        // And a cast of an opened session is the export command's job
        #expect(throws: DashboardError.self) {
            try DashboardOptions.parse(["--open", "a.olsession", "--cast", "a.cast"])
        }
    }

    @Test func aHeadlessRecordingReopensToTheScreenTheRunFoldedInto() throws {
        // Given a headless recording on a clock moved by hand, two scenarios applied to it
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("headless.olsession")
        let clock = SessionTestClock(100)
        let (recording, file) = try files.headlessRecording("headless.olsession", clock: clock)
        recording.apply(.targetChanged(url: "http://127.0.0.1:1 (embedded)", orgKey: "demo", sdkVersion: "1.0"))
        for (index, name) in ["direct-open", "flaky-server"].enumerated() {
            clock.set(101 + Double(index))
            recording.apply(.scenarioStarted(name: name, steps: ["click", "launch"]))
            recording.apply(.scenarioStepPassed("click"))
            recording.apply(.log(.info, "\(name): launched"))
            recording.apply(.scenarioFinished(name: name, passed: index == 0, detail: "detail of \(name)"))
        }

        // When it is stopped and reopened to its end
        let path = file.close()
        #expect(path == url.path)
        let replay = SessionReplay(file: try SessionFile.open(url))
        var state = DashboardState(size: .full)
        try replay.seek(to: replay.file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })

        // Then the replayed screen is the one the run folded into
        var folded = recording.state
        folded.size = .full
        #expect(
            DashboardRenderer.render(state, size: .full).lines == DashboardRenderer.render(folded, size: .full).lines)
        #expect(state.scenarioResults.count == 2)
    }

    @Test func scenarioStepsLandJustAfterEachVerdict() throws {
        // Given a session of three scenarios (the second skipped), each verdict followed by a tick
        let files = try SessionTestFiles()
        defer { files.remove() }
        var entries: [SessionEntry] = []
        func add(_ time: Double, _ action: DashboardAction) {
            entries.append(SessionEntry(time: time, wall: Date(timeIntervalSince1970: time), action: action))
        }
        add(0, .scenariosAvailable(["a", "b", "c"]))
        add(1, .scenarioStarted(name: "a", steps: ["x"]))
        add(2, .scenarioFinished(name: "a", passed: true, detail: "ok"))  // 2
        add(2, .tick(now: 2))
        add(3, .scenarioSkipped(name: "b", reason: "needs --link"))  // 4
        add(3, .tick(now: 3))
        add(4, .scenarioStarted(name: "c", steps: ["x"]))
        add(5, .log(.info, "c runs"))
        add(6, .scenarioFinished(name: "c", passed: false, detail: "no"))  // 8
        add(6, .tick(now: 6))
        add(7, .log(.info, "summary"))
        let replay = SessionReplay(file: try SessionFile.open(try files.session("three.olsession", entries: entries)))
        var state = DashboardState()
        func move(_ direction: Int) throws -> Int {
            try replay.seek(
                to: try replay.scenarioTarget(direction), reset: { state = DashboardState() },
                apply: { DashboardReducer.reduce(&state, $0) })
            return replay.position
        }

        // When `}` is pressed from the start, then `{` from the end
        // Then each lands after a verdict and the tick after it; past the last, the end; before the first, the start
        #expect(try move(1) == 4)
        #expect(state.scenarioChecklist?.name == "a")
        #expect(try move(1) == 6)
        #expect(try move(1) == 10)
        #expect(state.scenarioChecklist?.name == "c")
        #expect(try move(1) == 11)
        #expect(try move(-1) == 10)
        #expect(try move(-1) == 6)
        #expect(try move(-1) == 4)
        #expect(state.scenarioChecklist?.name == "a")
        #expect(try move(-1) == 0)
    }
}
