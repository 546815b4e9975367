import Testing

@testable import OptoLinkDashboard

/// The log's line for the SDK's match result: what the service answered, nothing it did not.
@Suite("Match log line")
struct MatchLogLineTests {
    @Test func aScoredMatchShowsItsConfidenceAndScore() {
        let line = DashboardReducer.matchLine(
            LinkSummary(path: "/promo/summer", method: "FINGERPRINT_SCORED", confidence: "medium", score: 79))
        #expect(line == "match: FINGERPRINT_SCORED medium score 79 → /promo/summer")
    }

    @Test func whatTheServiceDidNotAnswerIsLeftOutNotShownAsADash() {
        // AppsFlyer answers neither a confidence nor a score, only its match_type
        let appsFlyer = DashboardReducer.matchLine(
            LinkSummary(path: "/", method: "FINGERPRINT_SCORED", serviceDetail: "match_type probabilistic"))
        #expect(appsFlyer == "match: FINGERPRINT_SCORED → / (match_type probabilistic)")
        // An IP match has a confidence and no score
        let fuzzy = DashboardReducer.matchLine(
            LinkSummary(path: "/promo/summer", method: "IP_FUZZY", confidence: "low"))
        #expect(fuzzy == "match: IP_FUZZY low → /promo/summer")
    }

    @Test func theReducerLogsTheSDKsMatchResultWithThatLine() {
        let summary = LinkSummary(path: "/", method: "FINGERPRINT_SCORED", serviceDetail: "match_type probabilistic")
        let state = Fixtures.reduced([.diagnostic(.matchResult(summary), time: 0.2)])
        #expect(state.log.last?.text == "match: FINGERPRINT_SCORED → / (match_type probabilistic)")
    }
}
