import OptoLinkFaults

/// A fault the operator asked for: a kind for the next `count` requests.
package struct FaultRequest: Sendable, Hashable {
    /// What to inject.
    package var kind: FaultKind
    /// For how many requests (≥ 1).
    package var count: Int

    /// Creates a request; `count` is clamped to at least 1.
    package init(kind: FaultKind, count: Int) {
        self.kind = kind
        self.count = max(1, count)
    }

    /// The rule on every SDK route (`any`) for `count` requests.
    package func rule(sdkTimeout: Double) -> FaultRule {
        FaultRule(route: "any", fault: kind.fault(sdkTimeout: sdkTimeout), count: count)
    }
}
