import DashboardCore
import OptoLinkLabEngine

/// One install of a population explained: its inputs, its ground truth, and the chain's decision with every
/// candidate it scored (``InProcessLabEngine/explain(device:in:)``). ``attempt`` is the same decision as a row of
/// the dashboard's match attempts pane, so the breakdown pane can show it as it shows a live attempt.
package struct LabExplanation: Sendable {
    /// The install's first open.
    package var launch: LabPopulation.Launch
    /// Its click (nil for an organic install).
    package var click: LabPopulation.Click?
    /// What the chain decided.
    package var decision: DirectMatcher.Decision
    /// Every click on the address the chain scored, best first.
    package var candidates: [DirectMatcher.Candidate]
    /// The threshold the chain decided with.
    package var threshold: Int
    /// The install's outcome.
    package var outcome: LabOutcomeClass

    init(
        job: LabJob, launch: LabPopulation.Launch, click: LabPopulation.Click?, decision: DirectMatcher.Decision,
        candidates: [DirectMatcher.Candidate]
    ) {
        self.launch = launch
        self.click = click
        self.decision = decision
        self.candidates = candidates
        self.threshold = job.policy.threshold
        self.outcome = LabOutcomeClass(truth: job.population.groundTruth(of: launch.device), matched: decision.click)
    }

    /// The decision as a match attempts row (`lab-<device>`, at the first open's lab time), with its breakdown:
    /// each candidate named `click <id>` (`(its own)` for the install's click), its age and points.
    package var attempt: MatchAttempt {
        let own = click?.device
        return MatchAttempt(
            id: "lab-\(launch.device)", time: launch.time, matched: decision.click != nil,
            method: decision.method?.rawValue ?? "NONE", confidence: decision.confidence,
            score: decision.score.map(Double.init),
            path: decision.click.map { $0 == own ? "click \($0) (its own)" : "click \($0)" },
            breakdown: MatchBreakdown(
                threshold: threshold, guardFired: decision.guardFired,
                candidates: candidates.map { candidate in
                    MatchCandidate(
                        shortCode: "click \(candidate.click)",
                        path: candidate.click == own ? "its own click" : "another device's click",
                        ageSeconds: candidate.ageSeconds,
                        points: Dictionary(
                            uniqueKeysWithValues: candidate.points.compactMap { key, value in
                                ScoreComponent(key: key).map { ($0, value) }
                            }), total: candidate.total)
                }),
            source: .server)
    }
}
