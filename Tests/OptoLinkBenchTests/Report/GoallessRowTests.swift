import Foundation
import Testing

@testable import optolink_bench

@Suite("A row reported without a goal, as rows 2e and 4b–4e are")
struct GoallessRowTests {
    /// Pairs whose medians are `ours` and `base` seconds.
    private func series(ours: Double, base: Double) -> ProviderOpenBench.Series {
        var series = ProviderOpenBench.Series()
        series.ours = [ours * 0.9, ours, ours * 1.1]
        series.base = [base * 0.9, base, base * 1.1]
        series.blockRatios = [ours / base]
        return series
    }

    @Test func aGoallessRowReadsAsTheThroughputRowsHoweverFarItsRatio() {
        // Given a series whose ratio is far over 1.10×
        let slow = series(ours: 650e-6, base: 500e-6)

        // When it is reported without a goal, and with one
        let reported = ProviderOpenBench.row("2e. x", slow, baseline: "bare", hasGoal: false)
        let judged = ProviderOpenBench.row("2e. x", slow, baseline: "bare")

        // Then the goal-less row has the throughput rows' goal column and verdict, the same figures, and
        // only the judged one is missed
        #expect(reported.goal == BenchRow.noGoal)
        #expect(reported.verdict == .info)
        #expect(reported.verdict.text == "—")
        #expect(reported.ratio == judged.ratio && reported.ours == judged.ours)
        #expect(judged.goal == ProviderOpenBench.goal)
        #expect(judged.verdict == .missed)
    }

    @Test func aGoallessRowThatCouldNotRunKeepsItsGoalColumn() {
        // Given a series with no successful pair
        var empty = ProviderOpenBench.Series()
        empty.failures = 3

        // When it is reported without a goal
        let row = ProviderOpenBench.row("2e. x", empty, baseline: "bare", hasGoal: false)

        // Then it says why it was not measured, under the goal-less column
        #expect(row.verdict == .notMeasured)
        #expect(row.goal == BenchRow.noGoal)
        #expect(row.ours.contains("3 failures"))
    }

    @Test func theTallyCountsNeitherWayAGoallessRow() {
        // Given one met row, one missed row and a goal-less row far over its ratio
        let rows = [
            ProviderOpenBench.row("2c. met", series(ours: 105e-6, base: 100e-6), baseline: "bare"),
            ProviderOpenBench.row("2d. missed", series(ours: 120e-6, base: 100e-6), baseline: "bare"),
            ProviderOpenBench.row("2e. reported", series(ours: 200e-6, base: 100e-6), baseline: "bare", hasGoal: false),
        ]

        // When the report is written
        let report = BenchReport(
            mode: "--quick", rows: rows, notes: [], started: Date(timeIntervalSince1970: 0), seconds: 1,
            loadAtStart: "0", loadAtEnd: "0")

        // Then the tally has one met and one missed of three rows, and the goal-less row's line says so
        #expect(report.markdown.contains("Goals: 1 met, 1 missed, 0 not measured (of 3 rows)"))
        #expect(report.table.contains("| 2e. reported | median 200.0 µs, p99 220.0 µs |"))
        #expect(report.table.contains("| 2.00× (blocks 2.00×–2.00×) | — (reported) | — |"))
    }
}
