import DashboardTestSupport
import Testing

@testable import DashboardCore

@Suite("InputRouter")
struct InputRouterTests {
    let router = InputRouter()

    @Test func deviceCommandsAreHandedOnAsValues() {
        let outcome = router.route(.character("c"), in: Fixtures.idle)
        #expect(outcome == InputOutcome(commands: [.clickLink]))
    }

    @Test func uiCommandsBecomeReducerActions() {
        #expect(router.route(.tab, in: Fixtures.idle) == InputOutcome(actions: [.focusNext]))
        #expect(router.route(.character("?"), in: Fixtures.idle) == InputOutcome(actions: [.openOverlay(.help)]))
    }

    @Test func enterOnTheFingerprintPaneEditsTheFieldUnderTheCursor() {
        let state = Fixtures.reduced([.focus(.fingerprint), .moveSelection(3)])
        let outcome = router.route(.enter, in: state)
        #expect(outcome.actions == [.openOverlay(.textInput(purpose: .fingerprint(.app, .language), text: "en-US"))])
    }

    @Test func escapeClosesAnyOverlayAndCtrlCQuitsFromAnywhere() {
        for overlay: DashboardOverlay in [
            .help, .faultMenu(selected: .drop, count: 1), .scenarioPicker(selected: 0),
            .textInput(purpose: .identity, text: ""),
        ] {
            let state = Fixtures.reduced([.openOverlay(overlay)])
            #expect(router.route(.escape, in: state) == InputOutcome(actions: [.closeOverlay]))
            #expect(router.route(.ctrlC, in: state) == InputOutcome(commands: [.quit]))
        }
    }

    @Test func textInputTakesQAsACharacter() {
        let state = Fixtures.reduced([.openOverlay(.textInput(purpose: .identity, text: ""))])
        #expect(router.route(.character("q"), in: state) == InputOutcome(actions: [.inputCharacter("q")]))
    }

    @Test func identityInputCommitsAsACommand() {
        let state = Fixtures.reduced([.openOverlay(.textInput(purpose: .identity, text: " user-7 "))])
        #expect(
            router.route(.enter, in: state)
                == InputOutcome(actions: [.closeOverlay], commands: [.setIdentity("user-7")]))
    }

    @Test func faultMenuInjectsTheChosenFaultForNRequests() {
        var state = Fixtures.reduced([.openOverlay(.faultMenu(selected: .status503, count: 2))])
        for key: Key in [.down, .character("3")] {
            for action in router.route(key, in: state).actions { DashboardReducer.reduce(&state, action) }
        }
        let outcome = router.route(.enter, in: state)
        #expect(
            outcome
                == InputOutcome(
                    actions: [.closeOverlay], commands: [.injectFault(FaultRequest(kind: .status500, count: 3))]))
    }

    @Test func scenarioPickerRunsTheSelectedScenario() {
        var state = Fixtures.reduced([
            .scenariosAvailable(["direct-open", "flaky-server"]), .openOverlay(.scenarioPicker(selected: 0)),
        ])
        for action in router.route(.character("j"), in: state).actions { DashboardReducer.reduce(&state, action) }
        #expect(
            router.route(.enter, in: state)
                == InputOutcome(actions: [.closeOverlay], commands: [.runScenario("flaky-server")]))
    }

    @Test func helpClosesOnAnyKey() {
        let state = Fixtures.help()
        #expect(router.route(.character("x"), in: state) == InputOutcome(actions: [.closeOverlay]))
    }

    @Test func unboundKeysAndSideSwitchOutsideTheFingerprintAreIgnored() {
        #expect(router.route(.character("%"), in: Fixtures.idle) == .ignored)
        #expect(router.route(.left, in: Fixtures.idle) == .ignored)
    }
}
