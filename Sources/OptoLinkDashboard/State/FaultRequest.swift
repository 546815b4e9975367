/// A fault the operator asked for: a kind for the next `count` requests.
public struct FaultRequest: Sendable, Hashable {
    /// What to inject.
    public var kind: FaultKind
    /// For how many requests (≥ 1).
    public var count: Int

    /// Creates a request; `count` is clamped to at least 1.
    public init(kind: FaultKind, count: Int) {
        self.kind = kind
        self.count = max(1, count)
    }
}
