/// What the engine decided for one open in one pass of a replay: the click matched, how, its points and whether
/// the shared-network guard fired. Eight bytes, so ten million opens' decisions take 80 MB.
package struct ReplayDecision: Sendable, Hashable {
    private var click: Int32
    private var points: Int16
    /// How it matched (`.none` for no match).
    package var method: LabMethod
    /// True when the shared-network guard stopped the chain.
    package var guardFired: Bool

    /// A decision.
    package init(matchedClick: Int?, method: LabMethod, score: Int?, guardFired: Bool) {
        click = Int32(clamping: matchedClick ?? -1)
        points = Int16(clamping: score ?? -1)
        self.method = method
        self.guardFired = guardFired
    }

    /// The click matched (its index in the replay's clicks), nil for none.
    package var matchedClick: Int? { click < 0 ? nil : Int(click) }
    /// The matched click's points when it was scored, nil otherwise.
    package var score: Int? { points < 0 ? nil : Int(points) }
}
