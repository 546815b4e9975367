/// A finished run: every install's outcome and how long it took.
package struct LabRun: Sendable {
    /// What ran.
    package var job: LabJob
    /// The engine's name (`process`, `wire`).
    package var engine: String
    /// Each device's outcome, by device id (the entries of clicks that never installed are unused).
    package var outcomes: [LabOutcome]
    /// Seconds the run took.
    package var seconds: Double

    /// A run.
    package init(job: LabJob, engine: String, outcomes: [LabOutcome], seconds: Double) {
        self.job = job
        self.engine = engine
        self.outcomes = outcomes
        self.seconds = seconds
    }

    /// The outcome of `device`'s install, nil for a click that never installed.
    package func outcome(of device: Int) -> LabOutcome? {
        job.population.role(of: device) == .abandoned ? nil : outcomes[device]
    }
}
