import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkHTTP
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardProxy
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// `L`, Esc and Enter in a dashboard whose lab commands go to a real ``LabViewRunner`` (in process, real
/// time): the tests wait for the state, never for a fixed time.
@Suite("Lab view: runs through the dashboard's keys", .serialized, .tags(.realTime), .skippable(.realTime))
struct LabViewRunnerTests {
    /// Sends the lab's commands to the runner, the others nowhere.
    final class LabHandler: DashboardCommandHandler {
        let runner: LabViewRunner
        init(_ runner: LabViewRunner) { self.runner = runner }
        func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
            runner.handle(command)
        }
    }

    /// A dashboard whose lab is ``settings`` over the built-in defaults, and its runner.
    final class Harness {
        let app: DashboardApp
        let runner: LabViewRunner
        /// The lab's settings, read at each `L`.
        let settings: Locked<[String]>

        init(_ settings: [String]) {
            let inbox = DashboardInbox()
            let box = Locked(settings)
            self.settings = box
            runner = LabViewRunner(
                model: { () throws(DashboardError) -> LabModel in
                    var model = LabModel()
                    try LabFileParser.apply(box.withLock { $0 }, to: &model)
                    return model
                }, emit: { inbox.send($0) })
            app = DashboardApp(
                state: Fixtures.idle, themes: ThemeLoader(searchDirectories: []), handler: LabHandler(runner),
                inbox: inbox, clock: ManualDashboardClock(time: 12))
        }

        func press(_ keys: Key...) { for key in keys { app.handle(key) } }

        /// Applies what the runner sent until `condition` holds (real time, up to `timeout` seconds).
        func until(timeout: Double = 120, _ condition: (DashboardState) -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                for action in app.inbox.drain() { app.apply(action) }
                if condition(app.state) { return true }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return false
        }

        var screen: String {
            DashboardRenderer.render(app.state, size: ScreenSize(width: 120, height: 40)).lines.joined(separator: "\n")
        }
    }

    @Test func lThenAFinishedRunShowsEveryServicesClasses() async throws {
        // Given a dashboard whose lab has 200 installs
        let harness = Harness(["installs=200"])

        // When L is pressed and the run finishes
        harness.press(.character("L"))
        #expect(harness.app.state.overlay == .lab)
        let finished = await harness.until { $0.lab.phase == .finished }

        // Then the Lab view shows the four services' classes of 200 installs each, precision and recall
        #expect(finished, "the lab did not finish; the log: \(harness.app.state.log.map(\.text))")
        let result = try #require(harness.app.state.lab.result)
        #expect(result.services.map(\.service) == OptoLinkService.allCases)
        #expect(result.services.allSatisfy { $0.counts.installs == 200 && $0.sweep != nil })
        let screen = harness.screen
        for outcome in LabOutcomeClass.allCases { #expect(screen.contains(outcome.label)) }
        for service in result.services {
            #expect(screen.contains(CompareColumn.title(service.service)))
            #expect(screen.contains(LabReportPrinter.percent(service.counts.precision)))
        }
        #expect(screen.contains("precision by threshold"))
    }

    @Test func escStopsARunningLabAndLRunsAgain() async throws {
        // Given a lab of 300 000 installs running, its population drawn
        let harness = Harness(["installs=300000"])
        harness.press(.character("L"))
        let going = await harness.until {
            if case .running(let progress) = $0.lab.phase { return progress.done > 0 }
            return false
        }
        #expect(going, "no progress; the log: \(harness.app.state.log.map(\.text))")

        // When Esc is pressed
        harness.press(.escape)

        // Then the view closes, the run is stopped, and the runner has no run going
        #expect(harness.app.state.overlay == .none)
        #expect(await harness.until { $0.lab.phase == .stopped })
        #expect(!harness.runner.isRunning)
        #expect(harness.app.state.log.contains { $0.text == "lab default stopped" })

        // And L runs again: the new run is the one that finishes (the stopped one's updates are dropped)
        harness.settings.withLock { $0 = ["installs=200"] }
        harness.press(.character("L"))
        #expect(await harness.until { $0.lab.phase == .finished })
        #expect(harness.app.state.lab.result?.installs == 200)
    }

    @Test func enterOnAnInstallOpensItsBreakdownInTheMatchAttemptsPane() async throws {
        // Given a finished lab of 200 installs, its second install selected
        let harness = Harness(["installs=200"])
        harness.press(.character("L"))
        #expect(await harness.until { $0.lab.phase == .finished })
        harness.press(.down)
        let row = try #require(harness.app.state.lab.selectedRow)

        // When Enter is pressed
        harness.press(.enter)

        // Then the overlay closes on the match attempts pane, the install's attempt selected with its breakdown
        let id = "lab-optolink-\(row.device)"
        let shown = await harness.until { $0.selectedMatchAttempt?.id == id }
        #expect(shown, "the log: \(harness.app.state.log.map(\.text))")
        let state = harness.app.state
        #expect(state.overlay == .none)
        #expect(state.focus == .matches)
        #expect(state.breakdownOpen)
        let attempt = try #require(state.selectedMatchAttempt)
        #expect(attempt.breakdown?.threshold == LabModel().policy.threshold)
        #expect(attempt.matched == (row.matchedClick != nil))
        #expect(attempt.path == row.matchedClick.map { $0 == row.device ? "click \($0) (its own)" : "click \($0)" })
    }

    @Test func progressIsThrottledToTheIntervalAndTheResultAlwaysComes() async throws {
        // Given a runner whose clock never moves: after the first progress, none is ever 0.1 s later
        let actions = Locked<[DashboardAction]>([])
        let runner = LabViewRunner(
            now: { 0 },
            model: { () throws(DashboardError) -> LabModel in
                var model = LabModel()
                try LabFileParser.apply(["installs=200"], to: &model)
                return model
            }, emit: { action in actions.withLock { $0.append(action) } })

        // When a run goes to its end
        runner.handle(.runLab)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline,
            !actions.withLock({ $0.contains { if case .finished = $0.labUpdate { true } else { false } } })
        {
            try await Task.sleep(nanoseconds: 10_000_000)
        }

        // Then it reported started, one progress, and the result
        let lab = actions.withLock { $0 }.compactMap(\.labUpdate)
        #expect(lab.count == 3, "\(lab.map { "\($0)".prefix(40) })")
        guard lab.count == 3 else { return }
        #expect(lab[0] == .started(lab: "default", services: OptoLinkService.allCases, installs: 200))
        if case .progress = lab[1] {} else { Issue.record("not a progress: \(lab[1])") }
        if case .finished(let result) = lab[2] { #expect(result.installs == 200) } else { Issue.record("no result") }
    }
}

extension DashboardAction {
    /// The lab update the action carries, nil for any other action.
    fileprivate var labUpdate: LabUpdate? {
        if case .panel(let box) = self { box.as(LabUpdate.self) } else { nil }
    }
}
