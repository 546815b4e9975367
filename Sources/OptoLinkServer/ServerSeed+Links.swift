import Foundation

extension ServerSeed {
    /// The demo seed (``demo``) with one more link per code in every service it speaks, each routing to
    /// `/<code>` and matching for `windowHours`: OptoLink's `demo` org (`/demo/<code>`), QubeRoute's `demo`
    /// project (live, `/qr/<code>`), Deep Blue's `demo` app (`/dbl/<code>`, ids from 1 000 on) and AppsFlyer's
    /// `id123456789` (`/af/id123456789/<code>`, `deep_link_value` `<code>`). A delivered link's path then names
    /// the link clicked, whatever the service: what the dashboard's match lab needs to tell which click matched.
    ///
    /// ```swift
    /// let seed = ServerSeed.demo(adding: ["c0", "c1"], windowHours: 24)   // /demo/c0 routes to /c0
    /// ```
    ///
    /// - Parameters:
    ///   - codes: short codes, aliases and link ids at once: 1–64 letters, digits, `-` or `_`, none of the
    ///     demo's own (`summer`, `welcome`, `flash`, `spring`).
    ///   - windowHours: each added link's match window, 1–720 hours.
    package static func demo(adding codes: [String], windowHours: Int) -> ServerSeed {
        var seed = demo
        let target = { (code: String) in "https://shop.example.com/\(code)" }
        if let org = seed.orgs.firstIndex(where: { $0.orgKey == "demo" }) {
            seed.orgs[org].links =
                (seed.orgs[org].links ?? [])
                + codes.map { Link(shortCode: $0, path: "/\($0)", params: [:], matchWindowHours: windowHours) }
        }
        seed.emulations?.quberoute?.projects[0].links += codes.map {
            QubeRouteSeed.Link(
                alias: $0, environment: "live", url: target($0), data: nil, campaign: nil, channel: nil,
                feature: nil, matchWindowHours: windowHours)
        }
        seed.emulations?.deepblue?.apps[0].links += codes.enumerated().map {
            DeepBlueSeed.Link(
                id: 1_000 + $0.offset, code: $0.element, longUrl: target($0.element), matchWindowHours: windowHours)
        }
        seed.emulations?.appsflyer?.apps[0].links += codes.map {
            AppsFlyerSeed.Link(
                id: $0, mediaSource: "lab", campaign: nil, campaignId: nil, customParams: ["deep_link_value": $0],
                matchWindowHours: windowHours)
        }
        return seed
    }
}
