/// What a backend offers beyond its service's API (``BackendClient/capabilities()``).
public struct BackendCapabilities: Sendable, Hashable {
    /// The reference server's `/dev` endpoints: injected faults, dated clicks, match breakdowns.
    public var devEndpoints: Bool
    /// Whether it is the reference server (in production too): its matching engine is then known for every
    /// service it emulates (``ScenarioEnvironment/engineKnown``).
    public var referenceServer: Bool

    /// Creates the capabilities.
    public init(devEndpoints: Bool, referenceServer: Bool) {
        self.devEndpoints = devEndpoints
        self.referenceServer = referenceServer
    }
}
