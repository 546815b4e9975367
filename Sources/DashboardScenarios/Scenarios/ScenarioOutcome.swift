/// How a scenario ended.
package enum ScenarioOutcome: Sendable, Hashable, Codable {
    /// The expectation held; the detail says what happened.
    case passed(String)
    /// It did not; the detail says what was expected and what happened.
    case failed(String)
    /// It could not run here (e.g. the backend has no dev endpoints).
    case skipped(String)

    /// The detail line.
    package var detail: String {
        switch self {
        case .passed(let detail), .failed(let detail), .skipped(let detail): detail
        }
    }

    /// The verdict line: `PASS name`, `FAIL name: detail` or `SKIP name: reason`.
    package func line(for name: String) -> String {
        switch self {
        case .passed: "PASS \(name)"
        case .failed(let detail): "FAIL \(name): \(detail)"
        case .skipped(let reason): "SKIP \(name): \(reason)"
        }
    }
}
