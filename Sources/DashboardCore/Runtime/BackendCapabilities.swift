/// What a backend offers beyond its service's API, route by route (``BackendClient/capabilities()``): each
/// scenario runs with what is there, and the header and the `--headless` preamble say what that is.
package struct BackendCapabilities: Sendable, Hashable {
    /// The service's dev click route (OptoLink's `/dev/deferred/simulate`, which seed 000 documents; the
    /// reference server's click routes of the other services): clicks with every trait, dated back.
    package var clickRoute: Bool
    /// `/dev/faults`: faults injected by the server (else the dashboard's fault proxy injects them).
    package var faults: Bool
    /// `/dev/match-attempts`: the server's breakdown of each match (else only the SDK's answer is read).
    package var matchAttempts: Bool
    /// Whether it is the reference server (in production too): its matching engine is then known for every
    /// service it emulates (``ScenarioEnvironment/engineKnown``).
    package var referenceServer: Bool

    /// Creates the capabilities.
    package init(clickRoute: Bool, faults: Bool, matchAttempts: Bool, referenceServer: Bool) {
        self.clickRoute = clickRoute
        self.faults = faults
        self.matchAttempts = matchAttempts
        self.referenceServer = referenceServer
    }

    /// Every route or none: the reference server with its dev endpoints, or a deployment without any.
    package init(devEndpoints: Bool, referenceServer: Bool) {
        self.init(
            clickRoute: devEndpoints, faults: devEndpoints, matchAttempts: devEndpoints,
            referenceServer: referenceServer)
    }

    /// Whether every dev route is there (the reference server outside production).
    package var devEndpoints: Bool { clickRoute && faults && matchAttempts }

    /// The routes as one line: `/dev/deferred/simulate ✔ · /dev/faults ✘ (the proxy injects) ·
    /// /dev/match-attempts ✘ (scores from the SDK)`.
    /// - Parameter clickPath: the service's dev click route (``ServiceProfile/devClickPath``).
    package func line(clickPath: String) -> String {
        [
            "/\(clickPath) " + (clickRoute ? "✔" : "✘ (clicks through the link's own page)"),
            "/dev/faults " + (faults ? "✔" : "✘ (the proxy injects)"),
            "/dev/match-attempts " + (matchAttempts ? "✔" : "✘ (scores from the SDK)"),
        ].joined(separator: " · ")
    }
}
