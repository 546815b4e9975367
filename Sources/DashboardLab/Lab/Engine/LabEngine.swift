/// Something that runs a lab's population: every click and first open in time order, each first open decided
/// by a backend. The in-process engine (``InProcessLabEngine``) calls the reference server's matching engine
/// directly; a wire engine drives simulated browsers and devices against a server over HTTP. Both take the
/// same ``LabJob`` and give a ``LabRun`` with one outcome per install, so they can be compared install for
/// install.
///
/// ```swift
/// let run = try await InProcessLabEngine().run(job) { progress in print(progress.done, "/", progress.total) }
/// ```
package protocol LabEngine: Sendable {
    /// The engine's name as `--engine` spells it.
    var name: String { get }

    /// Runs `job`.
    ///
    /// - Parameters:
    ///   - job: the population, the service and the backend's numbers.
    ///   - progress: called from the run as installs are decided (at most about every 50 ms, and once at the end).
    /// - Returns: every install's outcome.
    /// - Throws: `CancellationError` when the calling task is cancelled (checked every few thousand events).
    func run(_ job: LabJob, progress: @escaping @Sendable (LabProgress) -> Void) async throws -> LabRun
}
