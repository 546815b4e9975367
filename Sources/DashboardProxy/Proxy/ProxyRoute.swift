/// Which requests a fault rule of the proxy covers.
///
/// A route is a family as the reference server's `/dev/faults` names them (`match`, `data`, `sdk`, `events`,
/// `page`, `any`) or a path starting with `/` (the request's path must start with it). `any` is every request
/// except `GET /health`, so the dashboard can always tell the backend is up.
package enum ProxyRoute {
    /// The route families the proxy knows.
    package static let families: Set<String> = ["match", "data", "sdk", "events", "page", "any"]

    /// Whether `route` is a family or a path prefix.
    package static func isValid(_ route: String) -> Bool { families.contains(route) || route.hasPrefix("/") }

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
