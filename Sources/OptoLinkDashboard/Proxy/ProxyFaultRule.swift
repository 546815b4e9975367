/// One pending fault of the proxy: the next `remaining` requests on `route` get `fault`.
///
/// `route` is a family as the reference server's `/dev/faults` names them (`match`, `data`, `sdk`,
/// `events`, `page`, `any`) or a path starting with `/` (the request's path must start with it).
/// `any` is every request except `GET /health`, so the dashboard can always tell the backend is up.
package struct ProxyFaultRule: Sendable, Hashable {
    /// `match`, `data`, `sdk`, `events`, `page`, `any`, or a path prefix such as `/links`.
    package var route: String
    /// What happens.
    package var fault: ProxyFault
    /// How many more requests it applies to (it is removed at 0).
    package var remaining: Int
    /// How many it was added for (for `1 of 2` in the log).
    package var total: Int

    /// A rule for the next `count` requests (at least one).
    package init(route: String, fault: ProxyFault, count: Int) {
        self.route = route
        self.fault = fault
        self.remaining = max(1, count)
        self.total = max(1, count)
    }

    /// The route families the proxy knows.
    package static let families: Set<String> = ["match", "data", "sdk", "events", "page", "any"]

    /// Whether `route` is a family or a path prefix.
    package static func isValidRoute(_ route: String) -> Bool { families.contains(route) || route.hasPrefix("/") }

    /// Whether a request for `path` is one of this rule's.
    package func applies(toPath path: String) -> Bool {
        ProxyFaultRule.applies(route: route, toPath: path)
    }

    /// Whether a request for `path` (no query) is on `route`.
    package static func applies(route: String, toPath path: String) -> Bool {
        if route.hasPrefix("/") { return path == route || path.hasPrefix(route.hasSuffix("/") ? route : route + "/") }
        let family = family(ofPath: path)
        if route == "any" { return family != "health" }
        return family == route
    }

    /// The family of a path, as the reference server groups its routes: `match` (`/match`), `events`
    /// (`/sdk/events`), `sdk` (the other `/sdk/*`), `data` (`/<org>/<code>/data`), `page` (`/<org>/<code>`),
    /// `health`, or `other`.
    package static func family(ofPath path: String) -> String {
        let segments = path.split(separator: "/")
        switch segments.first {
        case "match": return segments.count == 1 ? "match" : "other"
        case "sdk": return segments.count == 2 && segments[1] == "events" ? "events" : "sdk"
        case "health": return "health"
        case "links", "api-keys", ".well-known", "dev", "webhooks", nil: return "other"
        default:
            if segments.count == 3, segments[2] == "data" { return "data" }
            if segments.count == 2 { return "page" }
            return "other"
        }
    }
}
