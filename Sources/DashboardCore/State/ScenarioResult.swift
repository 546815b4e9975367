/// How one scenario run ended, kept for the Markdown report and the JUnit file.
package struct ScenarioResult: Sendable, Hashable {
    /// The verdict.
    package enum Verdict: String, Sendable, Hashable {
        /// The expectation held.
        case passed = "PASS"
        /// It did not.
        case failed = "FAIL"
        /// It could not run here.
        case skipped = "SKIP"
    }

    /// The scenario's name.
    package var name: String
    /// What it expects (from the catalog; empty when unknown).
    package var expectation: String
    /// The verdict.
    package var verdict: Verdict
    /// What happened (PASS/FAIL detail, or the reason it was skipped).
    package var detail: String
    /// Seconds from its start to its verdict.
    package var duration: Double
    /// Its steps as they ended (empty for a scenario without a plan).
    package var steps: [ScenarioStep]

    /// Creates a result.
    package init(
        name: String, expectation: String, verdict: Verdict, detail: String, duration: Double,
        steps: [ScenarioStep] = []
    ) {
        self.name = name
        self.expectation = expectation
        self.verdict = verdict
        self.detail = detail
        self.duration = duration
        self.steps = steps
    }

    /// The step that failed, with its number in the checklist (from 1); nil when none did.
    package var failedStep: (number: Int, name: String)? {
        guard verdict == .failed,
            let index = steps.firstIndex(where: {
                if case .failed = $0.status { return true }
                return false
            })
        else { return nil }
        return (index + 1, steps[index].name)
    }

    /// Expected versus observed: `expected … · observed …`; for a failure inside a step, `at step 3
    /// “/match → CLIPBOARD exact”: …` (the step names what was expected, the check's detail what happened);
    /// a skip: its reason.
    package var explanation: String {
        if verdict == .skipped { return detail }
        if let step = failedStep { return "at step \(step.number) “\(step.name)”: \(detail)" }
        return "expected \(expectation.isEmpty ? "-" : expectation) · observed \(detail)"
    }

    /// The verdict explained in one line: `PASS: expected … · observed …`, `FAIL at step 3 “…”: …`, `SKIP: …`
    /// (the scenario pane shows it under the checklist).
    package var verdictLine: String {
        verdict.rawValue + (failedStep == nil ? ": " : " ") + explanation
    }

    /// The shorter form for a narrow pane, under the checklist that names the failed step: `PASS: observed …`,
    /// `FAIL: …`, `SKIP: …`.
    package var shortVerdictLine: String {
        switch verdict {
        case .passed: "\(verdict.rawValue): observed \(detail)"
        case .failed, .skipped: "\(verdict.rawValue): \(detail)"
        }
    }

    /// The verdict explained in one line with the scenario's name: `flaky-server PASS: expected … · observed …`.
    package var line: String { "\(name) \(verdictLine)" }
}
