/// Every route, in matching order: literal prefixes first (the emulated services' among them,
/// `EmulationRoutes`), the `/:orgKey/...` catch-alls last.
/// `docs/openapi.yaml` must describe each one (a test reads this table). The routes a browser or an app
/// hits at volume (`/data`, the redirect page, `/match`) and the in-memory ones are answered on the event
/// loop (`lane: .loop`); the rest wait for the database on a storage worker.
enum RouteTable {
    static let all: [Route] =
        [
            Route("GET", "/health", faults: .exempt, lane: .loop, HealthRoute.health),
            Route("GET", "/.well-known/apple-app-site-association", WellKnownRoutes.appleAppSiteAssociation),
            Route("POST", "/match", rate: .match, faults: .named("match"), lane: .loop, MatchRoute.match),
            Route("POST", "/sdk/session", rate: .sdk, faults: .named("sdk"), SDKRoutes.session),
            Route("POST", "/sdk/identity", rate: .sdk, faults: .named("sdk"), SDKRoutes.identity),
            Route("POST", "/sdk/identity/clear", rate: .sdk, faults: .named("sdk"), SDKRoutes.identityClear),
            Route("POST", "/sdk/events", rate: .events, faults: .named("events"), SDKRoutes.events),
            Route("POST", "/api-keys/regenerate", KeyRoutes.regenerate),
            Route("GET", "/links", LinkRoutes.list),
            Route("POST", "/links", LinkRoutes.create),
            Route("GET", "/links/:id", LinkRoutes.get),
            Route("PATCH", "/links/:id", LinkRoutes.update),
            Route("DELETE", "/links/:id", LinkRoutes.delete),
            Route("GET", "/links/:id/qr.svg", LinkRoutes.qr),
            Route("GET", "/links/:id/qr.png", LinkRoutes.qr),
            Route("POST", "/dev/deferred/simulate", faults: .exempt, dev: true, lane: .loop, DevRoutes.simulate),
            Route("GET", "/dev/match-attempts", faults: .exempt, dev: true, lane: .loop, DevRoutes.matchAttempts),
            Route("GET", "/dev/faults", faults: .exempt, dev: true, lane: .loop, DevRoutes.listFaults),
            Route("POST", "/dev/faults", faults: .exempt, dev: true, lane: .loop, DevRoutes.addFault),
            Route("DELETE", "/dev/faults", faults: .exempt, dev: true, lane: .loop, DevRoutes.clearFaults),
        ] + EmulationRoutes.dev + EmulationRoutes.service + [
            Route(
                "GET", "/:orgKey/:shortCode/data", rate: .resolve, faults: .named("data"), lane: .loop,
                ResolutionRoutes.data),
            Route("GET", "/:orgKey/:shortCode", rate: .resolve, lane: .loop, ResolutionRoutes.redirectPage),
        ]

    /// ``all`` with an embedding program's `extra` routes (``ExtraRoute``) before the `/:orgKey/...` catch-alls.
    static func all(adding extra: [ExtraRoute]) -> [Route] {
        guard !extra.isEmpty else { return all }
        let catchAlls = all.firstIndex { $0.isCatchAll } ?? all.endIndex
        return Array(all[..<catchAlls]) + extra.map(\.route) + all[catchAlls...]
    }
}
