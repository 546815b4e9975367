import Foundation

/// Per-request values a handler gets.
struct RouteContext: Sendable {
    /// The id in `X-Request-Id` and every error envelope.
    var requestId: String
    /// The client address (socket peer, or first `X-Forwarded-For` entry when trusted).
    var ip: String
    /// Path parameters, e.g. `["orgKey": "demo", "shortCode": "summer"]`.
    var params: [String: String]
    /// The time the request is handled at (from the injected clock).
    var now: Date
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

    var method: String
    /// `/`-separated; `:name` segments capture, e.g. `/:orgKey/:shortCode/data`.
    var pattern: String {
        didSet { patternSegments = pattern.split(separator: "/") }
    }
    var rateFamily: RateLimiter.Family?
    var faultFamily: FaultFamily
    var isDev: Bool
    var handler: Handler

    init(_ method: String, _ pattern: String, rate: RateLimiter.Family? = nil, faults: FaultFamily = .anyOnly,
         dev: Bool = false, _ handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern
        self.patternSegments = pattern.split(separator: "/")
        self.rateFamily = rate
        self.faultFamily = faults
        self.isDev = dev
        self.handler = handler
    }

    /// `pattern` split at `/`, computed once (every request tries the routes in order, and splitting the
    /// pattern for each try showed up in optolink-bench's profile of the catch-all `/data` route).
    private(set) var patternSegments: [Substring]

    /// The captured parameters when `segments` fit the pattern.
    func match(_ segments: [String]) -> [String: String]? {
        let parts = patternSegments
        guard parts.count == segments.count else { return nil }
        var params = [String: String]()
        for (part, segment) in zip(parts, segments) {
            if part.hasPrefix(":") { params[String(part.dropFirst())] = segment }
            else if part != segment { return nil }
        }
        return params
    }

    /// The pattern in OpenAPI form: `/{orgKey}/{shortCode}/data`.
    var openAPIPath: String {
        "/" + patternSegments.map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
    }
}
