import Foundation
import OptoLinkLabEngine

/// Runs a lab straight through the reference server's matching engine (``DirectMatcher``): the same clicks,
/// first opens and clock as over the wire, with no sockets, for populations of 100 000 to millions.
///
/// A click goes in as the service's click page records it; a first open is decided by the chain as the
/// service's request would give it its inputs (the server's own conversions). The lab's clock is the event
/// times: the engine sees each click and first open at the second the population says.
///
/// ```swift
/// let population = LabPopulation.generate(LabModel())
/// let run = try await InProcessLabEngine().run(LabJob(population: population, service: .optoLink)) { _ in }
/// ```
package struct InProcessLabEngine: LabEngine {
    /// `process`.
    package let name = "process"
    /// Seconds on a monotonic clock, for the progress reports (a test may give a fixed one).
    private let now: @Sendable () -> Double

    /// An engine reporting progress against `now` (default: the monotonic clock).
    package init(now: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }) {
        self.now = now
    }

    /// Runs `job` (see ``LabEngine/run(_:progress:)``); yields to other tasks every few thousand events.
    package func run(_ job: LabJob, progress: @escaping @Sendable (LabProgress) -> Void) async throws -> LabRun {
        let start = now()
        var replay = Replay(job: job)
        var outcomes = [LabOutcome](repeating: .unused, count: job.population.deviceCount)
        var done = 0
        var counts = LabCounts()
        var reported = start
        let total = job.population.installCount
        for (index, event) in job.population.events.enumerated() {
            if event.isLaunch {
                let decision = replay.launch(event)
                let outcome = LabOutcome(
                    device: event.device, in: job.population, matchedClick: decision.click,
                    method: LabMethod(decision.method), score: decision.score, guardFired: decision.guardFired)
                outcomes[event.device] = outcome
                counts.add(outcome.outcome)
                done += 1
            } else {
                replay.click(event)
            }
            if index & 4095 == 4095 {
                try Task.checkCancellation()
                let time = now()
                if time - reported >= 0.05 {
                    progress(LabProgress(done: done, total: total, elapsed: time - start, classes: [counts]))
                    reported = time
                }
                await Task.yield()
            }
        }
        let seconds = now() - start
        progress(LabProgress(done: done, total: total, elapsed: seconds, classes: [counts]))
        return LabRun(job: job, engine: name, outcomes: outcomes, seconds: seconds)
    }

    /// Replays `job` up to `device`'s first open and decides it with every candidate the chain scored: what
    /// the dashboard's breakdown pane shows for one install of a population. Nil for a click that never
    /// installed.
    package func explain(device: Int, in job: LabJob) -> LabExplanation? {
        guard let launch = job.population.launch(of: device) else { return nil }
        var replay = Replay(job: job)
        for event in job.population.events {
            if event.isLaunch {
                if event.device == device {
                    let (decision, candidates) = replay.matcher.explainLaunch(
                        address: launch.address, clipboardClick: launch.clipboardClick,
                        signals: replay.launchSignals(event.device), at: event.time)
                    return LabExplanation(
                        job: job, launch: launch, click: job.population.click(of: device), decision: decision,
                        candidates: candidates)
                }
                _ = replay.launch(event)
            } else {
                replay.click(event)
            }
        }
        return nil
    }

    /// A run's matcher and its memo of signals: devices with the same traits give the same signals, so each
    /// combination is converted once (by the server's conversions) and reused.
    private struct Replay {
        let job: LabJob
        let matcher: DirectMatcher
        private var clickMemo: [Int: DirectMatcher.Signals] = [:]
        private var launchMemo: [Int: DirectMatcher.Signals] = [:]

        init(job: LabJob) {
            self.job = job
            matcher = DirectMatcher(service: job.service.matcherService, policy: job.policy)
        }

        mutating func click(_ event: LabPopulation.Event) {
            let population = job.population
            let key = population.browserKey(of: event.device)
            let signals =
                clickMemo[key]
                ?? {
                    let made = DirectMatcher.Signals.click(
                        job.service.matcherService, population.browser(of: event.device))
                    clickMemo[key] = made
                    return made
                }()
            matcher.click(
                id: event.device, address: population.clickAddress(of: event.device), signals: signals, at: event.time)
        }

        mutating func launchSignals(_ device: Int) -> DirectMatcher.Signals {
            let key = job.population.appKey(of: device)
            if let known = launchMemo[key] { return known }
            let made = DirectMatcher.Signals.launch(job.service.matcherService, job.population.app(of: device))
            launchMemo[key] = made
            return made
        }

        mutating func launch(_ event: LabPopulation.Event) -> DirectMatcher.Decision {
            let signals = launchSignals(event.device)
            return matcher.launch(
                address: job.population.launchAddress(of: event.device),
                clipboardClick: job.population.clipboardClick(of: event.device), signals: signals, at: event.time)
        }
    }
}
