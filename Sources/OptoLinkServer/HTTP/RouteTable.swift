/// Every route, in matching order: literal prefixes first (the emulated services' among them,
/// `EmulationRoutes`), the `/:orgKey/...` catch-alls last.
/// `docs/openapi.yaml` must describe each one (a test reads this table).
enum RouteTable {
    static let all: [Route] = [
        Route("GET", "/health", faults: .exempt, HealthRoute.health),
        Route("GET", "/.well-known/apple-app-site-association", WellKnownRoutes.appleAppSiteAssociation),
        Route("POST", "/match", rate: .match, faults: .named("match"), MatchRoute.match),
        Route("POST", "/sdk/session", rate: .sdk, faults: .named("sdk"), SDKRoutes.session),
        Route("POST", "/sdk/identity", rate: .sdk, faults: .named("sdk"), SDKRoutes.identity),
        Route("POST", "/sdk/identity/clear", rate: .sdk, faults: .named("sdk"), SDKRoutes.identityClear),
        Route("POST", "/sdk/events", rate: .events, faults: .named("events"), SDKRoutes.events),
        Route("GET", "/links", LinkRoutes.list),
        Route("POST", "/links", LinkRoutes.create),
        Route("GET", "/links/:id", LinkRoutes.get),
        Route("PATCH", "/links/:id", LinkRoutes.update),
        Route("DELETE", "/links/:id", LinkRoutes.delete),
        Route("GET", "/links/:id/qr.svg", LinkRoutes.qr),
        Route("GET", "/links/:id/qr.png", LinkRoutes.qr),
        Route("POST", "/dev/deferred/simulate", faults: .exempt, dev: true, DevRoutes.simulate),
        Route("GET", "/dev/match-attempts", faults: .exempt, dev: true, DevRoutes.matchAttempts),
        Route("GET", "/dev/faults", faults: .exempt, dev: true, DevRoutes.listFaults),
        Route("POST", "/dev/faults", faults: .exempt, dev: true, DevRoutes.addFault),
        Route("DELETE", "/dev/faults", faults: .exempt, dev: true, DevRoutes.clearFaults),
    ] + EmulationRoutes.dev + EmulationRoutes.service + [
        Route("GET", "/:orgKey/:shortCode/data", rate: .resolve, faults: .named("data"), ResolutionRoutes.data),
        Route("GET", "/:orgKey/:shortCode", rate: .resolve, ResolutionRoutes.redirectPage),
    ]
}
