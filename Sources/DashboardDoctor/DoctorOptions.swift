import DashboardCore
import Foundation
import OptoLink
import OptoLinkS2S

/// The arguments of `optolink-dash doctor` (everything after the word `doctor`).
///
/// ```swift
/// let options = try DoctorOptions.parse(["--base-url", "https://links.example.com", "--org-key", "abcd",
///                                        "--api-key", "opl_sdk_…", "--team-id", "ABCDE12345",
///                                        "--bundle-id", "com.example.app", "--link", "summer", "--json"])
/// let quberoute = try DoctorOptions.parse(["--provider", "quberoute", "--link", "https://go.example.com/go/spring",
///                                          "--api-key", "qr_live_…"])
/// ```
package struct DoctorOptions: Sendable, Hashable {
    /// `--provider optolink|quberoute|deepblue|appsflyer`: the service the deployment runs on. Default OptoLink.
    package var provider: OptoLinkService
    /// `--base-url URL`: OptoLink's link domain, where every endpoint lives (required); for the other services
    /// the API origin, by default the one the SDK's configuration uses (``DoctorOptions/defaultBaseURL(for:)``).
    package var baseURL: URL
    /// `--org-key KEY` (OptoLink, required): 4 letters or digits. Nil for the other services, which have none.
    package var orgKey: OrgKey?
    /// `--api-key KEY`: the key the app ships; checked to be of the right kind (OptoLink's CLIENT key,
    /// QubeRoute's publishable key, Deep Blue's key). Default nil (not checked).
    package var apiKey: APIKey?
    /// `--team-id ID`: with `--bundle-id`, the app ID `<teamId>.<bundleId>` looked for in the AASA. Default nil.
    package var teamId: String?
    /// `--bundle-id ID`: see ``teamId``. Default nil.
    package var bundleId: String?
    /// `--link CODE|URL` (OptoLink): the short code of the org to check end to end, given bare or read from
    /// the link's URL. Default nil (not checked).
    package var link: String?
    /// `--link URL` (QubeRoute, Deep Blue, AppsFlyer, required): the short link; its host is the link domain
    /// whose association file is checked. Nil for OptoLink.
    package var linkURL: URL?
    /// `--app-id ID` (AppsFlyer, required): `id` and the app's Apple ID digits. Default nil.
    package var appID: String?
    /// `--dev-key KEY` (AppsFlyer): the DevKey, for the doctor to sign one S2S request as the app's backend
    /// does. Default nil (no signed request).
    package var devKey: DevKey?
    /// `--json`: one JSON document on stdout instead of the checklist. Default false.
    package var json: Bool
    /// `--timeout SECONDS`: per request, whole seconds 1–120 (URLSession on Linux truncates fractions).
    /// Default 10, the SDK's own timeout.
    package var timeout: Int

    /// Creates options for an OptoLink deployment; the defaults are documented on each property.
    package init(
        baseURL: URL, orgKey: OrgKey, apiKey: APIKey? = nil, teamId: String? = nil, bundleId: String? = nil,
        link: String? = nil, json: Bool = false, timeout: Int = 10
    ) {
        self.provider = .optoLink
        self.baseURL = baseURL
        self.orgKey = orgKey
        self.apiKey = apiKey
        self.teamId = teamId
        self.bundleId = bundleId
        self.link = link
        self.json = json
        self.timeout = timeout
    }

    /// Creates options for a QubeRoute, Deep Blue Links or AppsFlyer deployment, checked from its short link
    /// `link`; `baseURL` nil is the service's own API origin (``defaultBaseURL(for:)``).
    package init(
        provider: OptoLinkService, link: URL, baseURL: URL? = nil, apiKey: APIKey? = nil,
        teamId: String? = nil, bundleId: String? = nil, appID: String? = nil, devKey: DevKey? = nil,
        json: Bool = false, timeout: Int = 10
    ) {
        let origin = URL(string: "/", relativeTo: link)?.absoluteURL ?? link
        self.init(
            baseURL: baseURL ?? Self.defaultBaseURL(for: provider) ?? origin, orgKey: .demo, apiKey: apiKey,
            teamId: teamId, bundleId: bundleId, json: json, timeout: timeout)
        self.provider = provider
        self.orgKey = nil
        self.linkURL = link
        self.appID = appID
        self.devKey = devKey
    }

    /// The API origin a service's SDK configuration uses by default, as each seed names it:
    /// `https://app.quberoute.com` (QubeRoute), `https://dev.thedbl.ink` (Deep Blue Links),
    /// `https://dls2s.appsflyer.com/v1.0` (AppsFlyer's S2S API). Nil for OptoLink, whose link domain is its
    /// API: `--base-url` is required there.
    package static func defaultBaseURL(for service: OptoLinkService) -> URL? {
        switch service {
        case .quberoute: URL(string: "https://app.quberoute.com")!
        case .deepBlue: URL(string: "https://dev.thedbl.ink")!
        case .appsFlyer: AppsFlyerS2SConfiguration.productionBaseURL
        case .optoLink: nil
        }
    }

    /// What the arguments ask for: the checks, or the help text.
    package enum Parsed: Sendable, Hashable {
        /// Run the checks.
        case run(DoctorOptions)
        /// `--help` / `-h`: print ``DoctorOptions/usage``.
        case help
    }

    /// The `optolink-dash doctor --help` text, from the table.
    package static var usage: String { DashCommands.usage(DashCommands.doctor) }

    /// Parses the arguments after `doctor` (`--flag value` or `--flag=value`) with the table.
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem: an unknown flag or service, a missing or bad
    ///   value, a flag the service does not take, a missing required flag (OptoLink's `--base-url` and
    ///   `--org-key`; the others' `--link`; AppsFlyer's `--app-id`), or `--team-id` without `--bundle-id` (or
    ///   the reverse).
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Parsed {
        let parsed = try DashCommands.parse(arguments, as: DashCommands.doctor)
        if parsed.has("--help") { return .help }
        let provider = parsed.text("--provider").flatMap(OptoLinkService.init(rawValue:)) ?? .optoLink
        let orgKey = try parsed.text("--org-key").map { (text: String) throws(DashboardError) -> OrgKey in
            guard let key = OrgKey.strict(text) else {
                throw .usage("--org-key must be exactly 4 ASCII letters or digits, not '\(text)'")
            }
            return key
        }
        let teamId = parsed.text("--team-id")
        if let text = teamId, text.isEmpty || text.contains(".") || text.contains(" ") {
            throw .usage("--team-id must be the Team ID alone (e.g. ABCDE12345), not '\(text)'")
        }
        let bundleId = parsed.text("--bundle-id")
        if let text = bundleId, text.isEmpty || text.contains(" ") {
            throw .usage("--bundle-id must be a bundle id, not '\(text)'")
        }
        let appID = parsed.text("--app-id")
        if let text = appID,
            !(text.count > 2 && text.hasPrefix("id") && text.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }))
        {
            throw .usage("--app-id must be id and the app's Apple ID digits (e.g. id123456789), not '\(text)'")
        }
        let devKey = try parsed.text("--dev-key").map { (text: String) throws(DashboardError) in try DevKey.parse(text)
        }
        let apiKey = parsed.text("--api-key").map(APIKey.init(rawValue:))
        let (link, baseURL) = (parsed.text("--link"), parsed.url("--base-url"))
        let (json, timeout) = (parsed.has("--json"), parsed.integer("--timeout") ?? 10)
        if (teamId == nil) != (bundleId == nil) {
            throw .usage("--team-id and --bundle-id go together: the app ID is <teamId>.<bundleId>")
        }
        let name = provider.displayName
        if provider != .appsFlyer, appID != nil || devKey != nil {
            throw .usage(
                "--app-id and --dev-key are AppsFlyer's (--provider appsflyer); \(name) takes "
                    + (provider == .optoLink ? "--org-key and --api-key" : "--api-key"))
        }
        guard provider == .optoLink else {
            if orgKey != nil { throw .usage("--org-key is OptoLink's; \(name) has no org key") }
            guard let link else {
                throw .usage(
                    "doctor --provider \(provider.rawValue) needs --link URL, a short link: its host is the "
                        + "link domain "
                        + "whose apple-app-site-association is checked (see optolink-dash doctor --help)")
            }
            let url = try shortLink(link)
            if provider == .appsFlyer, appID == nil {
                throw .usage("doctor --provider appsflyer needs --app-id (id and the app's Apple ID, e.g. id123456789)")
            }
            return .run(
                DoctorOptions(
                    provider: provider, link: url, baseURL: baseURL, apiKey: apiKey, teamId: teamId,
                    bundleId: bundleId, appID: appID, devKey: devKey, json: json, timeout: timeout))
        }
        guard let baseURL else { throw .usage("doctor needs --base-url URL (see optolink-dash doctor --help)") }
        guard let orgKey else { throw .usage("doctor needs --org-key KEY (see optolink-dash doctor --help)") }
        var code: String?
        if let link { code = try optoLinkCode(link, baseURL: baseURL, orgKey: orgKey.rawValue) }
        return .run(
            DoctorOptions(
                baseURL: baseURL, orgKey: orgKey, apiKey: apiKey, teamId: teamId, bundleId: bundleId, link: code,
                json: json, timeout: timeout))
    }

    /// A short link given to `--link` for a service other than OptoLink: an http(s) URL with a host
    /// (``LinkArgument``'s rule; a `ROLE=` is the dashboard's, not the doctor's).
    private static func shortLink(_ text: String) throws(DashboardError) -> URL {
        let (role, url) = try LinkArgument.parse(text)
        guard role == .main, !text.lowercased().hasPrefix("main=") else {
            throw .usage("doctor takes one --link, the short link to check, without a ROLE= (not '\(text)')")
        }
        return url
    }

    /// OptoLink's `--link`: a short code, or a link URL on `--base-url`'s host whose path is
    /// `/<org-key>/<code>`, read as its code.
    private static func optoLinkCode(_ text: String, baseURL: URL, orgKey: String) throws(DashboardError) -> String {
        func isCode(_ code: String) -> Bool {
            (1...64).contains(code.count)
                && code.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                })
        }
        if isCode(text) { return text }
        guard text.contains("://"), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw .usage(
                "--link takes a short code (1–64 letters, digits, '-' or '_') or the link's URL "
                    + "(https://host/\(orgKey)/<code>), not '\(text)'")
        }
        guard host.lowercased() == baseURL.host?.lowercased() else {
            throw .usage(
                "--link \(text) is on \(host), not on --base-url's host \(baseURL.host ?? ""): an OptoLink "
                    + "link lives on "
                    + "the link domain the doctor checks")
        }
        let segments = url.path.split(separator: "/").map(String.init)
        guard segments.count >= 2, segments[segments.count - 2] == orgKey, isCode(segments[segments.count - 1]),
            url.query == nil
        else {
            throw .usage("--link \(text) is not a link of org \(orgKey): its path must be /\(orgKey)/<code>")
        }
        return segments[segments.count - 1]
    }
}
