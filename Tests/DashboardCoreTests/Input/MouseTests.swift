import DashboardTestSupport
import Testing

@testable import DashboardCore

@Suite("Mouse")
struct MouseTests {
    static func click(_ state: inout DashboardState, x: Int, y: Int, _ action: MouseEvent.Action = .press) {
        for reduced in InputRouter().route(.mouse(MouseEvent(x: x, y: y, action: action)), in: state).actions {
            DashboardReducer.reduce(&state, reduced)
        }
    }

    @Test func aClickFocusesThePaneAndSelectsTheTimelineRowUnderIt() throws {
        // Given the flaky fixture (two timeline rows), focus on the profile
        var state = Fixtures.reduced(Fixtures.flakyAfterEarlierMatch(finished: true), [.focus(.profile)])
        let rect = try #require(DashboardLayout.compute(state).panes[.timeline])
        // When the first row (under the axis) is clicked
        Self.click(&state, x: rect.x + 5, y: rect.y + 2)
        // Then the timeline is focused and request #1 selected; clicking the newest row follows again
        #expect(state.focus == .timeline)
        #expect(state.timelineView.selectedRequestID == 1)
        Self.click(&state, x: rect.x + 5, y: rect.y + 3)
        #expect(state.timelineView.selectedRequestID == nil)
    }

    @Test func aClickSelectsTheMatchAttemptUnderIt() throws {
        var state = Fixtures.deferredMatch()
        let rect = try #require(DashboardLayout.compute(state).panes[.matches])
        #expect(state.selectedAttempt == 0)
        Self.click(&state, x: rect.x + 3, y: rect.y + 3)  // inner.y + 1 (header) + 1 = the second attempt
        #expect(state.selectedAttempt == 1)
        #expect(state.focus == .matches)
    }

    @Test func theWheelScrollsTheLogAndTheInspectorWithoutMovingTheFocus() throws {
        var state = Fixtures.reduced((0..<100).map { DashboardAction.log(.info, "line \($0)") })
        let log = try #require(DashboardLayout.compute(state).panes[.log])
        Self.click(&state, x: log.x + 4, y: log.y + 2, .wheelUp)
        #expect(state.logScroll == 3 && state.focus == .profile)
        Self.click(&state, x: log.x + 4, y: log.y + 2, .wheelDown)
        #expect(state.logScroll == 0)

        var inspected = Fixtures.reduced(
            Fixtures.flakyWithExchanges(), [.openOverlay(.inspector(requestID: 2, scroll: 0))])
        Self.click(&inspected, x: 10, y: 10, .wheelDown)
        #expect(inspected.overlay == .inspector(requestID: 2, scroll: 3))
    }

    @Test func clicksOutsideEveryPaneAndUnderOtherOverlaysDoNothing() {
        var state = Fixtures.reduced([.openOverlay(.help)])
        Self.click(&state, x: 3, y: 3)
        #expect(state.overlay == .help && state.focus == .profile)
        var idle = Fixtures.idle
        Self.click(&idle, x: 3, y: 0)  // the header
        #expect(idle == Fixtures.idle)
    }
}
