import Foundation
import OptoLink
import OptoLinkDashboard
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
    /// `--org-key KEY` (OptoLink, required): 4 letters or digits. Empty for the other services.
    package var orgKey: String
    /// `--api-key KEY`: the key the app ships; checked to be of the right kind (OptoLink's CLIENT key,
    /// QubeRoute's publishable key, Deep Blue's key). Default nil (not checked).
    package var apiKey: String?
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
    package var devKey: String?
    /// `--json`: one JSON document on stdout instead of the checklist. Default false.
    package var json: Bool
    /// `--timeout SECONDS`: per request, whole seconds 1–120 (URLSession on Linux truncates fractions).
    /// Default 10, the SDK's own timeout.
    package var timeout: Int

    /// Creates options for an OptoLink deployment; the defaults are documented on each property.
    package init(
        baseURL: URL, orgKey: String, apiKey: String? = nil, teamId: String? = nil, bundleId: String? = nil,
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
        provider: OptoLinkService, link: URL, baseURL: URL? = nil, apiKey: String? = nil,
        teamId: String? = nil, bundleId: String? = nil, appID: String? = nil, devKey: String? = nil,
        json: Bool = false, timeout: Int = 10
    ) {
        let origin = URL(string: "/", relativeTo: link)?.absoluteURL ?? link
        self.init(
            baseURL: baseURL ?? Self.defaultBaseURL(for: provider) ?? origin, orgKey: "", apiKey: apiKey,
            teamId: teamId, bundleId: bundleId, json: json, timeout: timeout)
        self.provider = provider
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

    /// Parses the arguments after `doctor` (`--flag value` or `--flag=value`).
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem: an unknown flag or service, a missing or bad
    ///   value, a flag the service does not take, a missing required flag (OptoLink's `--base-url` and
    ///   `--org-key`; the others' `--link`; AppsFlyer's `--app-id`), or `--team-id` without `--bundle-id` (or
    ///   the reverse).
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Parsed {
        var provider = OptoLinkService.optoLink
        var baseURL: URL?
        var orgKey: String?
        var apiKey: String?
        var teamId: String?
        var bundleId: String?
        var link: String?
        var appID: String?
        var devKey: String?
        var json = false
        var timeout = 10
        var reader = ArgumentReader(arguments)
        while let flag = reader.next() {
            switch flag {
            case "-h", "--help":
                return .help
            case "--provider":
                provider = try reader.service(flag)
            case "--base-url":
                baseURL = try reader.httpURL(flag, "a URL such as https://links.example.com")
            case "--org-key":
                let text = try reader.value(flag, "an org key (4 letters or digits)")
                guard text.count == 4,
                    text.unicodeScalars.allSatisfy({
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                    })
                else {
                    throw .usage("--org-key must be exactly 4 ASCII letters or digits, not '\(text)'")
                }
                orgKey = text
            case "--api-key":
                apiKey = try reader.value(flag, "the key the app ships (opl_sdk_…, qr_live_…, a Deep Blue key)")
            case "--team-id":
                let text = try reader.value(flag, "the Apple Team ID (10 characters, e.g. ABCDE12345)")
                guard !text.isEmpty, !text.contains("."), !text.contains(" ") else {
                    throw .usage("--team-id must be the Team ID alone (e.g. ABCDE12345), not '\(text)'")
                }
                teamId = text
            case "--bundle-id":
                let text = try reader.value(flag, "the app's bundle id (e.g. com.example.app)")
                guard !text.isEmpty, !text.contains(" ") else {
                    throw .usage("--bundle-id must be a bundle id, not '\(text)'")
                }
                bundleId = text
            case "--link":
                link = try reader.value(flag, "a short link (OptoLink: its short code, e.g. summer, or its URL)")
            case "--app-id":
                let text = try reader.value(flag, "the AppsFlyer app id (id and the app's Apple ID, e.g. id123456789)")
                guard text.count > 2, text.hasPrefix("id"), text.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
                else {
                    throw .usage("--app-id must be id and the app's Apple ID digits (e.g. id123456789), not '\(text)'")
                }
                appID = text
            case "--dev-key":
                let text = try reader.value(flag, "the AppsFlyer DevKey (Configuration › App Settings)")
                guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
                    throw .usage("--dev-key must be the DevKey alone, without spaces")
                }
                devKey = text
            case "--json":
                json = true
            case "--timeout":
                let text = try reader.value(flag, "whole seconds")
                guard let seconds = Int(text), (1...120).contains(seconds) else {
                    throw .usage("--timeout must be whole seconds from 1 to 120, not '\(text)'")
                }
                timeout = seconds
            default:
                throw .usage("unknown argument '\(reader.current)' (see optolink-dash doctor --help)")
            }
        }
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
                    "doctor --provider \(provider.rawValue) needs --link URL, a short link: its host is the link domain "
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
        if let link { code = try optoLinkCode(link, baseURL: baseURL, orgKey: orgKey) }
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
                "--link \(text) is on \(host), not on --base-url's host \(baseURL.host ?? ""): an OptoLink link lives on "
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

    /// The `optolink-dash doctor --help` text.
    package static let usage = """
        optolink-dash doctor: checks a real deployment, line by line, and says what to fix.

        USAGE: optolink-dash doctor --base-url URL --org-key KEY [--api-key KEY] [--team-id ID --bundle-id ID]
                                    [--link CODE|URL] [--json] [--timeout SECONDS]
               optolink-dash doctor --provider quberoute|deepblue --link URL [--base-url URL] [--api-key KEY]
                                    [--team-id ID --bundle-id ID] [--json] [--timeout SECONDS]
               optolink-dash doctor --provider appsflyer --link URL --app-id ID [--dev-key KEY] [--base-url URL]
                                    [--team-id ID --bundle-id ID] [--json] [--timeout SECONDS]

        CHECKS (OptoLink, the default --provider): the host answers, over HTTPS (plain HTTP only for a loopback
                test server); /health; /.well-known/apple-app-site-association (200 without a redirect,
                Content-Type application/json, at most 128 KB, valid JSON, your app ID, a component covering
                /<org>/*, Cache-Control); the key is a CLIENT key (a call that changes nothing); the link's /data,
                a click on it in a simulated Safari (its page's click token) and that token on /match; the clock
                skew from the Date header (warns past 60 s).
        CHECKS (QubeRoute, Deep Blue Links, AppsFlyer): the link's host answers, over HTTPS; the association file
                on the link's host (the same lines, covering the link's path); the API over HTTPS; the key's kind
                (a QubeRoute secret key qr_sk_… or an AppsFlyer DevKey where an app's key belongs is named); the
                link through the service's API (QubeRoute and Deep Blue resolve it; AppsFlyer has no resolve API:
                a simulated Safari clicks it and must reach the App Store, and with --dev-key a request signed as
                the app's backend must find that click); the clock skew.
                What each line means, what it sends and what it leaves behind: docs/doctor.md.

        OPTIONS (every service):
          --provider NAME       optolink (default), quberoute, deepblue or appsflyer
          --team-id ID          with --bundle-id: the app ID <teamId>.<bundleId> the AASA must list
          --bundle-id ID
          --json                one JSON document on stdout (schema in docs/doctor.md) instead of the checklist
          --timeout SECONDS     per request, whole seconds 1–120 (default 10)
          -h, --help            show this help

        OPTIONS (OptoLink):
          --base-url URL        the link domain, e.g. https://links.example.com (required)
          --org-key KEY         the org's 4-character key (required)
          --api-key KEY         the key the app ships: proven a CLIENT key by POST /sdk/identity/clear for a random
                                device (404 = valid CLIENT key, 401 = wrong key, 403 = a SERVER key). Nothing is stored.
          --link CODE|URL       a short code of the org (or its URL, https://<base-url host>/<org>/<code>): checks
                                /data, clicks it and matches the page's token on /match. This counts two clicks;
                                the doctor's own click is claimed so no phone matches it.

        OPTIONS (QubeRoute):
          --link URL            a short link (required): the association file is read on its host
          --base-url URL        the API origin (default https://app.quberoute.com)
          --api-key KEY         the publishable key the app ships (qr_live_… or qr_test_…): POST /api/v1/sdk/resolve
                                of --link without an install token (401 = wrong key, 403 = refused). A secret key
                                (qr_sk_…) or an AppsFlyer DevKey is named and never sent.

        OPTIONS (Deep Blue Links):
          --link URL            a short link (required), e.g. https://<app>.dev.thedbl.ink/<code>
          --base-url URL        the API origin (default https://dev.thedbl.ink)
          --api-key KEY         the key the app ships (Api-Key): POST /api/links/resolve of --link (200 = resolved,
                                404 = not a short link, 401 = wrong key, 403 = refused)

        OPTIONS (AppsFlyer):
          --link URL            a OneLink short link (required): clicked once in a simulated Safari, which must stop
                                before the App Store page of --app-id. The click stays in AppsFlyer's data.
          --app-id ID           the app id, id and the app's Apple ID (required)
          --dev-key KEY         the DevKey: the doctor signs one S2S request as the app's backend, for its own click
                                (only when the link's host is 127.0.0.1: elsewhere it cannot know the address
                                AppsFlyer saw the click from). Never put the DevKey in an app.
          --base-url URL        the S2S API (default https://dls2s.appsflyer.com/v1.0)
          --api-key KEY         the app ships no key for AppsFlyer: a key given here is named (a DevKey belongs on
                                the app's backend)

        EXIT CODES: 0 every check passed (warnings and skips allowed), 1 a check failed, 2 bad arguments,
                    4 the host did not answer at all (refused, DNS, TLS, timeout): OptoLink's --base-url, the
                    other services' link host.
        Output is coloured only on a terminal, and never when NO_COLOR is set (non-empty, as for the dashboard).
        """
}
