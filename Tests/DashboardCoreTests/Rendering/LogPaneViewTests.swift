import DashboardTestSupport
import Testing

@testable import DashboardCore
@testable import DashboardProxy

@Suite("LogPaneView")
struct LogPaneViewTests {
    /// The time label of the log line containing `text`.
    static func label(of text: String, in lines: [String]) -> String? {
        lines.first { $0.hasPrefix("│ 0") && $0.contains(text) }.map { String($0.dropFirst(2).prefix(7)) }
    }

    @Test func anErrorWrapsToItsLastWordWhileAnInfoLineKeepsToOneRow() {
        // Given a long info line, then a long error whose cause is in its last words, at 80×24
        let cause = "(cause: check-deferred got no answer in 3 attempts (The request timed out))"
        let state = Fixtures.reduced([
            .tick(now: 1000),
            .log(.info, "an info line " + String(repeating: "long ", count: 30) + "END-OF-INFO"),
            .log(.error, "scenario flaky-server FAIL at step 1 “click on the same Wi-Fi”: the click failed " + cause),
        ])
        let lines = DashboardRenderer.render(state, size: .minimum).lines
        let text = lines.joined(separator: "\n")
        // Then the error's cause is on screen, its continuation rows indented under its text
        #expect(text.contains("(The request timed out))"), "\(text)")
        let errorRow = try? #require(lines.firstIndex { $0.contains("ERROR scenario flaky-server") })
        if let errorRow {
            #expect(lines[errorRow + 1].hasPrefix("│               "), "\(lines[errorRow + 1])")
        }
        // And the info line is one row, cut
        #expect(!text.contains("END-OF-INFO"))
    }

    @Test func logLinesShowTheirTimeSinceTheStartInTenths() {
        // Given: the app loop's order (apply the start-up lines, then each turn: drain the inbox, tick),
        // with a manual clock: lines without a time of their own arrive between two ticks.
        let state = Fixtures.reduced([
            .log(.info, "embedded server ready"),  // applied before the first tick
            .tick(now: 1000),
            .log(.info, "browser click on /demo/summer"),  // drained at 1002.3, after an idle wait
            .tick(now: 1002.3),
            .log(.info, "app: install #1 and first launch"),  // drained at 1003.45
            .diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 1003.45),
            .diagnostic(
                .responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 503, duration: 0.02),
                time: 1003.47),
            .diagnostic(.retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 1), time: 1003.47),
            .tick(now: 1003.48),
            .tick(now: 1004.4),
            .diagnostic(.log(level: .warning, message: "SDK: slow answer"), time: 1004.62),
            .log(.info, "fault injected: 503 on match ×2"),  // drained at 1004.7
            .tick(now: 1004.7),
        ])

        // When (a window tall enough for all six lines)
        let lines = DashboardRenderer.render(state, size: ScreenSize(width: 120, height: 50)).lines

        // Then: true times since the start, with tenths.
        #expect(Self.label(of: "embedded server ready", in: lines) == "00:00.0")
        #expect(Self.label(of: "browser click", in: lines) == "00:02.3")
        #expect(Self.label(of: "app: install", in: lines) == "00:03.5")
        #expect(Self.label(of: "retry after 1.0s", in: lines) == "00:03.5")
        #expect(Self.label(of: "SDK: slow answer", in: lines) == "00:04.6")
        #expect(Self.label(of: "fault injected", in: lines) == "00:04.7")
    }

    @Test func scenarioStartAndVerdictAreStampedWhenTheyArrive() {
        // Given
        let state = Fixtures.reduced([
            .tick(now: 20),
            .tick(now: 21.2),
            .scenarioStarted(name: "flaky-server"),
            .tick(now: 27.9),
            .scenarioFinished(name: "flaky-server", passed: true, detail: "ok"),
            .tick(now: 31.4),
        ])

        // When
        let lines = DashboardRenderer.render(state, size: .full).lines

        // Then: each line has the time of the turn it arrived in, not the reading before it.
        #expect(Self.label(of: "scenario flaky-server started", in: lines) == "00:07.9")
        #expect(Self.label(of: "scenario flaky-server PASS", in: lines) == "00:11.4")
    }
}
