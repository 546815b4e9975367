import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// The scenario checklist in the reducer: steps tick as their actions arrive, the verdict keeps them, the
/// pane takes the left column and joins the Tab order.
@Suite("Scenario checklist (reducer)")
struct ScenarioChecklistTests {
    static let plan = ["click from another network", "first launch", "/match → CLIPBOARD exact", "pasteboard cleared"]

    static func started() -> DashboardState {
        Fixtures.reduced([
            .scenarioExpectations(["deferred-clipboard": "CLIPBOARD exact, token cleared"]),
            .scenarioStarted(name: "deferred-clipboard", steps: plan),
        ])
    }

    @Test func aStartedScenarioListsItsPlanAsPendingStepsAndTakesTheFocusFromTheProfile() throws {
        // Given the profile focused (the default)
        let state = Self.started()
        // Then
        let checklist = try #require(state.scenarioChecklist)
        #expect(checklist.name == "deferred-clipboard")
        #expect(checklist.expectation == "CLIPBOARD exact, token cleared")
        #expect(checklist.steps.map(\.name) == Self.plan)
        #expect(checklist.steps.allSatisfy { $0.status == .pending })
        #expect(checklist.result == nil)
        #expect(state.focus == .scenario)
        // A scenario started while the timeline is focused leaves the focus there.
        let timeline = Fixtures.reduced([.focus(.timeline), .scenarioStarted(name: "x", steps: [])])
        #expect(timeline.focus == .timeline)
    }

