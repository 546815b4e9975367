/// The running (or last) scenario as a checklist: its expectation, its steps as they start, pass or fail,
/// and its verdict once it ended. Drawn by the scenario pane.
package struct ScenarioChecklist: Sendable, Hashable {
    /// The scenario's name.
    package var name: String
    /// What it expects (from the catalog; empty when unknown).
    package var expectation: String
    /// Its steps, in plan order (a step started outside the plan is appended).
    package var steps: [ScenarioStep]
    /// The verdict; nil while it runs.
    package var result: ScenarioResult?

    /// Creates a checklist with every step pending.
    package init(name: String, expectation: String, steps: [String], result: ScenarioResult? = nil) {
        self.name = name
        self.expectation = expectation
        self.steps = steps.map { ScenarioStep(name: $0) }
        self.result = result
    }

    /// Steps that passed.
    package var passedCount: Int { steps.filter { $0.status == .passed }.count }

    /// Applies a step's new status: the first step of that name not yet ended takes it (a step of that name
    /// that already ended, or one missing from the plan, adds a row).
    mutating func update(_ name: String, to status: ScenarioStep.Status) {
        if let index = steps.firstIndex(where: { $0.name == name && ($0.status == .pending || $0.status == .running) })
        {
            steps[index].status = status
        } else {
            steps.append(ScenarioStep(name: name, status: status))
        }
    }
}
