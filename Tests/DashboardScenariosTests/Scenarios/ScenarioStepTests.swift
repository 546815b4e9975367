import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

extension ActionSink {
    /// Only the step and scenario actions, in order.
    var scenarioActions: [DashboardAction] {
        actions.filter {
            switch $0 {
            case .scenarioStarted, .scenarioStepStarted, .scenarioStepPassed, .scenarioStepFailed, .scenarioFinished,
                .scenarioSkipped:
                true
            default: false
            }
        }
    }
}

/// `ScenarioContext.step(_:)` and the runner: each step's start passes the one before, the verdict closes the
/// last one, nothing after it counts. No network: the backend is never asked (no dev endpoints, no devices).
@Suite("Scenario steps (context and runner)")
struct ScenarioStepTests {
    static func environment(_ sink: ActionSink) -> ScenarioEnvironment {
        ScenarioEnvironment(
            backend: BackendClient(target: BackendTarget(baseURL: URL(string: "http://127.0.0.1:9")!)),
            backoffBase: 0.01,
            hasDevEndpoints: false, observer: DeviceObserver(emit: { sink.emit($0) }, breakdowns: nil, profiles: false))
    }

    @Test func stepsPassAsTheNextBeginsAndTheLastPassesWithTheScenario() async {
        // Given a scenario of three steps whose checks hold
        let sink = ActionSink()
        let scenario = Scenario(
            name: "three", expectation: "all hold", steps: ["one", "two", "three"], needsDevEndpoints: false
        ) { ctx in
            ctx.step("one")
            ctx.step("two")
            try check(true, "")
            ctx.step("three")
            return "fine"
        }
        // When
        let result = await ScenarioRunner(environment: Self.environment(sink)).run(scenario)
        // Then
        #expect(result.outcome == .passed("fine"))
        #expect(
            sink.scenarioActions == [
                .scenarioStarted(name: "three", steps: ["one", "two", "three"]),
                .scenarioStepStarted("one"), .scenarioStepPassed("one"), .scenarioStepStarted("two"),
                .scenarioStepPassed("two"),
                .scenarioStepStarted("three"), .scenarioStepPassed("three"),
                .scenarioFinished(name: "three", passed: true, detail: "fine"),
            ])
    }

    @Test func aFailedCheckFailsTheStepItIsInAndTheRestAreNeverStarted() async throws {
        let sink = ActionSink()
        let scenario = Scenario(
            name: "fails", expectation: "x", steps: ["one", "two", "three"], needsDevEndpoints: false
        ) { ctx in
            ctx.step("one")
            ctx.step("two")
            try check(1 + 1 == 3, "expected 3, got 2")
            ctx.step("three")
            return "unreachable"
        }
        _ = await ScenarioRunner(environment: Self.environment(sink)).run(scenario)
        #expect(
            sink.scenarioActions == [
                .scenarioStarted(name: "fails", steps: ["one", "two", "three"]),
                .scenarioStepStarted("one"), .scenarioStepPassed("one"), .scenarioStepStarted("two"),
                .scenarioStepFailed("two", detail: "expected 3, got 2"),
                .scenarioFinished(name: "fails", passed: false, detail: "expected 3, got 2"),
            ])
        #expect(!sink.scenarioActions.contains(.scenarioStepStarted("three")))
        // And the reducer turns them into the checklist: ✔ one, ✘ two, · three
        let state = Fixtures.reduced(sink.actions)
        #expect(try #require(state.scenarioChecklist).steps.map(\.mark) == ["✔", "✘", "·"])
    }

    @Test func aStepMissingFromThePlanIsWarnedAboutAndStillShown() async {
        let sink = ActionSink()
        let scenario = Scenario(name: "typo", expectation: "x", steps: ["first launch"], needsDevEndpoints: false) {
            ctx in
            ctx.step("first lanch")
            return "ok"
        }
        _ = await ScenarioRunner(environment: Self.environment(sink)).run(scenario)
        #expect(sink.actions.contains(.log(.warning, "step 'first lanch' is not in the scenario's plan")))
        #expect(sink.actions.contains(.scenarioStepPassed("first lanch")))
    }

    @Test func afterTheVerdictStepsAreIgnored() {
        // Given a context whose run was closed (as the runner does at its time limit)
        let sink = ActionSink()
        let context = ScenarioContext(environment: Self.environment(sink), steps: ["one", "two"])
        context.step("one")
        context.closeSteps(.failed("did not finish within 1 s"))
        // When the cancelled body goes on
        context.step("two")
        context.closeSteps(.passed("late"))
        // Then only the step that was open when time ran out failed, and nothing came after
        #expect(
            sink.scenarioActions == [
                .scenarioStepStarted("one"), .scenarioStepFailed("one", detail: "did not finish within 1 s"),
            ])
    }

    @Test func aSkippedScenarioStartsNoStep() async {
        let sink = ActionSink()
        let scenario = Scenario(name: "needs-dev", expectation: "x", steps: ["one"], needsDevEndpoints: true) { ctx in
            ctx.step("one")
            return "ran"
        }
        let result = await ScenarioRunner(environment: Self.environment(sink)).run(scenario)
        #expect(result.outcome == .skipped("backend has no dev endpoints"))
        #expect(
            sink.scenarioActions == [
                // no plan either: a plan that does not run here may name another service's routes
                .scenarioStarted(name: "needs-dev", steps: []),
                .scenarioSkipped(name: "needs-dev", reason: "backend has no dev endpoints"),
            ])
    }

    @Test func everyScenarioHasANamedPlanWithUniqueSteps() {
        for scenario in ScenarioCatalog.all {
            #expect(scenario.steps.count >= 3, "\(scenario.name) has \(scenario.steps.count) steps")
            #expect(Set(scenario.steps).count == scenario.steps.count, "\(scenario.name) repeats a step")
        }
    }
}
