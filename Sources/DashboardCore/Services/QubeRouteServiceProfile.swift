import Foundation
import OptoLink
import OptoLinkToolSupport

/// QubeRoute (seed 001) against the reference server's emulation: resolve by the click URL
/// `/qr/<alias>`, `/api/v1/sdk/match` once per install (`confidence` below 1 and `reason`), batched events
/// with an `eventId` each, 429 retried.
///
/// Its match sends nothing but the install token: the emulation compares the click with the request's
/// address, User-Agent and Accept-Language, and an app's User-Agent names no platform, so a same-network
/// click scores the address, the language and its recency (49 at most: an `ip_address` match).
struct QubeRouteServiceProfile: ServiceProfile {
    /// The demo project's live publishable key.
    static let demoKey = "qr_live_demo_publishable_key_0001"

    var service: OptoLinkService { .quberoute }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(baseURL: baseURL, apiKey: APIKey(rawValue: Self.demoKey), orgKey: nil, service: .quberoute)
    }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        try .quberoute(
            publishableKey: settings.target.apiKey?.rawValue ?? "", baseURL: settings.target.baseURL,
            links: .init(domains: linkDomains(settings.target)), retry: settings.retry, timeout: settings.timeout)
    }

    var installIDKey: String { "quberoute_install_token" }

    /// The demo project's links on `/qr/<alias>` (`/qr/test/<alias>` for a test key: test links only).
    func demoLinks(target: BackendTarget) -> ScenarioLinks {
        func link(_ alias: String, _ path: String, hours: Double) -> ScenarioLink {
            ScenarioLink(
                url: linkURL(code: alias, target: target) ?? target.baseURL, path: path, code: alias,
                window: hours * 3600)
        }
        return ScenarioLinks(
            [
                .main: link("summer", "/promo/summer", hours: 48),
                .coldStart: link("welcome", "/onboarding/welcome", hours: 24),
                .shortWindow: link("welcome", "/onboarding/welcome", hours: 24),
            ], given: false)
    }

    /// `/qr/<alias>` (`/qr/test/<alias>` for a test key).
    func linkURL(code: String, target: BackendTarget) -> URL? {
        target.url((isTest(target) ? "qr/test/" : "qr/") + code)
    }

    /// Whether the target's key is a test key (`qr_test_…`: test links and clicks only).
    private func isTest(_ target: BackendTarget) -> Bool { target.apiKey?.rawValue.hasPrefix("qr_test_") == true }

    func devCode(of url: URL, target: BackendTarget) -> String? {
        let parts = segments(url)
        let prefix = isTest(target) ? ["qr", "test"] : ["qr"]
        return parts.count == prefix.count + 1 && Array(parts.prefix(prefix.count)) == prefix ? parts.last : nil
    }

    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    ) {
        var body = browserFields(browser, ageSeconds: ageSeconds)
        body["alias"] = code
        body["environment"] = isTest(target) ? "test" : "live"
        body["timezone"] = browser.timezone
        return ("dev/quberoute/click", body)
    }

    func faultRoute(_ route: ServiceRoute) -> String? {
        switch route {
        case .open: "qr-resolve"
        case .match: "qr-match"
        case .events: "qr-events"
        }
    }

    func proxyRoute(_ route: ServiceRoute, target: BackendTarget) -> String? { label(route) }

    func label(_ route: ServiceRoute) -> String {
        switch route {
        case .open: "/api/v1/sdk/resolve"
        case .match: "/api/v1/sdk/match"
        case .events: "/api/v1/sdk/events"
        }
    }

    var attemptTag: String { "quberoute" }

    /// What its match cannot compare.
    static let noTraits =
        "QubeRoute's match sends no device traits (only the install token, the address, the app's User-Agent "
        + "and Accept-Language): a click's model, OS and time zone cannot be compared"

    func lacks(_ need: ScenarioNeed) -> String? {
        switch need {
        case .directOpen, .events, .referenceEngine: nil
        case .clipboard:
            "QubeRoute's clipboard matching is off by default and needs a handshake its guide does not document: "
                + "not modelled"
        case .exactTraits, .score, .sharedNetworkGuard: Self.noTraits
        case .identity: "QubeRoute's guide documents no identity API"
        }
    }

    /// The `reason` QubeRoute answers for the engine's decision: the reference emulation's own mapping.
    static func reason(_ decision: EngineDecision) -> String {
        QubeRouteReason.forMethod(decision.method)
    }

    /// The seed's words: a match is `exact` (confidence 1, the install referrer) or `probabilistic`, and says
    /// its `reason` (`probabilistic ip_address`, `probabilistic fingerprint`, `exact referrer`). The engine's
    /// decision is named by the reason and confidence the emulation answers for it.
    func methodName(for evidence: MatchEvidence) -> String {
        if let name = evidence.nameOutsideMatching { return name }
        switch evidence.source {
        case .engine:
            let reason = QubeRouteReason.forMethod(evidence.method)
            return (reason == QubeRouteReason.exact ? "exact " : "probabilistic ") + reason
        case .answer:
            // The SDK reads confidence 1 as an exact fingerprint and anything below as a scored one.
            let kind = evidence.method == "FINGERPRINT_EXACT" ? "exact" : "probabilistic"
            return kind + (evidence.serviceWord.map { " \($0)" } ?? "")
        }
    }

    /// The guide's words only: `exact, confidence 1` (the install referrer) or `probabilistic, confidence < 1`.
    /// Which `reason` comes with it is the reference emulation's choice, checked only against it and shown
    /// from the answer.
    func outcomeLabel(_ decision: EngineDecision) -> String {
        Self.reason(decision) == QubeRouteReason.exact ? "exact, confidence 1" : "probabilistic, confidence < 1"
    }

    /// QubeRoute documents a deferred link "with a confidence below 1 and a reason"; which reason is the
    /// reference emulation's mapping of its engine's decision, checked only against it.
    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String?, engineKnown: Bool)
        throws(DashboardError)
    {
        let reason = engineKnown ? Self.reason(decision) : nil
        let score = link?.confidenceScore ?? -1
        try DashboardCore.check(
            link?.matchType == .fingerprintScored && reason.map { link?.reason == $0 } ?? (link?.reason != nil)
                && score > 0 && score < 1 && reached(link, path) && link?.isDeferred == true,
            "expected a deferred link\(describePath(path)) with "
                + (reason.map { "reason \($0)" } ?? "a reason") + " and a confidence in (0, 1), got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (true, .ipFuzzy) }

    var alsoRetriedStatuses: Set<Int> { [429] }

    var eventBatchSize: Int { 50 }

    var installIDName: String { "install token" }
}
