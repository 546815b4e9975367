import OptoLink
import OptoLinkLabEngine

/// What one service's run of a lab gave: the five classes overall, by match method, by network and by delay,
/// and the threshold sweep.
package struct LabServiceReport: Sendable {
    /// The service.
    package var service: OptoLinkService
    /// The engine that ran it.
    package var engine: String
    /// The backend's numbers.
    package var policy: DirectMatcher.Policy
    /// Every install.
    package var counts = LabCounts()
    /// By how it matched (`none` holds the missed and the correct no-matches).
    package var byMethod: [LabMethod: LabCounts] = [:]
    /// By network (``LabNetworkLabel``).
    package var byNetwork: [LabNetworkLabel: LabCounts] = [:]
    /// By delay from click to first open.
    package var byDelay: [LabDelayBucket: LabCounts] = [:]
    /// First opens the shared-network guard stopped.
    package var guardFired = 0
    /// Seconds the run took.
    package var seconds: Double
    /// The sweep, when it ran.
    package var sweep: LabSweep?

    /// Tallies `run`.
    package init(run: LabRun, sweep: LabSweep? = nil) {
        service = run.job.service
        engine = run.engine
        policy = run.job.policy
        seconds = run.seconds
        self.sweep = sweep
        let population = run.job.population
        for device in 0..<population.deviceCount {
            guard let outcome = run.outcome(of: device) else { continue }
            counts.add(outcome.outcome)
            byMethod[outcome.method, default: LabCounts()].add(outcome.outcome)
            byNetwork[population.networkLabel(of: device), default: LabCounts()].add(outcome.outcome)
            byDelay[LabDelayBucket(delay: population.delay(of: device)), default: LabCounts()].add(outcome.outcome)
            if outcome.guardFired { guardFired += 1 }
        }
    }

    /// The five classes of `run` alone (what a sweep point keeps).
    static func counts(of run: LabRun) -> LabCounts {
        var counts = LabCounts()
        for device in 0..<run.job.population.deviceCount {
            if let outcome = run.outcome(of: device) { counts.add(outcome.outcome) }
        }
        return counts
    }
}
