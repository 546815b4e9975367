import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// A wait that runs out names what the SDK last gave up on, so a FAIL says why nothing came.
@Suite("a wait that times out names its cause")
struct WaitTimeoutCauseTests {
    let context = ScenarioContext(environment: ScenarioStepTests.environment(ActionSink()))

    func trace(_ endpoint: Endpoint, statuses: [Int?], error: String? = nil, finished: Bool = true) -> RequestTrace {
        var trace = RequestTrace(launch: 1, requestID: 1, endpoint: endpoint)
        trace.attempts = statuses.enumerated().map { index, status in
            RequestTrace.Attempt(
                number: index + 1, start: Double(index), status: status, error: status == nil ? error : nil,
                duration: 0.01)
        }
        trace.isFinished = finished
        trace.finalStatus = statuses.last ?? nil
        return trace
    }

    @Test func theLastRequestTheSDKGaveUpOnIsNamed() {
        // Given a session call that ended in 502s, then an event that was answered
        let requests = [trace(.session, statuses: [502, 502, 502]), trace(.events, statuses: [200])]
        // When a wait on the session and identity times out
        let line = context.timedOut(
            "identityChanged", after: 30, requests: requests, endpoints: [.session, .identity])
        // Then it says what was awaited and how the session call ended
        #expect(
            line.hasPrefix("timed out after 30 s waiting for identityChanged: the last /sdk/session → 502"), "\(line)")
    }

    @Test func withoutAFailedRequestOnlyTheWaitIsSaid() {
        let requests = [trace(.session, statuses: [200]), trace(.identity, statuses: [503], finished: false)]
        #expect(
            context.timedOut("identityChanged", after: 30, requests: requests, endpoints: [.session, .identity])
                == "timed out after 30 s waiting for identityChanged")
    }
}
