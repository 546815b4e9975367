import Foundation
import OptoLinkHTTP

/// The emulated QubeRoute (seed 001): projects, their publishable and secret keys, their links per
/// environment, and each environment's click records. Built once from the seed; only the click records
/// change while the server runs (installs and events are in the database, ``QubeRouteInstalls``).
final class QubeRouteEmulation: Sendable {
    /// A project, as the click page needs it.
    struct Project: Sendable, Hashable {
        var id: String
        var name: String
        var iosAppStoreUrl: String?
        var androidPackage: String?
    }

    /// A link of one environment.
    struct Link: Sendable, Hashable {
        var project: String
        var alias: String
        var environment: String
        var url: String
        var data: [String: String]
        var campaign: String?
        var channel: String?
        var feature: String?
        var windowHours: Int

        /// The id click records carry: `qr:<environment>/<alias>`.
        var linkId: String { "qr:\(environment)/\(alias)" }

        /// The click URL's path on this server: `/qr/<alias>` (live), `/qr/test/<alias>` (test).
        var clickPath: String { environment == "test" ? "/qr/test/\(alias)" : "/qr/\(alias)" }

        /// The `link` object of resolve and match.
        var json: JSON {
            .object([
                "url": .string(url), "alias": .string(alias), "data": .object(data.mapValues(JSON.string)),
                "campaign": campaign.map(JSON.string) ?? .null, "channel": channel.map(JSON.string) ?? .null,
                "feature": feature.map(JSON.string) ?? .null,
            ])
        }
    }

    /// What a presented key is.
    enum KeyKind: Sendable, Hashable {
        /// A publishable key: the project and the environment it reaches.
        case publishable(project: String, environment: String)
        /// A secret key (`qr_sk_…`): refused by every SDK endpoint.
        case secret(project: String)
    }

    /// The project and environment a request acts for.
    struct Caller: Sendable, Hashable {
        var project: String
        var environment: String
    }

    let projects: [String: Project]
    /// Keys by their SHA-256 (hex): the raw keys are not kept.
    private let keys: [String: KeyKind]
    /// Links by `linkId`.
    let links: [String: Link]
    /// Click records per `project/environment`.
    private let clicks: [String: EmulatedClickStore]

    /// `makeClicks` makes each app's click records, given the engine's scope name.
    init(seed: QubeRouteSeed, clicks makeClicks: (String) -> EmulatedClickStore = { _ in EmulatedClickStore() }) {
        var projects = [String: Project]()
        var keys = [String: KeyKind]()
        var links = [String: Link]()
        var clicks = [String: EmulatedClickStore]()
        for project in seed.projects {
            projects[project.id] = Project(
                id: project.id, name: project.name, iosAppStoreUrl: project.iosAppStoreUrl,
                androidPackage: project.androidPackage)
            for key in project.keys {
                if let environment = QubeRouteSeed.environment(ofKey: key) {
                    keys[Digest.sha256Hex(key)] = .publishable(project: project.id, environment: environment)
                } else {
                    keys[Digest.sha256Hex(key)] = .secret(project: project.id)
                }
            }
            for environment in ["live", "test"] {
                clicks[project.id + "/" + environment] = makeClicks("quberoute:\(project.id)/\(environment)")
            }
            for link in project.links {
                let value = Link(
                    project: project.id, alias: link.alias, environment: link.environment, url: link.url,
                    data: link.data ?? [:],
                    campaign: link.campaign, channel: link.channel, feature: link.feature,
                    windowHours: link.matchWindowHours ?? 24)
                links[value.linkId] = value
            }
        }
        self.projects = projects
        self.keys = keys
        self.links = links
        self.clicks = clicks
    }

    /// The caller of an SDK endpoint: `Authorization: Bearer qr_live_…` or `qr_test_…`.
    ///
    /// - Throws: 401 `missing_key` / `invalid_key`, 403 `secret_key_refused` for any `qr_sk_…` key.
    func authenticate(_ request: HTTPRequest) throws(OptoLinkServerError) -> Caller {
        guard let header = request.header("Authorization")?.trimmingASCII(" \t"), !header.isEmpty else {
            throw OptoLinkServerError.unauthorized("Missing API key: send Authorization: Bearer qr_live_… or qr_test_…")
                .coded("missing_key")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw OptoLinkServerError.unauthorized("Malformed Authorization header: expected Bearer <publishable key>")
                .coded("invalid_key")
        }
        let key = String(parts[1].trimmingASCII(" \t"))
        if key.hasPrefix(QubeRouteSeed.secretPrefix) {
            throw OptoLinkServerError.forbidden(
                "Secret keys (qr_sk_…) are refused here: never ship one in an app; use a publishable key "
                    + "(qr_live_… or qr_test_…)"
            )
            .coded("secret_key_refused")
        }
        switch key.utf8.count <= 200 ? keys[Digest.sha256Hex(key)] : nil {
        case .publishable(let project, let environment)?: return Caller(project: project, environment: environment)
        case .secret?:
            throw OptoLinkServerError.forbidden("Secret keys are refused here: use a publishable key").coded(
                "secret_key_refused")
        case nil: throw OptoLinkServerError.unauthorized("Invalid API key").coded("invalid_key")
        }
    }

    /// The link a URL opened, when it is one of this caller's links: a click URL of this server
    /// (`…/qr/<alias>` for live, `…/qr/test/<alias>` for test, on any host) in the caller's environment.
    func link(forURL url: String, caller: Caller) -> Link? {
        guard let components = URLComponents(string: url) else { return nil }
        let segments = components.path.split(separator: "/").map(String.init)
        let alias: String
        let environment: String
        switch segments.count {
        case 2 where segments[0] == "qr": (alias, environment) = (segments[1], "live")
        case 3 where segments[0] == "qr" && segments[1] == "test": (alias, environment) = (segments[2], "test")
        default: return nil
        }
        guard environment == caller.environment, let link = links["qr:\(environment)/\(alias)"],
            link.project == caller.project
        else { return nil }
        return link
    }

    /// The click records of a project's environment.
    func clicks(project: String, environment: String) -> EmulatedClickStore? {
        clicks[project + "/" + environment]
    }

    /// Records a click on `link` and returns its record (the token an Android install referrer carries).
    func recordClick(on link: Link, ipHash: String, fingerprint: ClickFingerprint, at recordedAt: Date, now: Date)
        -> MatchRecord?
    {
        clicks(project: link.project, environment: link.environment)?.record(
            linkId: link.linkId, code: link.alias, path: link.url, params: link.data.mapValues(JSON.string),
            windowHours: link.windowHours,
            ipHash: ipHash, fingerprint: fingerprint, at: recordedAt, now: now)
    }
}
