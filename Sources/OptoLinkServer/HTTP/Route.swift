import Foundation
import OptoLinkHTTP

/// Per-request values a handler gets.
struct RouteContext: Sendable {
    /// The id in `X-Request-Id` and every error envelope.
    var requestId: String
    /// The client address (the socket peer, or the right-most untrusted `X-Forwarded-For` entry when trusted).
    var ip: String
    /// Path parameters, e.g. `["orgKey": "demo", "shortCode": "summer"]`.
    var params: [String: String]
    /// The time the request is handled at (from the injected clock).
    var now: Date
    /// Whether reads may wait for the database: `.wait` on a storage worker, `.noWait` on an event loop.
    var access: Store.Access = .wait
}

/// One entry of the route table.
struct Route: Sendable {
    /// Which faults (`/dev/faults`) may hit this route.
    enum FaultFamily: Sendable, Equatable {
        /// Never (dev and health routes, so faults can always be cleared).
        case exempt
        /// Only `any`.
        case anyOnly
        /// `any` or this named family.
        case named(String)
    }

    typealias Handler = @Sendable (Backend, HTTPRequest, RouteContext) throws -> HTTPResponse
    /// Writes an error in the route's own shape: `(error, requestId) → response`. OptoLink's routes use the
    /// contract's envelope; an emulated service's routes answer in that service's shape (`Emulations/`),
    /// injected faults and rate limits included.
    typealias ErrorRenderer = @Sendable (OptoLinkServerError, String) -> HTTPResponse

    /// Which threads answer the route.
    enum Lane: Sendable, Equatable {
        /// The event loop itself, at once: the handler only touches memory, the store's read cache (with
        /// `Store.Access.noWait`) and its write queue. Should it find the database busy, it throws
        /// `storageBusy` before changing anything, and the request goes to a storage worker.
        case loop
        /// A storage worker thread: the handler may wait for the database (the event loop does not).
        case worker
    }

    var method: String
    /// `/`-separated; `:name` segments capture, e.g. `/:orgKey/:shortCode/data`.
    var pattern: String {
        didSet { (patternSegments, compiled) = Route.compile(pattern) }
    }
    var rateFamily: RateLimiter.Family?
    var faultFamily: FaultFamily
    var isDev: Bool
    /// Default `.worker`: a route answered on the loop must be written for it.
    var lane: Lane
    /// Default: the contract's envelope (``HTTPResponse/envelope(_:requestId:)``).
    var renderError: ErrorRenderer
    /// The largest body the route reads (nil: the HTTP parser's 1 MiB). A larger one is a 413 in the route's
    /// own error shape before the handler parses anything: a route whose bodies are a few small fields never
    /// spends a thread on parsing a megabyte a client made up.
    var maxBodyBytes: Int?
    var handler: Handler

    /// What ``maxBodyBytes`` the emulated services' small-body routes take (resolve, match, check-deferred,
    /// AppsFlyer's request): 16 KiB, far above any real body (a URL, a token, a dozen short fields).
    static let smallBodyBytes = 16 * 1024

    init(
        _ method: String, _ pattern: String, rate: RateLimiter.Family? = nil, faults: FaultFamily = .anyOnly,
        dev: Bool = false, lane: Lane = .worker,
        errors: @escaping ErrorRenderer = { HTTPResponse.envelope($0, requestId: $1) }, maxBody: Int? = nil,
        _ handler: @escaping Handler
    ) {
        self.method = method
        self.pattern = pattern
        (self.patternSegments, self.compiled) = Route.compile(pattern)
        self.rateFamily = rate
        self.faultFamily = faults
        self.isDev = dev
        self.lane = lane
        self.renderError = errors
        self.maxBodyBytes = maxBody
        self.handler = handler
    }

    /// `pattern` split at `/`, computed once (every request tries the routes in order: no split per try,
    /// not even for the catch-all `/data` route).
    private(set) var patternSegments: [Substring]

    /// What matching needs of `pattern`, decided once: literals to compare and parameters to capture
    /// (no `hasPrefix(":")` or Substring comparison per request). Small on purpose: the router keeps one
    /// per route and matches with it, without copying the whole Route.
    struct CompiledPattern: Sendable {
        /// One pattern segment.
        fileprivate enum Matcher: Sendable {
            case literal(String)
            case parameter(String)
        }

        fileprivate var matchers: [Matcher]
        /// Whether the pattern starts with `/:` (the `/:orgKey/...` catch-alls).
        var isCatchAll: Bool

        /// The captured parameters when `segments` fit the pattern.
        func match(_ segments: [String]) -> [String: String]? {
            guard matchers.count == segments.count else { return nil }
            // Literals first: most routes fail there, before a dictionary is made.
            for (matcher, segment) in zip(matchers, segments) {
                if case .literal(let literal) = matcher, literal != segment { return nil }
            }
            var params = [String: String]()
            for (matcher, segment) in zip(matchers, segments) {
                if case .parameter(let name) = matcher { params[name] = segment }
            }
            return params
        }
    }

    /// `pattern`, compiled for matching.
    private(set) var compiled: CompiledPattern

    private static func compile(_ pattern: String) -> ([Substring], CompiledPattern) {
        let parts = pattern.split(separator: "/")
        let matchers = parts.map {
            $0.hasPrefix(":") ? CompiledPattern.Matcher.parameter(String($0.dropFirst())) : .literal(String($0))
        }
        return (parts, CompiledPattern(matchers: matchers, isCatchAll: pattern.hasPrefix("/:")))
    }

    /// Whether the pattern starts with `/:` (the `/:orgKey/...` catch-alls).
    var isCatchAll: Bool { compiled.isCatchAll }

    /// The captured parameters when `segments` fit the pattern.
    func match(_ segments: [String]) -> [String: String]? { compiled.match(segments) }

    /// The pattern in OpenAPI form: `/{orgKey}/{shortCode}/data`.
    var openAPIPath: String {
        "/" + patternSegments.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }
}
