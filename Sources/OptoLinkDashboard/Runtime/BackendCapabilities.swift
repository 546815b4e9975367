/// What a backend offers beyond its service's API (``BackendClient/capabilities()``).
package struct BackendCapabilities: Sendable, Hashable {
    /// The reference server's `/dev` endpoints: injected faults, dated clicks, match breakdowns.
    package var devEndpoints: Bool
    /// Whether it is the reference server (in production too): its matching engine is then known for every
    /// service it emulates (``ScenarioEnvironment/engineKnown``).
    package var referenceServer: Bool

    /// Creates the capabilities.
    package init(devEndpoints: Bool, referenceServer: Bool) {
        self.devEndpoints = devEndpoints
        self.referenceServer = referenceServer
    }
}
