import Foundation
import OptoLinkHTTP

/// The emulated Deep Blue Links (seed 004): apps with their domain, URL scheme, keys (sandbox or live) and
/// short links, and each app's click records. Built once from the seed; only the click records change.
package final class DeepBlueEmulation: Sendable {
    /// An app, as the preview page needs it.
    struct App: Sendable, Hashable {
        var name: String
        var domain: String
        var urlScheme: String?
        var appStoreUrl: String?
    }

    /// A short link.
    struct Link: Sendable, Hashable {
        var app: String
        var id: Int
        var code: String
        var longUrl: String
        var windowHours: Int

        /// The id click records carry: `dbl:<code>`.
        var linkId: String { "dbl:\(code)" }

        /// `https://<app domain>/<code>`.
        func shortUrl(domain: String) -> String { "https://\(domain)/\(code)" }

        /// What the preview page's "Open the App" button opens: the scheme, then the long URL's path and
        /// query (`myapp://products/1234?ref=spring`), as seed 004's URL-scheme section describes.
        func schemeURL(scheme: String) -> String? {
            guard let components = URLComponents(string: longUrl) else { return nil }
            let path = components.percentEncodedPath.drop { $0 == "/" }
            return "\(scheme)://\(path)" + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
    }

    /// The app a request acts for, and whether its key is the sandbox one.
    struct Caller: Sendable, Hashable {
        var app: String
        var sandbox: Bool
    }

    let apps: [String: App]
    /// Keys by their SHA-256 (hex): the raw keys are not kept.
    private let keys: [String: Caller]
    /// Links by code (codes are unique across apps).
    let links: [String: Link]
    /// Click records per app.
    private let clicks: [String: EmulatedClickStore]

    /// `makeClicks` makes each app's click records, given the engine's scope name.
    init(seed: DeepBlueSeed, clicks makeClicks: (String) -> EmulatedClickStore = { _ in EmulatedClickStore() }) {
        var apps = [String: App]()
        var keys = [String: Caller]()
        var links = [String: Link]()
        var clicks = [String: EmulatedClickStore]()
        for app in seed.apps {
            apps[app.name] = App(
                name: app.name, domain: app.domain, urlScheme: app.urlScheme, appStoreUrl: app.appStoreUrl)
            for key in app.keys { keys[Digest.sha256Hex(key.key)] = Caller(app: app.name, sandbox: key.sandbox) }
            for link in app.links {
                links[link.code] = Link(
                    app: app.name, id: link.id, code: link.code, longUrl: link.longUrl,
                    windowHours: link.matchWindowHours ?? 24)
            }
            clicks[app.name] = makeClicks("deepblue:" + app.name)
        }
        self.apps = apps
        self.keys = keys
        self.links = links
        self.clicks = clicks
    }

    /// The caller: the `Api-Key` header.
    ///
    /// - Throws: 401 when it is missing or unknown, 400 when there are several (which one would count?).
    func authenticate(_ request: HTTPRequest) throws(OptoLinkServerError) -> Caller {
        guard request.count(ofFieldsNamed: "Api-Key") <= 1 else {
            throw OptoLinkServerError.badRequest("More than one Api-Key header.")
        }
        guard let key = request.header("Api-Key")?.trimmingASCII(" \t"), !key.isEmpty else {
            throw OptoLinkServerError.unauthorized("Authentication credentials were not provided.")
        }
        guard key.utf8.count <= 200, let caller = keys[Digest.sha256Hex(String(key))] else {
            throw OptoLinkServerError.unauthorized("Invalid API key.")
        }
        return caller
    }

    /// The caller's short link a URL is: `https://<app domain>/<code>`, or this server's click URL
    /// `…/dbl/<code>` on any host (query and fragment ignored). Nil for anything else.
    func link(forURL url: String, caller: Caller) -> Link? {
        guard let components = URLComponents(string: url), let app = apps[caller.app] else { return nil }
        let segments = components.path.split(separator: "/").map(String.init)
        let code: String
        if segments.count == 1, components.host?.lowercased() == app.domain {
            code = segments[0]
        } else if segments.count == 2, segments[0] == "dbl" {
            code = segments[1]
        } else {
            return nil
        }
        guard let link = links[code], link.app == caller.app else { return nil }
        return link
    }

    /// The resolve and check-deferred answer: `{id, longUrl, shortUrl, isSandbox}`.
    func answer(_ link: Link, sandbox: Bool) -> JSON {
        .object([
            "id": .number(Double(link.id)), "longUrl": .string(link.longUrl),
            "shortUrl": .string(link.shortUrl(domain: apps[link.app]?.domain ?? "")), "isSandbox": .bool(sandbox),
        ])
    }

    /// The click records of an app.
    func clicks(app: String) -> EmulatedClickStore? { clicks[app] }

    /// Records a click on `link`.
    func recordClick(on link: Link, ipHash: String, fingerprint: ClickFingerprint, at recordedAt: Date, now: Date)
        -> MatchRecord?
    {
        clicks[link.app]?.record(
            linkId: link.linkId, code: link.code, path: link.longUrl, params: [:], windowHours: link.windowHours,
            ipHash: ipHash, fingerprint: fingerprint, at: recordedAt, now: now)
    }

    /// What Deep Blue's matching compares, for a click page's gathered values or a check-deferred body: the
    /// headers' fingerprint, the time zone, the screen as ``screenModel(width:height:)``, and the language
    /// when one was sent (else the headers' Accept-Language).
    package static func fingerprint(
        headers: ClickFingerprint, timezone: String?, screen: (width: Double, height: Double)?, language: String?
    ) -> ClickFingerprint {
        var fingerprint = headers
        fingerprint.timezone = timezone
        fingerprint.deviceModel = screenModel(width: screen?.width, height: screen?.height)
        if let language { fingerprint.language = language }
        return fingerprint
    }

    /// The screen as the engine's device-model component: `screen:<short side>x<long side>` in whole pixels,
    /// so the page's portrait `screen.width × devicePixelRatio` and an app launched in landscape agree.
    /// Nil unless both sides are known.
    static func screenModel(width: Double?, height: Double?) -> String? {
        guard let width, let height, width.isFinite, height.isFinite, width >= 1, height >= 1 else { return nil }
        let a = Int(width.rounded())
        let b = Int(height.rounded())
        return "screen:\(min(a, b))x\(max(a, b))"
    }

    /// Whether `text` looks like an IANA time-zone identifier (`Europe/Berlin`, `America/Argentina/Buenos_Aires`,
    /// `Etc/GMT+5`, `UTC`): 1–64 characters, areas of letters, digits, `_`, `+` and `-` joined by `/`,
    /// starting with a letter. The name is not looked up in a database.
    static func isTimeZoneIdentifier(_ text: String) -> Bool {
        guard (1...64).contains(text.utf8.count), let first = text.utf8.first,
            (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first)
        else {
            return false
        }
        return text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty
                && part.utf8.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == 0x5F || byte == 0x2B || byte == 0x2D
                }
        }
    }
}
