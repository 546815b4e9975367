import DashboardCore
import Foundation
import OptoLink
import OptoLinkHTTP
import OptoLinkToolSupport

/// Runs the Lab view's labs off the render loop: `L` starts the default lab through every service with the
/// threshold sweep (``LabSession``, in process), its progress streams in as ``DashboardAction/lab(_:)``
/// actions at most ten times a second, Esc stops it (the session's task is cancelled), and Enter explains one
/// install of the last finished run (``InProcessLabEngine/explain(device:in:)``).
///
/// ```swift
/// let runner = LabViewRunner(emit: { inbox.send($0) })
/// runner.handle(.runLab)     // .lab(.started…), .lab(.progress…)…, .lab(.finished…)
/// runner.handle(.stopLab)    // .lab(.stopped) if it was still running
/// ```
///
/// Only the newest run reports: a stopped run's late updates are dropped.
package final class LabViewRunner: Sendable {
    /// The run going, and the last finished one.
    private struct Current {
        /// Counts the runs started and stopped: a run reports only while it is the current generation.
        var generation = 0
        /// The task of the run going, nil when none.
        var task: Task<Void, Never>?
        /// The last finished run, kept to explain its installs.
        var result: LabSession.Result?
    }

    private let current = Locked(Current())
    private let services: [OptoLinkService]
    private let progressInterval: Double
    private let now: @Sendable () -> Double
    private let model: @Sendable () throws(DashboardError) -> LabModel
    private let emit: @Sendable (DashboardAction) -> Void

    /// A runner.
    /// - Parameters:
    ///   - services: the services each run goes through (default all four, in the compare's order).
    ///   - progressInterval: the fewest seconds between two progress actions (default 0.1: ten a second,
    ///     as often as the screen is worth redrawing for a bar).
    ///   - now: seconds on a monotonic clock (default the system's).
    ///   - model: the lab to run, read at each `L` (default ``defaultModel(currentDirectory:)`` in the current
    ///     directory).
    ///   - emit: where the actions go (the dashboard's inbox).
    package init(
        services: [OptoLinkService] = OptoLinkService.allCases, progressInterval: Double = 0.1,
        now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        model: @escaping @Sendable () throws(DashboardError) -> LabModel = {
            try LabViewRunner.defaultModel(currentDirectory: FileManager.default.currentDirectoryPath)
        },
        emit: @escaping @Sendable (DashboardAction) -> Void
    ) {
        self.services = services
        self.progressInterval = progressInterval
        self.now = now
        self.model = model
        self.emit = emit
    }

    /// `labs/default.lab` in `currentDirectory` when there is one (as `optolink-dash lab default` reads it),
    /// else the built-in defaults.
    /// - Throws: ``DashboardError`` when the file cannot be read or has a problem.
    package static func defaultModel(currentDirectory: String) throws(DashboardError) -> LabModel {
        var options = LabOptions()
        let paths = LabFiles.searchPaths(for: "default", currentDirectory: currentDirectory, executablePath: nil)
        // The screen's loop reads it: a FIFO or a device, which may never end or never be written, is refused
        // (`optolink-dash lab FILE` reads streams).
        if let stream = paths.first(where: { UserFile.kind(of: $0) == .stream }) {
            throw .lab(
                "\(stream) is a pipe or a device, not a file: L reads a lab file (optolink-dash lab FILE reads "
                    + "a stream)")
        }
        if paths.contains(where: { FileManager.default.fileExists(atPath: $0) }) { options.file = "default" }
        return try LabFiles.load(options, currentDirectory: currentDirectory, executablePath: nil)
    }

    /// Whether a run is going.
    package var isRunning: Bool { current.withLock { $0.task != nil } }

    /// Executes the lab's commands (``DashboardCommand/runLab``, ``DashboardCommand/stopLab``,
    /// ``DashboardCommand/explainLabInstall(_:device:)``); false for any other command.
    @discardableResult
    package func handle(_ command: DashboardCommand) -> Bool {
        switch command {
        case .runLab: start()
        case .stopLab: stop()
        case .explainLabInstall(let service, let device): explain(service, device: device)
        default: return false
        }
        return true
    }

    /// Starts a run of the lab (a run still going is cancelled without a word: the new one replaces it).
    package func start() {
        let model: LabModel
        do {
            model = try self.model()
        } catch {
            emit(.lab(.failed(error.message)))
            return
        }
        let generation = current.withLock { current in
            current.task?.cancel()
            current.task = nil
            current.generation += 1
            return current.generation
        }
        emit(.lab(.started(lab: model.name, services: services, installs: model.installs)))
        let session = LabSession(model: model, services: services)
        current.withLock { current in
            guard current.generation == generation else { return }
            current.task = Task { await self.follow(session, generation: generation) }
        }
    }

    /// Stops the run going, if any, and says so (`.lab(.stopped)`).
    package func stop() {
        let stopped = current.withLock { current in
            guard let task = current.task else { return false }
            task.cancel()
            current.task = nil
            current.generation += 1
            return true
        }
        if stopped { emit(.lab(.stopped)) }
    }

    /// Reads the session's updates and passes them on while `generation` is the current run.
    private func follow(_ session: LabSession, generation: Int) async {
        var lastProgress = -Double.infinity
        for await update in session.updates() {
            switch update {
            case .progress(let progress):
                let time = now()
                guard time - lastProgress >= progressInterval else { continue }
                lastProgress = time
                if isCurrent(generation) { emit(.lab(.progress(progress))) }
            case .finished(let result):
                let current = self.current.withLock { current in
                    guard current.generation == generation else { return false }
                    current.task = nil
                    current.result = result
                    return true
                }
                if current { emit(.lab(.finished(LabViewResult(result)))) }
            case .failed(let message):
                let current = self.current.withLock { current in
                    guard current.generation == generation else { return false }
                    current.task = nil
                    return true
                }
                if current { emit(.lab(.failed(message))) }
            }
        }
    }

    private func isCurrent(_ generation: Int) -> Bool { current.withLock { $0.generation == generation } }

    /// Explains `device`'s install of the last finished run under `service`, off the caller's thread.
    private func explain(_ service: OptoLinkService, device: Int) {
        guard let run = current.withLock({ $0.result })?.runs.first(where: { $0.job.service == service }) else {
            emit(.log(.warning, "lab: no finished run of \(service.displayName) to explain an install of (L runs one)"))
            return
        }
        let emit = self.emit
        Task {
            guard let explanation = InProcessLabEngine().explain(device: device, in: run.job) else {
                emit(.log(.warning, "lab: device \(device) clicked and never installed: nothing to explain"))
                return
            }
            var attempt = explanation.attempt
            attempt.id = "lab-\(service.rawValue)-\(device)"
            attempt.service = service.rawValue
            emit(.lab(.explained(attempt)))
            emit(
                .log(
                    .info,
                    "lab: install \(device) under \(service.displayName): \(explanation.outcome.label), "
                        + "\(explanation.candidates.count) candidate click(s) scored, threshold "
                        + "\(explanation.threshold)"
                ))
        }
    }
}
