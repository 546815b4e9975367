import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// A failed scenario names the cause its exchanges show: a link request that never got an answer is not the
/// service's "no link", and the FAIL says which it was.
@Suite("Failure causes")
struct FailureCauseTests {
    static let base = URL(string: "http://127.0.0.1:9/")!

    static func exchange(_ requestID: Int, attempt: Int, _ endpoint: Endpoint, status: Int?) -> HTTPExchange {
        HTTPExchange(
            requestID: requestID, attempt: attempt, endpoint: endpoint.rawValue, method: "POST",
            url: base.absoluteString, requestHeaders: [], requestBody: nil, status: status, responseHeaders: [],
            responseBody: nil, error: status == nil ? "The request timed out" : nil, start: 0, duration: 10,
            startedAt: Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [OptoLinkService.optoLink, .quberoute, .deepBlue, .appsFlyer])
    func aDeferredMatchThatNeverGotAnAnswerIsTheCause(_ service: OptoLinkService) throws {
        // Given a device whose session answered, and whose deferred match timed out on each of its 3 attempts
        let target = BackendTarget.demo(service, baseURL: Self.base)
        let device =
            [Self.exchange(1, attempt: 1, .session, status: 200)]
            + (1...3).map { Self.exchange(2, attempt: $0, .match, status: nil) }
        // Then the cause names the route, the attempts and the last error
        let route = FailureCause.label(.match, target.profile)
        #expect(
            FailureCause.cause(in: [device], target: target)
                == "\(route) got no answer in 3 attempts (The request timed out)")
    }

    @Test func aRequestAnsweredOnALaterAttemptOrWithAStatusIsNotTheCause() {
        let target = BackendTarget.demo(.deepBlue, baseURL: Self.base)
        // Given a match that timed out once and then answered, and an open answered 404
        let device = [
            Self.exchange(1, attempt: 1, .match, status: nil), Self.exchange(1, attempt: 2, .match, status: 200),
            Self.exchange(2, attempt: 1, .linkData, status: 404),
        ]
        // Then the exchanges name no cause: the service answered each request
        #expect(FailureCause.cause(in: [device], target: target) == nil)
        // And a later device whose open went unanswered is named
        let second = [Self.exchange(1, attempt: 1, .linkData, status: nil)]
        let route = FailureCause.label(.linkData, target.profile)
        #expect(
            FailureCause.cause(in: [device, second], target: target)
                == "\(route) got no answer in 1 attempt (The request timed out)")
    }
}
