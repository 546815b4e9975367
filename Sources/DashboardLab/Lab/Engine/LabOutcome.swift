/// What became of one install in one run: its class, how it matched, the click matched and its points.
/// Twelve bytes, so a million installs' outcomes take 12 MB.
package struct LabOutcome: Sendable, Hashable {
    /// The class (by the ground truth).
    package var outcome: LabOutcomeClass
    /// How it matched (`.none` for no match).
    package var method: LabMethod
    /// True when the shared-network guard stopped the chain.
    package var guardFired: Bool
    private var points: Int16
    private var click: Int32

    /// The click matched (its device id), nil for none.
    package var matchedClick: Int? { click < 0 ? nil : Int(click) }
    /// The matched click's points when it was scored, nil otherwise.
    package var score: Int? { points < 0 ? nil : Int(points) }

    /// An outcome.
    package init(outcome: LabOutcomeClass, method: LabMethod, matchedClick: Int?, score: Int?, guardFired: Bool) {
        self.outcome = outcome
        self.method = method
        self.guardFired = guardFired
        self.points = Int16(clamping: score ?? -1)
        self.click = Int32(clamping: matchedClick ?? -1)
    }

    /// What became of `device`'s install in `population` when the backend matched `matchedClick` (a device id,
    /// nil for none) by `method`: the class by the population's ground truth. Every engine maps its
    /// backend's answer through here.
    package init(
        device: Int, in population: LabPopulation, matchedClick: Int?, method: LabMethod, score: Int?,
        guardFired: Bool
    ) {
        self.init(
            outcome: LabOutcomeClass(truth: population.groundTruth(of: device), matched: matchedClick), method: method,
            matchedClick: matchedClick, score: score, guardFired: guardFired)
    }

    /// The entry of a device that never installed (never read).
    static let unused = LabOutcome(
        outcome: .correctNoMatch, method: .none, matchedClick: nil, score: nil, guardFired: false)
}
