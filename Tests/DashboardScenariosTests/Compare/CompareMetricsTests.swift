import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

@Suite("Compare: metrics folded from diagnostics")
struct CompareMetricsTests {
    @Test func aFlakyMatchCountsItsAttemptsWaitsAndTimeToLink() {
        // Given the diagnostics of /match answering 503, 503, then 200 with the link
        let link = LinkSummary(path: "/promo/summer", method: "CLIPBOARD", confidence: "exact", isDeferred: true)
        var state = CompareState(scenario: "flaky-server", services: [.optoLink])
        // When they are folded in
        for update in CompareFixtures.flaky(.optoLink, link: link) { state.apply(update) }
        let metrics = state.columns[0].metrics
        // Then
        #expect(metrics.attempts == 3)
        #expect(metrics.outcomes == ["503", "503", "200"])
        #expect(metrics.attemptsLine == "3 (503 503 200)")
        #expect(metrics.waits == [1, 2])
        #expect(metrics.waitsLine == "1.0s, 2.0s")
        #expect(metrics.link == link)
        #expect(abs((metrics.timeToLink ?? 0) - 3.06) < 1e-9)
        #expect(metrics.waitStartedAt == nil, "the wait ended with the next attempt")
        #expect(state.columns[0].status == .running(step: "first launch"))
    }

    @Test func aWaitInProgressIsKnownUntilTheNextAttempt() {
        // Given a 503 and a scheduled 2 s wait at t = 50
        var metrics = CompareMetrics()
        metrics.apply(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 49.9)
        metrics.apply(
            .requestFailed(requestID: 1, endpoint: "match", attempt: 1, reason: "timeout", duration: 3), time: 50)
        metrics.apply(.retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 2), time: 50)
        // Then the wait is in progress, and the attempt shows as failed
        #expect(metrics.waitStartedAt == 50 && metrics.waitDelay == 2)
        #expect(metrics.attemptsLine == "1 (failed)")
        // When the retry starts, the wait is over
        metrics.apply(.requestStarted(requestID: 1, endpoint: "match", attempt: 2), time: 52)
        #expect(metrics.waitStartedAt == nil && metrics.waitDelay == 0)
    }

    @Test func aMatchWithNoLinkIsToldApartFromNothingYet() {
        var metrics = CompareMetrics()
        #expect(!metrics.matchedNothing)
        metrics.apply(.matchResult(nil), time: 1)
        #expect(metrics.matchedNothing && metrics.link == nil && metrics.timeToLink == nil)
    }

    @Test func timeToLinkCountsFromTheStretchThatDeliveredIt() {
        // Given a direct open at t = 10 (link at 10.2), then a relaunch whose first diagnostic is at 40 and
        // whose link is delivered at 40.5
        var metrics = CompareMetrics()
        let first = LinkSummary(path: "/a", method: "DIRECT")
        let second = LinkSummary(path: "/b", method: "DIRECT")
        metrics.apply(.requestStarted(requestID: 1, endpoint: "data", attempt: 1), time: 10)
        metrics.apply(.linkDelivered(first), time: 10.2)
        metrics.apply(.requestStarted(requestID: 2, endpoint: "data", attempt: 1), time: 40)
        metrics.apply(.linkDelivered(second), time: 40.5)
        // Then the last link is shown with its own time
        #expect(metrics.link == second)
        #expect(abs((metrics.timeToLink ?? 0) - 0.5) < 1e-9)
    }

    @Test func theMatchTypeComesFromEachServicesOwnFields() {
        // QubeRoute's reason, AppsFlyer's match_type, Deep Blue's sandbox flag or "not a short link", none for OptoLink
        let quberoute = OptoLinkData(
            linkId: "spring", path: "/promo/spring", matchType: .fingerprintScored, isDeferred: true,
            service: .quberoute, confidenceScore: 0.49, reason: "ip_address")
        let appsFlyer = OptoLinkData(
            linkId: nil, path: "/", matchType: .fingerprintScored, isDeferred: true, service: .appsFlyer,
            providerFields: ["match_type": .string("probabilistic")])
        let sandbox = OptoLinkData(
            linkId: "1", path: "/products/1234", matchType: .direct, isDeferred: false, service: .deepBlue,
            providerFields: ["isSandbox": .bool(true)])
        let notShort = OptoLinkData(
            linkId: nil, path: "/x", matchType: .direct, isDeferred: false, service: .deepBlue,
            providerFields: ["notShortLink": .bool(true), "isSandbox": .bool(false)])
        #expect(DiagnosticMapper.summary(quberoute).matchType == "ip_address")
        #expect(DiagnosticMapper.summary(quberoute).confidenceScore == 0.49)
        #expect(DiagnosticMapper.summary(appsFlyer).matchType == "probabilistic")
        #expect(DiagnosticMapper.summary(sandbox).matchType == "sandbox")
        #expect(DiagnosticMapper.summary(notShort).matchType == "not a short link")
        #expect(
            DiagnosticMapper.summary(OptoLinkData(linkId: nil, path: "/", matchType: .direct, isDeferred: false))
                .matchType == nil)
    }
}
