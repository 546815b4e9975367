import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardProxy
@testable import DashboardScenarios

@Suite("Compare: the view, the C key and --compare")
struct CompareViewTests {
    static func withCompare(_ compare: CompareState, size: ScreenSize) -> DashboardState {
        var state = Fixtures.base()
        DashboardReducer.reduce(&state, .resize(size))
        DashboardReducer.reduce(
            &state, .compare(.began(scenario: compare.scenario, services: compare.columns.map(\.service))))
        state.compare = compare
        return state
    }

    @Test(arguments: [ScreenSize.full, ScreenSize.minimum])
    func theOverlayShowsAColumnPerServiceWithItsRows(size: ScreenSize) {
        // Given a finished compare
        let state = Self.withCompare(CompareFixtures.mixed(), size: size)
        // When it is drawn
        let screen = DashboardRenderer.render(state, size: size).lines
        let text = screen.joined(separator: "\n")
        // Then the title, every service, every row label and the verdicts show
        #expect(text.contains("Compare flaky-server · done: 1 failed"))
        let heading = screen.first { $0.contains("OptoLink") && $0.contains("AppsFlyer") }
        #expect(heading != nil, "\(text)")
        for label in CompareTable.labels { #expect(text.contains(label), "\(label)\n\(text)") }
        #expect(screen.contains { $0.contains("PASS") && $0.contains("FAIL") && $0.contains("SKIP") })
        // (at 80 columns a cell holds 14 characters: the attempts give up their earliest outcomes, never the last)
        #expect(text.contains(size == .full ? "3 (503 503 200)" : "3 (… 503 200)"))
        #expect(text.contains("Deep Blue: FAIL: expected a link, got none"))
        // And the columns line up: each service's heading starts where its outcome does
        if let heading, let outcome = screen.first(where: { $0.contains("outcome") }) {
            let headingColumn = Array(heading).firstIndex(of: "Q")
            let outcomeRow = Array(outcome)
            if let headingColumn { #expect(String(outcomeRow[headingColumn..<headingColumn + 4]) == "PASS") }
        }
    }

    @Test func cOpensTheComparePickerAndEnterRunsTheCompare() {
        // Given the dashboard with its scenarios
        var state = Fixtures.base()
        DashboardReducer.reduce(&state, .scenariosAvailable(["direct-open", "flaky-server"]))
        let router = InputRouter()
        // When C is pressed
        for action in router.route(.character("C"), in: state).actions { DashboardReducer.reduce(&state, action) }
        // Then the picker opens in compare mode, titled so
        #expect(state.overlay == .scenarioPicker(selected: 0, compare: true))
        #expect(DashboardRenderer.render(state, size: .full).lines.joined().contains("Compare a scenario across"))
        // When ↓ and Enter
        for action in router.route(.down, in: state).actions { DashboardReducer.reduce(&state, action) }
        let outcome = router.route(.enter, in: state)
        // Then the compare of the chosen scenario runs (not the plain scenario)
        #expect(outcome.commands == [.runCompare("flaky-server")])
        #expect(
            router.route(.enter, in: Fixtures.reduced(state, [.openOverlay(.scenarioPicker(selected: 1))]))
                .commands == [.runScenario("flaky-server")])
    }

    @Test func theCompareOverlayOpensWhenOneBeginsAndClosesWithEscOrEnter() {
        var state = Fixtures.base()
        DashboardReducer.reduce(&state, .compare(.began(scenario: "timeout", services: [.optoLink, .quberoute])))
        #expect(state.overlay == .compare)
        #expect(state.compare?.columns.map(\.service) == [.optoLink, .quberoute])
        // C in the compare picks another scenario; Esc and Enter close it
        let router = InputRouter()
        #expect(
            router.route(.character("C"), in: state).actions == [
                .openOverlay(.scenarioPicker(selected: 0, compare: true))
            ])
        #expect(router.route(.escape, in: state).actions == [.closeOverlay])
        #expect(router.route(.enter, in: state).actions == [.closeOverlay])
        // And the help lists C
        #expect(OverlayView.helpLines(.standard).contains { $0.keys == "C" && $0.description.contains("compare") })
    }

    @Test func aRunningCompareWithAWaitKeepsTheClockTicking() {
        var state = Fixtures.base()
        DashboardReducer.reduce(&state, .compare(.began(scenario: "flaky-server", services: [.optoLink])))
        #expect(!state.isTicking)
        DashboardReducer.reduce(
            &state,
            .compare(
                .diagnostic(.optoLink, .retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 1), time: 5))
        )
        #expect(state.isTicking)
        DashboardReducer.reduce(&state, .compare(.finished(.optoLink, .passed("ok"))))
        #expect(!state.isTicking)
    }

    @Test func compareOptionParsesAndRefusesScenarioBesideIt() throws {
        let options = try DashboardOptions.parse(["--headless", "--compare", "flaky-server", "--backoff-base", "0.1"])
        #expect(options.compare == "flaky-server" && options.headless && options.scenario == nil)
        #expect(try DashboardOptions.parse(["--compare=timeout"]).compare == "timeout")
        #expect(throws: DashboardError.self) { try DashboardOptions.parse(["--compare", "x", "--scenario", "all"]) }
        #expect(throws: DashboardError.self) { try DashboardOptions.parse(["--compare", "x", "--attach"]) }
        #expect(throws: DashboardError.self) {
            try DashboardOptions.parse(["--headless", "--compare", "x", "--export", "/tmp/x"])
        }
        #expect(DashboardOptions.usage.contains("--compare NAME"))
    }
}
