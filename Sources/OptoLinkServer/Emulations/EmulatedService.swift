import OptoLinkHTTP

/// The services the reference server emulates beside OptoLink, each at its own seed's paths:
/// QubeRoute (`seeds/001_*`), Deep Blue Links (`seeds/004_*`) and AppsFlyer's S2S deep-link API
/// (`seeds/003_*`). They share the server's port, its matching engine, `/dev/faults` and
/// `/dev/match-attempts`, and nothing else: each has its own apps, keys, links, click URL, click records
/// and error shape (docs/server.md, "Emulated services").
enum EmulatedService: String, Sendable, CaseIterable {
    case quberoute
    case deepblue
    case appsflyer

    /// The tags `/dev/match-attempts` files attempts under: `optolink` for `POST /match`, then each service.
    static let attemptTags: [String] = ["optolink"] + allCases.map(\.rawValue)

    /// The `/dev/faults` route name of each emulated route (one per route, so a fault can hit exactly one).
    static let faultRoutes: [String] = allCases.flatMap(\.faultRoutes)

    /// This service's fault route names.
    var faultRoutes: [String] {
        switch self {
        case .quberoute: ["qr-resolve", "qr-match", "qr-events"]
        case .deepblue: ["dbl-resolve", "dbl-check-deferred"]
        case .appsflyer: ["af-deeplink"]
        }
    }
}
