import OptoLinkHTTP

/// QubeRoute's part of a seed file: projects, each with its keys and its links in the `live` and `test`
/// environments (seed 001: "the environment is the key").
///
/// ```json
/// {"projects": [{"id": "demo", "name": "Demo Shop",
///                "keys": ["qr_live_…", "qr_test_…", "qr_sk_…"],
///                "iosAppStoreUrl": "https://apps.apple.com/app/id123456789", "androidPackage": "com.example.demo",
///                "links": [{"alias": "spring", "environment": "live", "url": "https://shop.example.com/promo/spring",
///                           "data": {"sku": "spring-box"}, "campaign": "spring-sale", "channel": "email",
///                           "feature": "promo", "matchWindowHours": 48}]}]}
/// ```
struct QubeRouteSeed: Sendable, Codable, Hashable {
    struct Project: Sendable, Codable, Hashable {
        /// 1–32 of `[A-Za-z0-9_-]`.
        var id: String
        var name: String
        /// Raw keys; the prefix says the kind: `qr_live_` / `qr_test_` (publishable) or `qr_sk_` (secret,
        /// refused by every SDK endpoint).
        var keys: [String]
        /// Where the click page sends an iPhone (optional).
        var iosAppStoreUrl: String?
        /// The Play package the click page sends an Android phone to, with the click's token as `referrer`.
        var androidPackage: String?
        var links: [Link]
    }

    struct Link: Sendable, Codable, Hashable {
        /// 1–64 of `[A-Za-z0-9_-]`, unique per environment across every project (the click URL names no project).
        var alias: String
        /// `live` or `test`.
        var environment: String
        /// Where the link points (absolute URL): the resolved link's `url`.
        var url: String
        /// String values only, as the seed's `ResolvedLink.data: [String: String]?`.
        var data: [String: String]?
        var campaign: String?
        var channel: String?
        var feature: String?
        /// 1–720; default 24.
        var matchWindowHours: Int?
    }

    var projects: [Project]

    /// Publishable key prefixes and the environment each reaches.
    static let publishablePrefixes: [(prefix: String, environment: String)] = [
        ("qr_live_", "live"), ("qr_test_", "test"),
    ]
    /// The secret key prefix.
    static let secretPrefix = "qr_sk_"

    /// The demo project.
    static let demo = QubeRouteSeed(projects: [
        Project(
            id: "demo", name: "Demo Shop",
            keys: [
                "qr_live_demo_publishable_key_0001", "qr_test_demo_publishable_key_0001",
                "qr_sk_demo_secret_key_000000001",
            ],
            iosAppStoreUrl: "https://apps.apple.com/app/id123456789", androidPackage: "com.example.demo",
            links: [
                // The demo campaign: `summer` routes to /promo/summer on every service the server speaks.
                Link(
                    alias: "summer", environment: "live", url: "https://shop.example.com/promo/summer",
                    data: ["campaign": "summer"], campaign: "summer", channel: "email", feature: "promo",
                    matchWindowHours: 48),
                Link(
                    alias: "summer", environment: "test", url: "https://staging.shop.example.com/promo/summer",
                    data: ["campaign": "summer", "env": "test"], campaign: "summer", channel: "email",
                    feature: "promo", matchWindowHours: 48),
                Link(
                    alias: "spring", environment: "live", url: "https://shop.example.com/promo/spring",
                    data: ["sku": "spring-box"],
                    campaign: "spring-sale", channel: "email", feature: "promo", matchWindowHours: 48),
                Link(
                    alias: "welcome", environment: "live", url: "https://shop.example.com/onboarding/welcome",
                    data: ["ref": "demo"],
                    campaign: nil, channel: "social", feature: "onboarding", matchWindowHours: nil),
                Link(
                    alias: "spring", environment: "test", url: "https://staging.shop.example.com/promo/spring",
                    data: ["sku": "spring-box", "env": "test"], campaign: "spring-sale", channel: "email",
                    feature: "promo",
                    matchWindowHours: 48),
            ])
    ])

    /// The environment a publishable key reaches, nil for anything else.
    static func environment(ofKey key: String) -> String? {
        publishablePrefixes.first { key.hasPrefix($0.prefix) }?.environment
    }

    func validate(at place: String) throws(OptoLinkServerError) {
        var ids = Set<String>()
        var keys = Set<String>()
        var aliases = Set<String>()
        for (i, project) in projects.enumerated() {
            let at = "\(place).projects[\(i)]"
            guard EmulationSeed.isIdentifier(project.id, max: 32) else {
                throw .startup("\(at).id must be 1–32 letters, digits, '-' or '_'")
            }
            guard ids.insert(project.id).inserted else { throw .startup("\(at).id \"\(project.id)\" appears twice") }
            for (j, key) in project.keys.enumerated() {
                guard EmulationSeed.isKeyText(key) else {
                    throw .startup("\(at).keys[\(j)] must be 16–200 printable characters")
                }
                guard QubeRouteSeed.environment(ofKey: key) != nil || key.hasPrefix(QubeRouteSeed.secretPrefix) else {
                    throw .startup("\(at).keys[\(j)] must start with qr_live_, qr_test_ or qr_sk_")
                }
                guard keys.insert(key).inserted else { throw .startup("\(at).keys[\(j)] appears twice") }
            }
            if let url = project.iosAppStoreUrl, !EmulationSeed.isAbsoluteURL(url) {
                throw .startup("\(at).iosAppStoreUrl is not an absolute URL")
            }
            if let package = project.androidPackage,
                !EmulationSeed.isIdentifier(package.replacingOccurrences(of: ".", with: "_"), max: 255)
            {
                throw .startup("\(at).androidPackage must be a package name such as com.example.app")
            }
            for (j, link) in project.links.enumerated() {
                let linkAt = "\(at).links[\(j)]"
                guard EmulationSeed.isIdentifier(link.alias) else {
                    throw .startup("\(linkAt).alias must be 1–64 letters, digits, '-' or '_'")
                }
                guard ["live", "test"].contains(link.environment) else {
                    throw .startup("\(linkAt).environment must be live or test, not \"\(link.environment)\"")
                }
                guard aliases.insert(link.environment + "/" + link.alias).inserted else {
                    throw .startup(
                        "\(linkAt).alias \"\(link.alias)\" appears twice in the \(link.environment) environment")
                }
                guard EmulationSeed.isAbsoluteURL(link.url) else {
                    throw .startup("\(linkAt).url is not an absolute URL")
                }
                try EmulationSeed.checkWindow(link.matchWindowHours, at: linkAt)
            }
        }
    }
}
