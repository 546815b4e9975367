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

    var service: OptoLinkProvider.Service { .deepBlue }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(baseURL: baseURL, apiKey: Self.demoKey, orgKey: "", service: .deepBlue)
    }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        try OptoLinkConfiguration(
            deepBlueAPIKey: settings.target.apiKey, baseURL: settings.target.baseURL, linkDomains: [Self.linkDomain],
            urlSchemes: [Self.urlScheme], timeout: settings.timeout, maxRetries: settings.maxRetries,
            backoffBase: settings.backoffBase)
    }

    var links: ServiceLinks {
        ServiceLinks(
            main: "spring", mainPath: "/products/1234", coldStart: "welcome", coldStartPath: "/onboarding/welcome",
            expiring: "welcome", expiredAge: 25 * 3600, expiringWindow: "24 h")
    }

    func linkURL(_ code: String, target: BackendTarget) -> URL {
        target.url("dbl/" + code) ?? target.baseURL
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

    func pageClick(_ code: String, browser: FingerprintValues, target: BackendTarget) -> (
        path: String, needsToken: Bool
    ) {
        // The preview page's script reloads itself with what it gathered; that request records the click.
        let screen = DeviceScreens.screen(of: browser.deviceModel)
        var query = URLComponents()
        query.queryItems = [
            URLQueryItem(name: "timezone", value: browser.timezone),
            URLQueryItem(name: "screenWidth", value: String(Int(screen.width))),
            URLQueryItem(name: "screenHeight", value: String(Int(screen.height))),
            URLQueryItem(name: "language", value: browser.language),
        ]
        return ("dbl/\(code)?\(query.percentEncodedQuery ?? "")", false)
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
        case .directOpen, .sharedNetworkGuard: nil
        case .clipboard: "Deep Blue Links has no clipboard matching"
        case .exactTraits:
            "Deep Blue Links' check-deferred sends no platform, OS version or device model (time zone, screen and "
                + "language only): nothing matches exactly"
        case .score: "Deep Blue Links answers no confidence or score (200 with the link, or 404)"
        case .identity: "Deep Blue Links has no identity API"
        case .events: "Deep Blue Links has no events API"
        }
    }

    func outcomeLabel(_ decision: EngineDecision) -> String { "200 with the link" }

    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String) throws(DashboardError) {
        try OptoLinkDashboard.check(
            link?.matchMethod == .fingerprintScored && link?.path == path && link?.isDeferred == true
                && link?.providerFields["isSandbox"] != nil,
            "expected check-deferred's link \(path) (deferred, isSandbox kept), got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (true, .scored(.medium)) }

    var eventBatchSize: Int { 0 }

    /// Check-deferred's "no deferred link" is a 404.
    var noMatchStatus: Int { 404 }

    /// Deep Blue compares the screen, not the model: the four phones are the app's model (same screen).
    var guardModels: [String] { Array(repeating: FingerprintValues.demoPhone.deviceModel, count: 4) }
}
