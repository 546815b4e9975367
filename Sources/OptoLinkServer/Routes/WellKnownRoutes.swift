import Foundation
import OptoLinkHTTP

/// Route 9: the apple-app-site-association file, per `Host` (section 3).
enum WellKnownRoutes {
    /// The platform domain (and any host that is no org's custom domain, e.g. `127.0.0.1`) lists
    /// every ACTIVE org with a team id and bundle id; an org's custom domain lists only that org.
    /// Orgs without a team id are skipped. `Cache-Control: max-age=3600`.
    static func appleAppSiteAssociation(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws
        -> HTTPResponse
    {
        let host = hostName(request.header("Host"))
        let all = try backend.store.orgs()
        let custom = all.filter { $0.customDomain != nil && $0.customDomain == host }
        let scope = host == backend.options.platformDomain.lowercased() || custom.isEmpty ? all : custom
        let published = scope.filter { $0.isActive && !($0.teamId ?? "").isEmpty && !($0.bundleId ?? "").isEmpty }
        let details: [JSON] = published.map { org in
            [
                "appIDs": [.string("\(org.teamId!).\(org.bundleId!)")],
                "components": [["/": .string("/\(org.orgKey)/*")]],
            ]
        }
        let document: JSON = [
            "applinks": ["apps": [], "details": .array(details)],
            "webcredentials": ["apps": .array(published.map { .string("\($0.teamId!).\($0.bundleId!)") })],
        ]
        var response = HTTPResponse.json(document)
        response.headers.append(("Cache-Control", "max-age=3600"))
        return response
    }

    /// The host without port, lower-cased.
    static func hostName(_ header: String?) -> String {
        guard var host = header?.trimmingASCII(" \t").lowercased() else { return "" }
        if host.hasPrefix("[") { return String(host.prefix { $0 != "]" }.dropFirst()) }
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        return host
    }
}
