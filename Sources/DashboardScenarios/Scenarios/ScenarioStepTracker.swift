import DashboardCore
import Foundation

/// The open step of one scenario run: ``ScenarioContext/step(_:)`` moves it on, the runner closes it with
/// the verdict; after that, steps are ignored (a body cancelled at its time limit may still be running).
///
/// `@unchecked Sendable` is safe: `current` and `closed` are only touched while `lock` is held.
final class ScenarioStepTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String?
    private var closed = false
    /// The scenario's plan.
    let plan: [String]

    init(plan: [String]) { self.plan = plan }

    /// The actions for reaching step `name`: the open step passed (the body got past it), `name` started.
    func begin(_ name: String) -> [DashboardAction] {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return [] }
        var actions: [DashboardAction] = []
        if let current { actions.append(.scenarioStepPassed(current)) }
        current = name
        actions.append(.scenarioStepStarted(name))
        return actions
    }

    /// The actions for leaving `names` unchecked for `reason`: the open step passed (unless it is one of
    /// `names`), then each of `names` marked not checked. No step is open after it, so the run's close marks
    /// nothing more.
    func leaveUnchecked(_ names: [String], because reason: String) -> [DashboardAction] {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return [] }
        var actions: [DashboardAction] = current.flatMap { names.contains($0) ? nil : [.scenarioStepPassed($0)] } ?? []
        current = nil
        actions += names.map { .scenarioStepUnchecked($0, reason: reason) }
        return actions
    }

    /// The actions that end the open step with the run's outcome (passed, or failed with the FAIL detail);
    /// none when no step is open. Later ``begin(_:)`` calls return nothing.
    func close(_ outcome: ScenarioOutcome) -> [DashboardAction] {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return [] }
        closed = true
        guard let current else { return [] }
        switch outcome {
        case .passed: return [.scenarioStepPassed(current)]
        case .failed(let detail): return [.scenarioStepFailed(current, detail: detail)]
        case .skipped: return []
        }
    }
}
