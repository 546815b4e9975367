import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore

/// The log's line for the SDK's match result: what the service answered, nothing it did not, the method under
/// the service's own name for it.
@Suite("Match log line")
struct MatchLogLineTests {
    @Test func aScoredMatchShowsItsConfidenceAndScore() {
        let line = DashboardReducer.matchLine(
            LinkSummary(path: "/promo/summer", method: "FINGERPRINT_SCORED", confidence: "medium", score: 79),
            name: "FINGERPRINT_SCORED")
        #expect(line == "match: FINGERPRINT_SCORED medium score 79 → /promo/summer")
    }

    @Test func whatTheServiceDidNotAnswerIsLeftOutNotShownAsADash() {
        // AppsFlyer answers neither a confidence nor a score, only its match_type
        let appsFlyer = DashboardReducer.matchLine(
            LinkSummary(path: "/", method: "FINGERPRINT_SCORED", serviceDetail: "match_type probabilistic"),
            name: "probabilistic")
        #expect(appsFlyer == "match: probabilistic → / (match_type probabilistic)")
        // An IP match has a confidence and no score
        let fuzzy = DashboardReducer.matchLine(
            LinkSummary(path: "/promo/summer", method: "IP_FUZZY", confidence: "low"), name: "IP_FUZZY")
        #expect(fuzzy == "match: IP_FUZZY low → /promo/summer")
    }

    @Test func theReducerLogsTheSDKsMatchResultUnderTheServicesName() {
        // Given AppsFlyer's answer, read by the SDK as a scored match
        let summary = LinkSummary(
            path: "/", method: "FINGERPRINT_SCORED", matchType: "probabilistic",
            serviceDetail: "match_type probabilistic")
        // When the reducer folds it into an AppsFlyer run
        let state = Fixtures.reduced([.providerChanged(.appsFlyer), .diagnostic(.matchResult(summary), time: 0.2)])
        // Then the line names AppsFlyer's match_type, not the SDK's enum
        #expect(state.log.last?.text == "match: probabilistic → / (match_type probabilistic)")
    }
}
