import Foundation
import OptoLinkFaults
import OptoLinkHTTP

/// The request → response core: a pure synchronous function of the request, the peer address and
/// the backend's state, testable without a socket.
///
/// Order: find the route (literal prefixes win; `/dev/*` absent in production) → injected fault →
/// on an event loop, a `.worker` route goes to a storage worker (``RouterOutcome/offload(_:)``) → rate
/// limit → handler (a `.loop` handler that finds the database busy goes to a worker too, counted once).
/// Every error becomes the envelope; only a real server fault is a 500.
struct Router: Sendable {
    /// First path segments that never reach the `/:orgKey/...` catch-all.
    static let reservedPrefixes: Set<String> = [
        "match", "sdk", "links", "api-keys", ".well-known", "webhooks", "health", "dev",
        // the emulated services (Emulations/): none of them can be a 4-character org key
        "api", "v1.0", "ios", "qr", "dbl", "af",
    ]

    let backend: Backend

    /// The routes this server answers (the table and the embedding program's ``ExtraRoute``s, minus dev routes
    /// in production), filtered once instead of for every request.
    let routes: [Route]

    /// An error answered before a route is found (no such route, an unreadable client address), in the shape
    /// of the service whose paths these are (``EmulationRoutes/errorRenderer(forPath:)``), OptoLink's
    /// envelope for its own. Only these answers look the shape up: a routed request never does.
    private static func errorBeforeRoute(_ error: OptoLinkServerError, _ request: HTTPRequest, _ requestId: String)
        -> HTTPResponse
    {
        EmulationRoutes.errorResponse(error, forPath: request.segments, requestId: requestId)
    }

    /// `routes`, each behind one reference with what matching reads beside it: reading a Route out of
    /// an array, or out of a class to call a method on it, copied the whole struct (retaining its strings,
    /// arrays and closure) for every route tried.
    private let table: [RouteEntry]

    /// One route of `table`.
    private final class RouteEntry: Sendable {
        let method: String
        let pattern: Route.CompiledPattern
        let faultFamily: Route.FaultFamily
        let rateFamily: RateLimiter.Family?
        let lane: Route.Lane
        let renderError: Route.ErrorRenderer
        let maxBodyBytes: Int?
        let handler: Route.Handler

        init(_ route: Route) {
            method = route.method
            pattern = route.compiled
            faultFamily = route.faultFamily
            rateFamily = route.rateFamily
            lane = route.lane
            renderError = route.renderError
            maxBodyBytes = route.maxBodyBytes
            handler = route.handler
        }
    }

    init(backend: Backend) {
        self.backend = backend
        routes = RouteTable.all(adding: backend.options.extraRoutes).filter {
            !(backend.options.production && $0.isDev)
        }
        table = routes.map(RouteEntry.init)
        smallestBodyLimit = table.compactMap(\.maxBodyBytes).min() ?? .max
    }

    /// The smallest body limit of any route: a body no longer than it is within every route's.
    private let smallestBodyLimit: Int

    /// The body limit of the route that serves `request` (its method and path), nil when that route has none
    /// of its own, no route serves it, or `length` is within every route's limit (no lookup for the usual small
    /// body): the HTTP layer refuses a larger `Content-Length` as soon as the head arrives
    /// (``HTTPParser/Limits/bodyLimit``), in the route's shape, before reading a byte of the body.
    func bodyLimit(for request: HTTPRequest, length: Int) -> Int? {
        guard length > smallestBodyLimit else { return nil }
        let reserved = request.segments.first.map { Router.reservedPrefixes.contains($0) } ?? false
        for entry in table where entry.method == request.method && !(reserved && entry.pattern.isCatchAll) {
            if entry.pattern.match(request.segments) != nil { return entry.maxBodyBytes }
        }
        return nil
    }

    /// Answers one request (`stage`: how far it already got; a fresh request on a worker by default, as
    /// tests and embedders without an event loop call it).
    func handle(_ request: HTTPRequest, peer: String, stage: HandlingStage = HandlingStage(onWorker: true))
        -> RouterOutcome
    {
        let requestId = RandomToken.requestID()
        let now = backend.clock.now()
        let ip: String
        do {
            ip = try backend.clientIP(request, peer: peer)
        } catch {
            return .respond(Router.errorBeforeRoute(error, request, requestId))
        }
        let reserved = request.segments.first.map { Router.reservedPrefixes.contains($0) } ?? false

        var allowed = [String]()
        var allowedRenderer: Route.ErrorRenderer?
        var found: (entry: RouteEntry, params: [String: String])?
        for entry in table {
            if reserved, entry.pattern.isCatchAll { continue }
            guard let params = entry.pattern.match(request.segments) else { continue }
            if entry.method == request.method {
                found = (entry, params)
                break
            }
            allowed.append(entry.method)
            if allowedRenderer == nil { allowedRenderer = entry.renderError }
        }
        guard let (entry, params) = found else {
            if !allowed.isEmpty {
                let error = OptoLinkServerError(status: 405, message: "Method \(request.method) not allowed")
                var response =
                    allowedRenderer.map { $0(error, requestId) } ?? HTTPResponse.envelope(error, requestId: requestId)
                response.headers.append(("Allow", allowed.joined(separator: ", ")))
                return .respond(response)
            }
            return .respond(
                Router.errorBeforeRoute(
                    .notFound(
                        "No route for \(request.method) "
                            + "\(request.segments.isEmpty ? "/" : "/" + request.segments.joined(separator: "/"))"
                    ), request, requestId))
        }

        if !stage.faultsApplied, entry.faultFamily != .exempt {
            let family: String? = if case .named(let name) = entry.faultFamily { name } else { nil }
            if let fault = backend.faults.consume(family: family) {
                switch fault {
                case .dropBeforeUpstream, .dropAfterUpstream: return .drop
                case .delay(let seconds): return .delay(seconds)
                case .rateLimited(let retryAfter):
                    return .respond(entry.renderError(.tooManyRequests(retryAfter: retryAfter), requestId))
                case .status(let status, _):
                    let error = OptoLinkServerError(
                        status: status, message: "Injected fault: \(status) \(HTTPResponse.reason(status))")
                    return .respond(entry.renderError(error, requestId))
                case .pass, .trickle: break
                }
            }
        }

        if let limit = entry.maxBodyBytes, request.body.count > limit {
            let error = OptoLinkServerError(status: 413, message: "Request body too large (limit \(limit) bytes)")
            return .respond(entry.renderError(error, requestId))
        }

        if !stage.onWorker, entry.lane == .worker {
            return .offload(HandlingStage(faultsApplied: true, rateCounted: stage.rateCounted))
        }

        let context = RouteContext(
            requestId: requestId, ip: ip, params: params, now: now, access: stage.onWorker ? .wait : .noWait)
        do {
            if !stage.rateCounted, backend.options.rateLimited, let family = entry.rateFamily {
                try backend.rateLimiter.check(family, ip: ip)
            }
            var response = try entry.handler(backend, request, context)
            response.headers.append(("X-Request-Id", requestId))
            return .respond(response)
        } catch let error as OptoLinkServerError where error.isStorageBusy && !stage.onWorker {
            return .offload(HandlingStage(faultsApplied: true, rateCounted: true))
        } catch let error as OptoLinkServerError {
            return .respond(
                entry.renderError(
                    error.status == 500 ? OptoLinkServerError(status: 500, message: "Internal server error") : error,
                    requestId))
        } catch {
            return .respond(
                entry.renderError(OptoLinkServerError(status: 500, message: "Internal server error"), requestId))
        }
    }
}
