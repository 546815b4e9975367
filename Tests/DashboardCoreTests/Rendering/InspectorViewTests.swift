import DashboardTestSupport
import Testing

@testable import DashboardCore

@Suite("Request inspector")
struct InspectorViewTests {
    static func open(_ state: DashboardState) -> DashboardState {
        var state = state
        for action in InputRouter().route(.enter, in: state).actions { DashboardReducer.reduce(&state, action) }
        return state
    }

    @Test func enterOnATimelineRowOpensItsInspector() {
        // Given the timeline focused on request #2 (the newest)
        let state = Self.open(Fixtures.flakyWithExchanges())
        // Then
        #expect(state.overlay == .inspector(requestID: 2, scroll: 0))
    }

    @Test(arguments: [ScreenSize.full, ScreenSize.minimum])
    func everyAttemptShowsRequestAnswerAndTheRetryDecisionWithTheKeyMasked(size: ScreenSize) {
        // Given the inspector of request #2 (503, 503, 200)
        var state = Self.open(Fixtures.flakyWithExchanges())
        DashboardReducer.reduce(&state, .resize(size))
        let document = InspectorDocument(
            row: state.timeline[1], exchanges: state.exchanges(of: 2), now: state.now,
            width: InspectorDocument.textWidth(for: size))
        let text = document.lines.map(\.text).joined(separator: "\n")

        // Then each attempt has its method and URL, headers (key masked), pretty body, status, duration and decision
        #expect(document.attemptLines.count == 3)
        #expect(text.components(separatedBy: "POST http://127.0.0.1:43121/match").count == 4)
        #expect(text.contains("X-API-Key: opl_sdk_…") && !text.contains("opl_sdk_demo"))
        #expect(text.contains("  {\n    \"deviceId\": \"dev-7f3a\",\n    \"fingerprint\": {"), "\(text)")
        #expect(text.contains("response 503 Service Unavailable in 2ms"))
        #expect(text.contains("response 200 OK in 2ms"))
        #expect(text.contains("decision: retry after 1.0s: 503 is a server error (5xx), retryable"))
        #expect(text.contains("decision: retry after 2.0s: 503 is a server error (5xx), retryable"))
        #expect(text.contains("decision: done: 200 is a success"))

        // And the screen shows the top of it
        let screen = DashboardRenderer.render(state, size: size).lines.joined(separator: "\n")
        #expect(screen.contains("Request #2 match · lines 1–"))
        #expect(screen.contains("── attempt 1 of 3 · 503 2ms"))
    }

    @Test func theInspectorScrollsAndJumpsFromAttemptToAttempt() {
        // Given the open inspector at 80×24
        var state = Self.open(Fixtures.reduced(Fixtures.flakyWithExchanges(), [.resize(.minimum)]))
        let router = InputRouter()
        func press(_ key: Key) {
            for action in router.route(key, in: state).actions { DashboardReducer.reduce(&state, action) }
        }
        let document = InspectorDocument(
            row: state.timeline[1], exchanges: state.exchanges(of: 2), now: state.now,
            width: InspectorDocument.textWidth(for: .minimum))

        // When → is pressed twice, the second attempt's heading is at the top
        press(.right)
        press(.right)
        #expect(state.overlay == .inspector(requestID: 2, scroll: document.attemptLines[1]))
        let screen = DashboardRenderer.render(state, size: .minimum).lines
        #expect(screen[2].contains("── attempt 2 of 3"), "\(screen.joined(separator: "\n"))")
        // When G, then j: the scroll stops at the last page
        press(.character("G"))
        let bottom = state.overlay
        press(.character("j"))
        #expect(state.overlay == bottom)
        #expect(DashboardRenderer.render(state, size: .minimum).lines.joined().contains("decision: done"))
        // When Esc, it closes
        press(.escape)
        #expect(state.overlay == .none)
    }

    @Test func anAttemptTheTransportDidNotRecordSaysSo() {
        let state = Self.open(Fixtures.flakyAfterEarlierMatch(finished: true))
        let screen = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
        #expect(screen.contains("Not recorded: only the simulated devices' requests"))
        #expect(screen.contains("decision: retry after 1.0s"))
    }
}
