/// One `POST /dev/faults` body: the next `count` requests of `route` fail as told.
package struct FaultSpec: Sendable, Hashable {
    /// `match`, `data`, `sdk`, `events` or `any`.
    package var route: String
    /// `status`, `delay` or `drop`.
    package var kind: String
    /// The status for `status` faults.
    package var status: Int?
    /// The delay for `delay` faults.
    package var delaySeconds: Double?
    /// How many requests.
    package var count: Int
    /// The route the dashboard's fault proxy matches (a path prefix or a family) when it differs from
    /// ``route`` (the emulated services' routes: `/api/v1/sdk/match`…); nil: ``route``.
    package var proxyRoute: String?

    /// Creates a fault.
    package init(route: String, kind: String, status: Int? = nil, delaySeconds: Double? = nil, count: Int) {
        self.route = route
        self.kind = kind
        self.status = status
        self.delaySeconds = delaySeconds
        self.count = count
    }

    /// The fault menu's choice as a fault on every SDK route (`any`); a timeout is a delay one second past
    /// the SDK's `timeout`.
    package static func from(_ request: FaultRequest, sdkTimeout: Double) -> FaultSpec {
        switch request.kind {
        case .status503: FaultSpec(route: "any", kind: "status", status: 503, count: request.count)
        case .status500: FaultSpec(route: "any", kind: "status", status: 500, count: request.count)
        case .status429: FaultSpec(route: "any", kind: "status", status: 429, count: request.count)
        case .drop: FaultSpec(route: "any", kind: "drop", count: request.count)
        case .timeout:
            FaultSpec(
                route: "any", kind: "delay", delaySeconds: min(120, sdkTimeout.rounded(.up) + 1), count: request.count)
        }
    }

    /// The same fault for the dashboard's fault proxy (when the backend has no `/dev/faults`): a status
    /// answered with the envelope (429 with `Retry-After: 1`, as the reference server does), a delay before
    /// forwarding, a drop before the backend sees the request.
    package var proxyRule: ProxyFaultRule {
        let fault: ProxyFault =
            switch kind {
            case "delay": .delay(delaySeconds ?? 0)
            case "drop": .dropBeforeUpstream
            default: status == 429 ? .rateLimited(retryAfter: 1) : .status(status ?? 500, retryAfter: nil)
            }
        return ProxyFaultRule(route: proxyRoute ?? route, fault: fault, count: count)
    }

    /// The JSON body.
    var body: [String: Any] {
        var body: [String: Any] = ["route": route, "kind": kind, "count": count]
        if let status { body["status"] = status }
        if let delaySeconds { body["delaySeconds"] = delaySeconds }
        return body
    }

    /// A short description for the log.
    package var label: String {
        switch kind {
        case "status": "\(status.map(String.init) ?? "?") on \(route) ×\(count)"
        case "delay": "delay \(delaySeconds.map { formatSeconds($0) } ?? "?") on \(route) ×\(count)"
        default: "\(kind) on \(route) ×\(count)"
        }
    }
}
