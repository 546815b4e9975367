import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// A failed scenario names the cause its requests show: a link request that never got an answer is not the
/// service's "no link", and the FAIL says which it was.
@Suite("Failure causes")
struct FailureCauseTests {
    static let base = URL(string: "http://127.0.0.1:9/")!

    /// A finished request of `statuses` (nil: that attempt got no answer, it timed out).
    static func request(_ requestID: Int, _ endpoint: Endpoint, _ statuses: [Int?], launch: Int = 1) -> RequestTrace {
        RequestTrace(
            launch: launch, requestID: requestID, endpoint: endpoint,
            attempts: statuses.enumerated().map { index, status in
                RequestTrace.Attempt(
                    number: index + 1, start: Double(index), status: status,
                    error: status == nil ? "The request timed out" : nil, duration: 10)
            }, isFinished: true, finalStatus: statuses.last ?? nil)
    }

    @Test(arguments: [OptoLinkService.optoLink, .quberoute, .deepBlue, .appsFlyer])
    func aDeferredMatchThatNeverGotAnAnswerIsTheCause(_ service: OptoLinkService) throws {
        // Given a device whose session answered, and whose deferred match timed out on each of its 3 attempts
        let target = BackendTarget.demo(service, baseURL: Self.base)
        let requests = [Self.request(1, .session, [200]), Self.request(2, .match, [nil, nil, nil])]
        // Then the cause names the route, the attempts and the last error
        let route = FailureCause.label(.match, target.profile)
        #expect(
            FailureCause.cause(exchanges: [], requests: requests, target: target)
                == "\(route) got no answer in 3 attempts (The request timed out)")
    }

    @Test func aRequestAnsweredOnALaterAttemptOrWithAStatusIsNotTheCause() {
        let target = BackendTarget.demo(.deepBlue, baseURL: Self.base)
        // Given a match that timed out once and then answered, and an open answered 404
        let device = [Self.request(1, .match, [nil, 200]), Self.request(2, .linkData, [404])]
        // Then the requests name no cause: the service answered each request
        #expect(FailureCause.cause(exchanges: [], requests: device, target: target) == nil)
        // And a later launch whose open went unanswered is named
        let second = [Self.request(1, .linkData, [nil], launch: 2)]
        let route = FailureCause.label(.linkData, target.profile)
        #expect(
            FailureCause.cause(exchanges: [], requests: device + second, target: target)
                == "\(route) got no answer in 1 attempt (The request timed out)")
    }
}
