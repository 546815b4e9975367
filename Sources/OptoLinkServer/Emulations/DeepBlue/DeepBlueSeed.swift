import OptoLinkHTTP

/// Deep Blue Links' part of a seed file: apps, each with its domain, URL scheme, keys (sandbox or live:
/// `isSandbox` follows the key) and short links (seed 004).
///
/// ```json
/// {"apps": [{"name": "demo", "domain": "demo.dev.thedbl.ink", "urlScheme": "myapp",
///            "appStoreUrl": "https://apps.apple.com/app/id123456789",
///            "keys": [{"key": "dbl_sandbox_…", "sandbox": true}, {"key": "dbl_live_…", "sandbox": false}],
///            "links": [{"id": 1, "code": "spring", "longUrl": "https://shop.example.com/products/1234?ref=spring"}]}]}
/// ```
struct DeepBlueSeed: Sendable, Codable, Hashable {
    struct App: Sendable, Codable, Hashable {
        /// The app's name (1–64 of `[A-Za-z0-9_-]`); the seed's "replace demo with your app's name".
        var name: String
        /// The short links' host, e.g. `demo.dev.thedbl.ink` (lower case).
        var domain: String
        /// The URL scheme the preview page's "Open the App" button uses (`myapp://products/1234`).
        var urlScheme: String?
        /// The preview page's "Get the App" target.
        var appStoreUrl: String?
        var keys: [Key]
        var links: [Link]
    }

    struct Key: Sendable, Codable, Hashable {
        var key: String
        /// Whether links resolved with this key answer `isSandbox: true`.
        var sandbox: Bool
    }

    struct Link: Sendable, Codable, Hashable {
        /// Positive, unique across apps.
        var id: Int
        /// The short link's path segment: 1–64 of `[A-Za-z0-9_-]`, unique across apps (the click URL names no app).
        var code: String
        /// Where the link points (absolute http(s) URL): the app routes by its path and query.
        var longUrl: String
        /// 1–720; default 24.
        var matchWindowHours: Int?
    }

    var apps: [App]

    /// The demo app.
    static let demo = DeepBlueSeed(apps: [
        App(
            name: "demo", domain: "demo.dev.thedbl.ink", urlScheme: "myapp",
            appStoreUrl: "https://apps.apple.com/app/id123456789",
            keys: [
                Key(key: "dbl_sandbox_demo_key_000000001", sandbox: true),
                Key(key: "dbl_live_demo_key_0000000001", sandbox: false),
            ],
            links: [
                Link(
                    id: 1, code: "spring", longUrl: "https://shop.example.com/products/1234?ref=spring",
                    matchWindowHours: 48),
                Link(
                    id: 2, code: "welcome", longUrl: "https://shop.example.com/onboarding/welcome",
                    matchWindowHours: nil),
                // The demo campaign: `summer` routes to /promo/summer on every service the server speaks.
                Link(
                    id: 3, code: "summer", longUrl: "https://shop.example.com/promo/summer?campaign=summer",
                    matchWindowHours: 48),
            ])
    ])

    func validate(at place: String) throws(OptoLinkServerError) {
        var names = Set<String>()
        var domains = Set<String>()
        var keys = Set<String>()
        var ids = Set<Int>()
        var codes = Set<String>()
        for (i, app) in apps.enumerated() {
            let at = "\(place).apps[\(i)]"
            guard EmulationSeed.isIdentifier(app.name) else {
                throw .startup("\(at).name must be 1–64 letters, digits, '-' or '_'")
            }
            guard names.insert(app.name).inserted else { throw .startup("\(at).name \"\(app.name)\" appears twice") }
            guard EmulationSeed.isHostName(app.domain) else {
                throw .startup("\(at).domain must be a lower-case host name")
            }
            guard domains.insert(app.domain).inserted else {
                throw .startup("\(at).domain \"\(app.domain)\" appears twice")
            }
            if let scheme = app.urlScheme {
                guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                    scheme.utf8.count <= 64,
                    scheme.unicodeScalars.allSatisfy({
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                                || "+-.".unicodeScalars.contains($0))
                    })
                else { throw .startup("\(at).urlScheme must be a URL scheme such as myapp") }
            }
            if let url = app.appStoreUrl, !EmulationSeed.isAbsoluteURL(url) {
                throw .startup("\(at).appStoreUrl is not an absolute URL")
            }
            for (j, key) in app.keys.enumerated() {
                guard EmulationSeed.isKeyText(key.key) else {
                    throw .startup("\(at).keys[\(j)].key must be 16–200 printable characters")
                }
                guard keys.insert(key.key).inserted else { throw .startup("\(at).keys[\(j)].key appears twice") }
            }
            for (j, link) in app.links.enumerated() {
                let linkAt = "\(at).links[\(j)]"
                guard link.id > 0 else { throw .startup("\(linkAt).id must be positive") }
                guard ids.insert(link.id).inserted else { throw .startup("\(linkAt).id \(link.id) appears twice") }
                guard EmulationSeed.isIdentifier(link.code) else {
                    throw .startup("\(linkAt).code must be 1–64 letters, digits, '-' or '_'")
                }
                guard codes.insert(link.code).inserted else {
                    throw .startup("\(linkAt).code \"\(link.code)\" appears twice")
                }
                guard EmulationSeed.isAbsoluteURL(link.longUrl), link.longUrl.hasPrefix("http") else {
                    throw .startup("\(linkAt).longUrl must be an absolute http(s) URL")
                }
                try EmulationSeed.checkWindow(link.matchWindowHours, at: linkAt)
            }
        }
    }
}
