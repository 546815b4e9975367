import Foundation
import OptoLink

/// Deep Blue Links (seed 004) against the reference server's emulation: resolve by the click URL
/// `/dbl/<code>` (404: not a short link, routed by the URL itself), the `myapp` URL scheme read without a
/// request, check-deferred once (200 with the link, 404 for none). No clipboard, events, identity or score.
///
/// Check-deferred sends the time zone, the screen in pixels and the language; the emulation compares
/// them (the screen as the device model) and the address with the clicks: a same-network click with the
/// app's traits scores 30 + 10 + 10 + 12 + 9 = 71.
struct DeepBlueServiceProfile: ServiceProfile {
    /// The demo app's sandbox key.
    static let demoKey = "dbl_sandbox_demo_key_000000001"
    /// The demo app's link domain and URL scheme.
    static let linkDomain = "demo.dev.thedbl.ink"
    /// The demo app's URL scheme.
    static let urlScheme = "myapp"

    var service: OptoLinkService { .deepBlue }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(baseURL: baseURL, apiKey: APIKey(rawValue: Self.demoKey), orgKey: nil, service: .deepBlue)
    }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        try .deepBlue(
            apiKey: settings.target.apiKey?.rawValue ?? "", baseURL: settings.target.baseURL,
            links: .init(
                domains: linkDomains(settings.target) + (settings.target.links.given ? [] : [Self.linkDomain]),
                urlSchemes: [Self.urlScheme]),
            retry: settings.retry, timeout: settings.timeout)
    }

    /// The demo app's links on `/dbl/<code>`, and a URL on its link domain that is no short link.
    func demoLinks(target: BackendTarget) -> ScenarioLinks {
        func link(_ code: String, _ path: String, hours: Double) -> ScenarioLink {
            ScenarioLink(
                url: linkURL(code: code, target: target) ?? target.baseURL, path: path, code: code, window: hours * 3600
            )
        }
        return ScenarioLinks(
            [
                .main: link("summer", "/promo/summer", hours: 48),
                .coldStart: link("welcome", "/onboarding/welcome", hours: 24),
                .shortWindow: link("welcome", "/onboarding/welcome", hours: 24),
                .notALink: ScenarioLink(
                    url: URL(string: "https://\(Self.linkDomain)/products/1234?ref=mail")!, path: "/products/1234"),
            ], given: false)
    }

    func linkURL(code: String, target: BackendTarget) -> URL? { target.url("dbl/" + code) }

    /// The gathering page's script reloads the link with `?timezone=…&screenWidth=…&screenHeight=…&language=…`
    /// (the screen in whole pixels), which records the click.
    func scriptedClickURL(_ url: URL, gathered: PageSignals) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.queryItems = [
            URLQueryItem(name: "timezone", value: gathered.timezone ?? ""),
            URLQueryItem(name: "screenWidth", value: gathered.screenWidth.map { String(Int($0.rounded())) } ?? ""),
            URLQueryItem(name: "screenHeight", value: gathered.screenHeight.map { String(Int($0.rounded())) } ?? ""),
            URLQueryItem(name: "language", value: gathered.language ?? ""),
        ]
        return components.url ?? url
    }

    func devCode(of url: URL, target: BackendTarget) -> String? {
        let parts = segments(url)
        return parts.count == 2 && parts[0] == "dbl" ? parts[1] : nil
    }

    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    ) {
        let screen = DeviceScreens.screen(of: browser.deviceModel)
        var body: [String: Any] = [
            "code": code, "timezone": browser.timezone, "screenWidth": screen.width, "screenHeight": screen.height,
            "language": browser.language, "platform": browser.platform, "osVersion": browser.osVersion,
        ]
        if let ageSeconds { body["ageSeconds"] = ageSeconds }
        return ("dev/deepblue/click", body)
    }

    func faultRoute(_ route: ServiceRoute) -> String? {
        switch route {
        case .open: "dbl-resolve"
        case .match: "dbl-check-deferred"
        case .events: nil
        }
    }

    func proxyRoute(_ route: ServiceRoute, target: BackendTarget) -> String? {
        faultRoute(route) == nil ? nil : label(route)
    }

    func label(_ route: ServiceRoute) -> String {
        switch route {
        case .open: "/api/links/resolve"
        case .match: "/api/links/check-deferred"
        case .events: "(no events API)"
        }
    }

    var attemptTag: String { "deepblue" }

    func lacks(_ need: ScenarioNeed) -> String? {
        switch need {
        case .directOpen, .sharedNetworkGuard, .referenceEngine: nil
        case .clipboard: "Deep Blue Links' guide documents no clipboard matching"
        case .exactTraits:
            "Deep Blue Links' check-deferred sends no platform, OS version or device model (time zone, screen and "
                + "language only): nothing matches exactly"
        case .score: "Deep Blue Links answers no confidence or score (200 with the link, or 404)"
        case .identity: "Deep Blue Links' guide documents no identity API"
        case .events: "Deep Blue Links' guide documents no events API"
        }
    }

    /// Its click page gathers the time zone and the screen with a script the simulated browser does not run.
    func pageClickLacks(_ need: ScenarioNeed) -> String? {
        guard need == .sharedNetworkGuard else { return nil }
        return "needs clicks that carry the time zone and the screen, which Deep Blue's click page gathers with "
            + "JavaScript (the simulated browser runs none): without them a click scores 49 at most (address, "
            + "language, recency), under the guard's 65; only /dev/deepblue/click can make one"
    }

    /// Check-deferred answers the link and nothing about how it matched (seed 004): every deferred match is
    /// `check-deferred`, whichever rung of the engine found it.
    func methodName(for evidence: MatchEvidence) -> String {
        evidence.nameOutsideMatching ?? "check-deferred"
    }

    func outcomeLabel(_ decision: EngineDecision) -> String { "200 with the link" }

    /// Check-deferred answers the link or 404 and nothing about how it matched: the same check everywhere. The
    /// guide's `isSandbox` is optional (`Bool?`): the SDK must keep it where the reference emulation sends it, and
    /// a deployment may leave it out.
    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String?, engineKnown: Bool)
        throws(DashboardError)
    {
        let sandboxKept = !engineKnown || link?.providerFields["isSandbox"] != nil
        try DashboardCore.check(
            link?.matchType == .fingerprintScored && reached(link, path) && link?.isDeferred == true && sandboxKept,
            "expected check-deferred's link\(describePath(path)) (deferred\(engineKnown ? ", isSandbox kept" : "")), "
                + "got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (true, .scored(.medium)) }

    var eventBatchSize: Int { 0 }

    /// Check-deferred's "no deferred link" is a 404.
    var noMatchStatus: Int { 404 }

    /// Resolve's 404: "the URL isn't one of your short links … route by the URL itself".
    var documentedOpenStatuses: Set<Int> { [404] }

    /// Deep Blue compares the screen, not the model: the four phones are the app's model (same screen).
    var guardModels: [String] { Array(repeating: FingerprintValues.demoPhone.deviceModel, count: 4) }
}
