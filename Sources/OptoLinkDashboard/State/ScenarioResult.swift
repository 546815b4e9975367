/// How one scenario run ended, kept for the Markdown report and the JUnit file.
public struct ScenarioResult: Sendable, Hashable {
    /// The verdict.
    public enum Verdict: String, Sendable, Hashable {
        /// The expectation held.
        case passed = "PASS"
        /// It did not.
        case failed = "FAIL"
        /// It could not run here.
        case skipped = "SKIP"
    }

    /// The scenario's name.
    public var name: String
    /// What it expects (from the catalog; empty when unknown).
    public var expectation: String
    /// The verdict.
    public var verdict: Verdict
    /// What happened (PASS/FAIL detail, or the reason it was skipped).
    public var detail: String
    /// Seconds from its start to its verdict.
    public var duration: Double

    /// Creates a result.
    public init(name: String, expectation: String, verdict: Verdict, detail: String, duration: Double) {
        self.name = name
        self.expectation = expectation
        self.verdict = verdict
        self.detail = detail
        self.duration = duration
    }

    /// Expected versus observed: `expected … · observed …` (a skip: its reason).
    public var explanation: String {
        verdict == .skipped ? detail : "expected \(expectation.isEmpty ? "-" : expectation) · observed \(detail)"
    }

    /// The verdict explained in one line: `flaky-server PASS: expected … · observed …`.
    public var line: String { "\(name) \(verdict.rawValue): \(explanation)" }
}
