import Foundation
import OptoLink
import OptoLinkHTTP
import OptoLinkLabEngine

/// A whole lab: draws the population, runs it for each service through an engine, runs each service's
/// threshold sweep in process, and reports; as one call with a progress callback, or as a stream of updates
/// for a live view.
///
/// Runs go two at a time (the machine's cores), the services' main runs first. The sweep always runs in
/// process, whatever the main engine: a deployed backend's threshold cannot be turned from outside.
///
/// ```swift
/// let session = LabSession(model: LabModel(), services: [.optoLink])
/// for await update in session.updates() {
///     if case .progress(let p) = update { print(p.done, p.total) }
///     if case .finished(let result) = update { print(result.report.services[0].counts.precision ?? 0) }
/// }
/// ```
package struct LabSession: Sendable {
    /// What a finished session gives.
    package struct Result: Sendable {
        /// The report.
        package var report: LabReport
        /// The population the main runs ran.
        package var population: LabPopulation
        /// The main runs, one per service in order (for the CSV and for explaining one install).
        package var runs: [LabRun]
    }

    /// What a session streams.
    package enum Update: Sendable {
        /// Installs decided so far over every run (main and sweep), and the rate.
        case progress(LabProgress)
        /// The result.
        case finished(Result)
        /// The run could not finish (the message says why).
        case failed(String)
    }

    /// The lab.
    package var model: LabModel
    /// The services to run, in report order.
    package var services: [OptoLinkService]
    /// The engine of the main runs.
    package var engine: any LabEngine
    /// Whether to run the threshold sweep.
    package var sweep: Bool

    /// A session; the in-process engine and the sweep by default.
    package init(
        model: LabModel, services: [OptoLinkService], engine: any LabEngine = InProcessLabEngine(),
        sweep: Bool = true
    ) {
        self.model = model
        self.services = services
        self.engine = engine
        self.sweep = sweep
    }

    /// The guard size of each sweep line: the backend's, then `sweep.guard` when it differs.
    package var sweepGuards: [Int?] {
        model.sweepGuard == model.policy.guardSize
            ? [model.policy.guardSize] : [model.policy.guardSize, model.sweepGuard]
    }

    /// Runs the lab.
    /// - Parameter progress: installs decided over every run so far (about every 50 ms).
    /// - Throws: `CancellationError` when the task is cancelled; whatever the engine throws.
    package func run(progress: @escaping @Sendable (LabProgress) -> Void = { _ in }) async throws -> Result {
        let clock: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        let began = clock()
        let population = LabPopulation.generate(model)
        let sweepPopulation =
            !sweep
            ? nil
            : model.sweepInstalls >= model.installs
                ? population : LabPopulation.generate(model, installs: model.sweepInstalls)
        var work: [Work] = services.map { .main($0) }
        if sweepPopulation != nil {
            for service in services {
                for guardSize in sweepGuards {
                    for threshold in model.sweepThresholds {
                        var policy = model.policy
                        policy.threshold = threshold
                        policy.guardSize = guardSize
                        work.append(.sweep(service, policy))
                    }
                }
            }
        }
        let total = work.reduce(0) {
            if case .main = $1 { return $0 + population.installCount }
            return $0 + (sweepPopulation?.installCount ?? 0)
        }
        let tally = Locked([LabProgress?](repeating: nil, count: work.count))
        let mainRuns = services.count
        let engine = self.engine
        let finished = try await withThrowingTaskGroup(of: (Int, LabRun).self) { group in
            var next = 0
            func launch(_ index: Int) {
                let report: @Sendable (LabProgress) -> Void = { run in
                    let runs = tally.withLock {
                        $0[index] = run
                        return $0
                    }
                    progress(
                        LabProgress(
                            done: runs.reduce(0) { $0 + ($1?.done ?? 0) }, total: total, elapsed: clock() - began,
                            classes: runs.prefix(mainRuns).map { $0?.classes.first ?? LabCounts() }))
                }
                switch work[index] {
                case .main(let service):
                    group.addTask {
                        (
                            index,
                            try await engine.run(LabJob(population: population, service: service), progress: report)
                        )
                    }
                case .sweep(let service, let policy):
                    group.addTask {
                        let job = LabJob(population: sweepPopulation!, service: service, policy: policy)
                        return (index, try await InProcessLabEngine().run(job, progress: report))
                    }
                }
            }
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            while next < min(width, work.count) {
                launch(next)
                next += 1
            }
            var runs = [LabRun?](repeating: nil, count: work.count)
            while let (index, run) = try await group.next() {
                runs[index] = run
                if next < work.count {
                    launch(next)
                    next += 1
                }
            }
            return runs.map { $0! }
        }
        var reports: [LabServiceReport] = []
        for (offset, service) in services.enumerated() {
            var sweep: LabSweep?
            if let sweepInstalls = sweepPopulation?.installCount {
                var points: [LabSweep.Point] = []
                for (index, item) in work.enumerated() {
                    guard case .sweep(let swept, let policy) = item, swept == service else { continue }
                    points.append(
                        LabSweep.Point(
                            threshold: policy.threshold, guardSize: policy.guardSize,
                            counts: LabServiceReport.counts(of: finished[index])))
                }
                sweep = LabSweep(
                    thresholds: model.sweepThresholds, guards: sweepGuards, installs: sweepInstalls,
                    points: points)
            }
            reports.append(LabServiceReport(run: finished[offset], sweep: sweep))
        }
        let organic = (0..<population.deviceCount).reduce(0) { $0 + (population.role(of: $1) == .organic ? 1 : 0) }
        let report = LabReport(
            model: model, installs: population.installCount, organic: organic, clicks: population.clickCount,
            services: reports, seconds: clock() - began)
        return Result(report: report, population: population, runs: Array(finished.prefix(services.count)))
    }

    /// The run as a stream: progress, then the result (or why it failed). Cancelling the task that reads the
    /// stream, or dropping the stream, cancels the run.
    package func updates() -> AsyncStream<Update> {
        AsyncStream { continuation in
            let task = Task {
                do {
                    let result = try await run { continuation.yield(.progress($0)) }
                    continuation.yield(.finished(result))
                } catch is CancellationError {
                } catch {
                    continuation.yield(.failed("\(error)"))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// One run to make.
    private enum Work: Sendable {
        case main(OptoLinkService)
        case sweep(OptoLinkService, DirectMatcher.Policy)
    }
}
