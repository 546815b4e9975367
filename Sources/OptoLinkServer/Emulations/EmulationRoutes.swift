import OptoLinkHTTP

/// The emulated services' routes, at their seeds' exact paths, in the router table before OptoLink's
/// `/:orgKey/...` catch-alls (`RouteTable`). Each answers errors in its service's shape and has its own
/// `/dev/faults` route name (``EmulatedService/faultRoutes``); the click pages are faulted by `any` only,
/// as OptoLink's redirect page. Dev routes are OptoLink's (the envelope, absent with `--production`).
enum EmulationRoutes {
    static let quberoute: Route.ErrorRenderer = { QubeRouteErrorShape.render($0, requestId: $1) }
    static let deepblue: Route.ErrorRenderer = { DeepBlueErrorShape.render($0, requestId: $1) }
    static let appsflyer: Route.ErrorRenderer = { AppsFlyerErrorShape.render($0, requestId: $1) }

    /// The error shape of the service whose paths `segments` are under (`/api/v1/sdk/…` QubeRoute,
    /// `/api/links/…` and `/dbl/…` Deep Blue, `/v1.0/ios/…`, `/ios/…` and `/af/…` AppsFlyer, `/qr/…`
    /// QubeRoute), for the answers given before a route is found (no such route, an unreadable client
    /// address, an error the HTTP layer answers itself); nil for OptoLink's paths.
    static func errorRenderer(forPath segments: [String]) -> Route.ErrorRenderer? {
        switch (segments.first, segments.dropFirst().first) {
        case ("api", "v1"), ("qr", _): return quberoute
        case ("api", "links"), ("dbl", _): return deepblue
        case ("v1.0", _), ("ios", _), ("af", _): return appsflyer
        default: return nil
        }
    }

    /// `error` in the shape of the service whose paths `segments` are under (``errorRenderer(forPath:)``),
    /// OptoLink's envelope for OptoLink's paths.
    static func errorResponse(_ error: OptoLinkServerError, forPath segments: [String], requestId: String)
        -> HTTPResponse
    {
        errorRenderer(forPath: segments).map { $0(error, requestId) } ?? .envelope(error, requestId: requestId)
    }

    /// An error the HTTP layer answered itself, before the router saw the request, with a new request id:
    /// in the shape of the service whose paths its request is under when the layer read the request line
    /// (``HTTPError/path``, split at `/` and percent-decoded as the router reads a path; a segment that does
    /// not decode is taken as sent), else OptoLink's envelope (garbage, a 503 over a connection cap).
    static func errorResponse(_ error: HTTPError) -> HTTPResponse {
        let segments = error.path?.split(separator: "/").map { HTTPRequest.percentDecoded(String($0)) ?? String($0) }
        return errorResponse(OptoLinkServerError(error), forPath: segments ?? [], requestId: RandomToken.requestID())
    }

    /// The SDK-facing routes and click URLs.
    static let service: [Route] = [
        Route(
            "POST", "/api/v1/sdk/resolve", rate: .resolve, faults: .named("qr-resolve"), errors: quberoute,
            maxBody: Route.smallBodyBytes, QubeRouteRoutes.resolve),
        Route(
            "POST", "/api/v1/sdk/match", rate: .match, faults: .named("qr-match"), errors: quberoute,
            maxBody: Route.smallBodyBytes, QubeRouteRoutes.match),
        Route(
            "POST", "/api/v1/sdk/events", rate: .events, faults: .named("qr-events"), errors: quberoute,
            QubeRouteRoutes.events),
        Route("GET", "/qr/test/:alias", rate: .resolve, errors: quberoute, QubeRouteClickRoutes.testClick),
        Route("GET", "/qr/:alias", rate: .resolve, errors: quberoute, QubeRouteClickRoutes.liveClick),
        Route(
            "POST", "/api/links/resolve", rate: .resolve, faults: .named("dbl-resolve"), lane: .loop, errors: deepblue,
            maxBody: Route.smallBodyBytes, DeepBlueRoutes.resolve),
        Route(
            "POST", "/api/links/check-deferred", rate: .match, faults: .named("dbl-check-deferred"), lane: .loop,
            errors: deepblue, maxBody: Route.smallBodyBytes, DeepBlueRoutes.checkDeferred),
        Route("GET", "/dbl/:code", rate: .resolve, lane: .loop, errors: deepblue, DeepBlueClickRoutes.click),
        Route(
            "POST", "/v1.0/ios/:app_id", rate: .resolve, faults: .named("af-deeplink"), lane: .loop, errors: appsflyer,
            maxBody: Route.smallBodyBytes, AppsFlyerRoutes.deepLink),
        Route(
            "POST", "/ios/:app_id", rate: .resolve, faults: .named("af-deeplink"), lane: .loop, errors: appsflyer,
            maxBody: Route.smallBodyBytes, AppsFlyerRoutes.deepLink),
        Route("GET", "/af/:app_id/:link", rate: .resolve, lane: .loop, errors: appsflyer, AppsFlyerClickRoutes.click),
    ]

    /// The `/dev` tools.
    static let dev: [Route] = [
        Route("POST", "/dev/quberoute/click", faults: .exempt, dev: true, QubeRouteClickRoutes.devClick),
        Route("GET", "/dev/quberoute/installs", faults: .exempt, dev: true, QubeRouteClickRoutes.devInstalls),
        Route("POST", "/dev/deepblue/click", faults: .exempt, dev: true, lane: .loop, DeepBlueClickRoutes.devClick),
        Route("POST", "/dev/appsflyer/click", faults: .exempt, dev: true, lane: .loop, AppsFlyerClickRoutes.devClick),
    ]
}
