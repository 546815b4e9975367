import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

@Suite("Compare: the table")
struct CompareTableTests {
    @Test func theTableHasAColumnPerServiceAndARowPerMeasure() {
        // Given OptoLink and QubeRoute passed after two 503s, Deep Blue failed, AppsFlyer skipped
        let lines = CompareTable.lines(CompareFixtures.mixed())
        // Then
        #expect(lines[0] == "compare flaky-server")
        #expect(
            lines[1] == "              OptoLink                  QubeRoute                 "
                + "Deep Blue                 AppsFlyer")
        #expect(
            lines[2] == "outcome       PASS                      PASS                      "
                + "FAIL                      SKIP")
        #expect(
            lines[3] == "method        CLIPBOARD                 probabilistic ip_address  "
                + "—                         —")
        #expect(
            lines[4] == "match type    —                         ip_address                "
                + "—                         —")
        #expect(
            lines[5] == "confidence    exact                     0.49 (low)                "
                + "—                         —")
        #expect(
            lines[6] == "attempts      3 (503 503 200)           3 (503 503 200)           "
                + "0                         0")
        #expect(
            lines[7] == "waits         1.0s, 2.0s                1.0s, 2.0s                "
                + "none                      none")
        #expect(
            lines[8] == "time to link  3.1s                      3.1s                      "
                + "—                         —")
        #expect(
            lines[9] == "link          /promo/summer             /promo/spring             "
                + "—                         —")
        // And each column that did not pass says why, after the table
        #expect(
            Array(lines.dropFirst(10)) == [
                "Deep Blue: FAIL: expected a link, got none",
                "AppsFlyer: SKIP: AppsFlyer's S2S API resolves no URL",
            ])
    }

    @Test func cellsLongerThanTheColumnAreCutWithAnEllipsis() {
        var state = CompareState(scenario: "x", services: [.optoLink])
        state.apply(
            .diagnostic(
                .optoLink, .linkDelivered(LinkSummary(path: "/a/very/long/path/that/does/not/fit", method: "DIRECT")),
                time: 1))
        let line = CompareTable.lines(state, columnWidth: 12).first { $0.hasPrefix("link") }
        #expect(line == "link          /a/very/lo…")
    }

    @Test func aRunningColumnShowsItsStepAndTheWaitLeft() {
        // Given QubeRoute waiting 2 s from t = 50, at t = 50.5
        var state = CompareState(scenario: "flaky-server", services: [.quberoute])
        state.apply(.step(.quberoute, "first launch"))
        state.apply(.diagnostic(.quberoute, .requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 49.9))
        state.apply(
            .diagnostic(.quberoute, .retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 2), time: 50))
        let rows = CompareTable.rows(state, now: 50.5)
        // Then
        #expect(rows[0].cells[0] == CompareTable.Cell(text: "▸ first launch", role: .running))
        #expect(rows[5].cells[0] == CompareTable.Cell(text: "2.0s (1.5s left)", role: .wait))
        #expect(!state.isOver)
    }

    @Test func attemptsCutToACellKeepTheirLastOutcomesAndInFlightIsSaid() {
        // Given a request answered 503, 503, then 200, and one whose first attempt is still out
        var state = CompareState(scenario: "flaky-server", services: [.quberoute, .deepBlue])
        for (attempt, status) in [(1, 503), (2, 503), (3, 200)] {
            state.apply(
                .diagnostic(
                    .quberoute, .requestStarted(requestID: 1, endpoint: "match", attempt: attempt),
                    time: Double(attempt)))
            state.apply(
                .diagnostic(
                    .quberoute,
                    .responseReceived(
                        requestID: 1, endpoint: "match", attempt: attempt, status: status, duration: 0.01),
                    time: Double(attempt) + 0.01))
        }
        state.apply(.diagnostic(.deepBlue, .requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 1))
        // When the cells have 13 characters (80x24)
        let attempts = CompareTable.rows(state, now: 5, cellWidth: 13)[4].cells
        // Then the final 200 is kept, and the running column says so
        #expect(attempts[0].text == "3 (… 503 200)")
        #expect(attempts[1].text == "1 (in flight)")
        #expect(CompareTable.rows(state, now: 5)[4].cells[0].text == "3 (503 503 200)")
    }

    @Test func twoDecimalsWithoutFoundation() {
        #expect(CompareTable.format2(0.49) == "0.49")
        #expect(CompareTable.format2(0.3) == "0.30")
        #expect(CompareTable.format2(1) == "1.00")
        #expect(CompareTable.format2(0.07) == "0.07")
        #expect(CompareTable.format2(0.999) == "1.00")
    }
}
