/// One row of the results table.
struct BenchRow: Sendable {
    /// Whether the goal was met.
    enum Verdict: Sendable {
        case met
        case missed
        /// The measure could not run; `ours` says why.
        case notMeasured
        /// Measured, but there is no pass/fail goal for this row.
        case info

        var text: String {
            switch self {
            case .met: "yes"
            case .missed: "**NO**"
            case .notMeasured: "not measured"
            case .info: "—"
            }
        }
    }

    /// The goal column of a row measured without a pass/fail goal (verdict ``Verdict/info``): it counts
    /// toward neither the met nor the missed tally.
    static let noGoal = "— (reported)"

    var measure: String
    var ours: String
    var baseline: String
    var ratio: String
    var goal: String
    var verdict: Verdict

    /// A row for a measure that could not run, with the reason in place of a number.
    static func notMeasured(_ measure: String, goal: String, reason: String) -> BenchRow {
        BenchRow(
            measure: measure, ours: "not measured: \(reason)", baseline: "—", ratio: "—", goal: goal,
            verdict: .notMeasured)
    }
}

/// What one measure produced: rows for the table and notes saying how it was measured.
struct MeasureResult: Sendable {
    var rows: [BenchRow]
    var notes: [String]
}
