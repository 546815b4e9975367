import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab

@Suite("Lab view: the reducer folds each lab update")
struct LabViewReducerTests {
    let services = OptoLinkService.allCases

    @Test func startedOpensTheViewRunningWithNoTotalYet() {
        // Given an idle dashboard
        var state = Fixtures.idle

        // When a run starts
        DashboardReducer.reduce(&state, .lab(.started(lab: "cgnat", services: services, installs: 5_000)))

        // Then the Lab view shows it running, before the population is drawn, and the log says so
        #expect(state.overlay == .lab)
        #expect(state.lab.phase == .running(LabProgress(done: 0, total: 0, elapsed: 0)))
        #expect(state.lab.lab == "cgnat")
        #expect(state.log.last?.text.hasPrefix("lab cgnat started: 5 000 installs through OptoLink") == true)
    }

    @Test func progressMovesTheBarOnlyWhileRunning() {
        // Given a running lab
        var state = LabViewFixtures.running()
        let later = LabProgress(done: 200_000, total: 250_000, elapsed: 3)

        // When progress arrives
        DashboardReducer.reduce(&state, .lab(.progress(later)))

        // Then the phase carries it
        #expect(state.lab.phase == .running(later))

        // And once stopped, a late progress changes nothing
        DashboardReducer.reduce(&state, .lab(.stopped))
        DashboardReducer.reduce(&state, .lab(.progress(LabProgress(done: 250_000, total: 250_000, elapsed: 4))))
        #expect(state.lab.phase == .stopped)
    }

    @Test func finishedKeepsTheResultAndKeepsTheSelectionInRange() {
        // Given a finished lab with the last service and a far install selected, and a new run
        var state = LabViewFixtures.finished()
        state.lab.selectedService = 3
        state.lab.selectedInstall = 11
        DashboardReducer.reduce(&state, .lab(.started(lab: "default", services: services, installs: 5_000)))

        // When the new run finishes with two services of three installs each
        var smaller = LabViewFixtures.result()
        smaller.services = Array(smaller.services.prefix(2))
        for index in smaller.services.indices { smaller.services[index].installs.removeLast(9) }
        DashboardReducer.reduce(&state, .lab(.finished(smaller)))

        // Then the view shows it, the selection on the last service and install that exist
        #expect(state.lab.phase == .finished)
        #expect(state.lab.result == smaller)
        #expect(state.lab.selectedService == 1)
        #expect(state.lab.selectedInstall == 2)
        #expect(state.log.last?.text.contains("OptoLink precision") == true)
    }

    @Test func aRunThatFailsOrStopsKeepsTheLastResult() {
        // Given a finished lab, then another run
        var state = LabViewFixtures.finished()
        DashboardReducer.reduce(&state, .lab(.started(lab: "default", services: services, installs: 5_000)))

        // When it fails
        DashboardReducer.reduce(&state, .lab(.failed("labs/default.lab:3: unknown key")))

        // Then the message shows, the last result stays, and the log has it as an error
        #expect(state.lab.phase == .failed("labs/default.lab:3: unknown key"))
        #expect(state.lab.result == LabViewFixtures.result())
        #expect(state.log.last?.level == .error)

        // And a stopped run does the same
        DashboardReducer.reduce(&state, .lab(.started(lab: "default", services: services, installs: 5_000)))
        DashboardReducer.reduce(&state, .lab(.stopped))
        #expect(state.lab.phase == .stopped)
        #expect(state.lab.result == LabViewFixtures.result())
    }

    @Test func anExplainedInstallOpensInTheBreakdownPane() {
        // Given the Lab view open, the match attempts pane unfocused, its breakdown closed
        var state = LabViewFixtures.finished()
        state.breakdownOpen = false
        let attempt = MatchAttempt(
            id: "lab-optolink-100", time: 3_600, matched: true, method: "FINGERPRINT_SCORED", score: 72,
            path: "click 900",
            breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: [Fixtures.summerCandidate()]))

        // When the install is explained, twice
        DashboardReducer.reduce(&state, .lab(.explained(attempt)))
        DashboardReducer.reduce(&state, .lab(.explained(attempt)))

        // Then the overlay closes on the match attempts pane, one row, selected, its breakdown open, stamped now
        #expect(state.overlay == .none)
        #expect(state.focus == .matches)
        #expect(state.breakdownOpen)
        #expect(state.matchAttempts.filter { $0.id == attempt.id }.count == 1)
        #expect(state.selectedMatchAttempt?.id == attempt.id)
        #expect(state.selectedMatchAttempt?.breakdown == attempt.breakdown)
        #expect(state.selectedMatchAttempt?.time == state.now)
    }

    @Test func arrowsMoveThroughTheInstallsAndTheServiceTabs() {
        // Given the finished Lab view
        var state = LabViewFixtures.finished()
        let rows = LabViewFixtures.result().services[0].installs.count

        // When ↓ goes past the end, then ← from the first service
        for _ in 0..<(rows + 3) { DashboardReducer.reduce(&state, .moveSelection(1)) }
        let bottom = state.lab.selectedInstall
        DashboardReducer.reduce(&state, .labView(.service(-1)))

        // Then the selection stops on the last install, and the tab wraps to the last service, its first install
        #expect(bottom == rows - 1)
        #expect(state.lab.selectedService == 3)
        #expect(state.lab.selectedInstall == 0)
        #expect(state.lab.selectedRow == LabViewFixtures.result().services[3].installs[0])
    }
}

extension LabViewReducerTests {
    @Test func theWheelMovesThroughTheInstalls() {
        // Given the finished Lab view
        var state = LabViewFixtures.finished()

        // When the wheel turns down twice, then up once
        for action in [MouseEvent.Action.wheelDown, .wheelDown, .wheelUp] {
            DashboardReducer.reduce(&state, .mouse(MouseEvent(x: 60, y: 30, action: action)))
        }

        // Then the selection moved three installs a turn, the view still open
        #expect(state.lab.selectedInstall == 3)
        #expect(state.overlay == .lab)
    }
}
