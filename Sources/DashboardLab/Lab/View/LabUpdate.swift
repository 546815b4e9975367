import DashboardCore
import OptoLink

/// A Lab view run's progress as the runner reports it (``LabViewRunner``), folded into ``LabViewState`` by the
/// reducer (``DashboardAction/lab(_:)``).
package enum LabUpdate: Sendable, Hashable {
    /// A run of lab `lab` began for `services`, with `installs` first opens in each main run.
    case started(lab: String, services: [OptoLinkService], installs: Int)
    /// Installs decided so far over every run (at most ten a second).
    case progress(LabProgress)
    /// The run finished.
    case finished(LabViewResult)
    /// The run could not finish (the message says why).
    case failed(String)
    /// The run was stopped (Esc) before it finished.
    case stopped
    /// One install explained as a match attempt with its breakdown (Enter on an install).
    case explained(MatchAttempt)
}