    @Test func stepsTickAsTheyPassAndTheFailedOneKeepsItsDetail() throws {
        // Given
        var state = Self.started()
        // When the first two steps pass and the third fails
        for step in Self.plan.prefix(2) {
            DashboardReducer.reduce(&state, .scenarioStepStarted(step))
            #expect(state.scenarioChecklist?.steps.first { $0.name == step }?.status == .running)
            DashboardReducer.reduce(&state, .scenarioStepPassed(step))
        }
        DashboardReducer.reduce(&state, .scenarioStepStarted(Self.plan[2]))
        DashboardReducer.reduce(&state, .scenarioStepFailed(Self.plan[2], detail: "expected CLIPBOARD, got IP_FUZZY"))
        DashboardReducer.reduce(
            &state,
            .scenarioFinished(name: "deferred-clipboard", passed: false, detail: "expected CLIPBOARD, got IP_FUZZY"))
        // Then
        let checklist = try #require(state.scenarioChecklist)
        #expect(
            checklist.steps.map(\.status) == [.passed, .passed, .failed("expected CLIPBOARD, got IP_FUZZY"), .pending])
        #expect(checklist.passedCount == 2)
        let result = try #require(checklist.result)
        #expect(result.steps == checklist.steps)
        #expect(state.scenarioResults.last == result)
        #expect(result.failedStep?.number == 3 && result.failedStep?.name == "/match → CLIPBOARD exact")
        #expect(result.verdictLine == "FAIL at step 3 “/match → CLIPBOARD exact”: expected CLIPBOARD, got IP_FUZZY")
        #expect(state.log.last?.text == "scenario deferred-clipboard " + result.verdictLine)
    }

    @Test func aPassedScenarioExplainsItselfExpectedVersusObserved() throws {
        var state = Self.started()
        for step in Self.plan {
            DashboardReducer.reduce(&state, .scenarioStepStarted(step))
            DashboardReducer.reduce(&state, .scenarioStepPassed(step))
        }
        DashboardReducer.reduce(
            &state, .scenarioFinished(name: "deferred-clipboard", passed: true, detail: "CLIPBOARD exact /promo/summer")
        )
        let result = try #require(state.scenarioChecklist?.result)
        #expect(state.scenarioChecklist?.passedCount == 4)
        #expect(result.failedStep == nil)
        #expect(
            result.verdictLine
                == "PASS: expected CLIPBOARD exact, token cleared · observed CLIPBOARD exact /promo/summer")
        #expect(result.shortVerdictLine == "PASS: observed CLIPBOARD exact /promo/summer")
    }

    @Test func aStepMissingFromThePlanIsAppendedAndAStepOfTheSameNameAgainAddsARow() throws {
        var state = Self.started()
        DashboardReducer.reduce(&state, .scenarioStepStarted("unplanned"))
        DashboardReducer.reduce(&state, .scenarioStepPassed("unplanned"))
        DashboardReducer.reduce(&state, .scenarioStepStarted("unplanned"))
        let steps = try #require(state.scenarioChecklist?.steps)
        #expect(steps.map(\.name) == Self.plan + ["unplanned", "unplanned"])
        #expect(steps.suffix(2).map(\.status) == [.passed, .running])
    }

    @Test func stepsWithoutAScenarioAreIgnored() {
        var state = Fixtures.idle
        DashboardReducer.reduce(&state, .scenarioStepStarted("first launch"))
        #expect(state.scenarioChecklist == nil)
    }

    @Test func aSkipWithoutAStartStillLeavesItsVerdict() throws {
        let state = Fixtures.reduced([.scenarioSkipped(name: "timeout", reason: "backend has no dev endpoints")])
        let checklist = try #require(state.scenarioChecklist)
        #expect(checklist.name == "timeout" && checklist.result?.verdict == .skipped)
        #expect(checklist.result?.verdictLine == "SKIP: backend has no dev endpoints")
    }

    @Test func tabVisitsTheScenarioPaneOnlyOnceAScenarioRan() {
        // Given no scenario: Tab skips the scenario pane
        var idle = Fixtures.idle
        var seen: [DashboardPane] = []
        for _ in 0..<5 {
            seen.append(idle.focus)
            DashboardReducer.reduce(&idle, .focusNext)
        }
        #expect(seen == [.profile, .fingerprint, .matches, .timeline, .log])
        // Given a scenario ran: it is between the fingerprint and the match attempts
        var state = Fixtures.reduced([.scenarioStarted(name: "flaky-server", steps: ["a"]), .focus(.profile)])
        seen = []
        for _ in 0..<6 {
            seen.append(state.focus)
            DashboardReducer.reduce(&state, .focusNext)
        }
        #expect(seen == [.profile, .fingerprint, .scenario, .matches, .timeline, .log])
        DashboardReducer.reduce(&state, .focusPrevious)
        #expect(state.focus == .log)
    }

    @Test func clearHistoryForgetsAFinishedChecklistButNotARunningOne() {
        var running = Self.started()
        DashboardReducer.reduce(&running, .clearHistory)
        #expect(running.scenarioChecklist != nil)
        var finished = Fixtures.reduced(
            Self.started(), [.scenarioFinished(name: "deferred-clipboard", passed: true, detail: "ok")])
        DashboardReducer.reduce(&finished, .clearHistory)
        #expect(finished.scenarioChecklist == nil)
        #expect(finished.focus == .profile)
        #expect(!finished.focusablePanes.contains(.scenario))
    }

    @Test(arguments: [ScreenSize.full, .minimum])
    func theScenarioPaneTakesTheLeftColumnUnlessTheProfileOrTheFingerprintIsFocused(size: ScreenSize) throws {
        for focus in DashboardPane.allCases {
            let layout = DashboardLayout.compute(size: size, focus: focus, scenario: true)
            let showsScenario = focus != .profile && focus != .fingerprint
            #expect((layout.panes[.scenario] != nil) == showsScenario, "\(size) focus \(focus)")
            if showsScenario {
                let rect = try #require(layout.panes[.scenario])
                #expect(layout.panes[.profile] == nil && layout.panes[.fingerprint] == nil)
                #expect(rect.x == 0 && rect.y == 1 && rect.height == layout.panes[.matches]?.height)
            } else {
                #expect(layout.panes[focus] != nil)
            }
        }
        #expect(DashboardLayout.compute(size: size, focus: .matches).panes[.scenario] == nil)
    }
}
