import Foundation
import OptoLink

/// OptoLink (seed 000): `/data`, `/match` with the clipboard token and the fingerprint, `/sdk/*`. Every
/// scenario runs; its expectations are the contract's.
struct OptoLinkServiceProfile: ServiceProfile {
    var service: OptoLinkService { .optoLink }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(baseURL: baseURL, apiKey: .demo, orgKey: .demo)
    }

    var keyFlags: [String] { ["--api-key", "--org-key"] }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        try .optoLink(
            apiKey: settings.target.apiKey?.rawValue ?? "", orgKey: settings.target.orgKey?.rawValue ?? "",
            baseURL: settings.target.baseURL,
            links: .init(domains: linkDomains(settings.target)),
            clipboard: .init(reading: settings.clipboardEnabled ? .atFirstLaunch : .never), retry: settings.retry,
            timeout: settings.timeout)
    }

    func linkURL(code: String, target: BackendTarget) -> URL? {
        target.baseURL.appendingPathComponent(target.headerKey).appendingPathComponent(code)
    }

    func demoLinks(target: BackendTarget) -> ScenarioLinks {
        func link(_ code: String, _ path: String, hours: Double?) -> ScenarioLink {
            ScenarioLink(
                url: linkURL(code: code, target: target) ?? target.baseURL, path: path, code: code,
                window: hours.map { $0 * 3600 })
        }
        return ScenarioLinks(
            [
                .main: link("summer", "/promo/summer", hours: 48),
                .coldStart: link("welcome", "/onboarding/welcome", hours: 24),
                .shortWindow: link("flash", "/promo/flash", hours: 1),
            ], given: false)
    }

    func devCode(of url: URL, target: BackendTarget) -> String? {
        let parts = segments(url)
        return parts.count == 2 && parts[0] == target.orgKey?.rawValue ? parts[1] : nil
    }

    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    ) {
        var body = browserFields(browser, ageSeconds: ageSeconds)
        body["orgKey"] = target.orgKey?.rawValue
        body["shortCode"] = code
        body["timezone"] = browser.timezone
        return ("dev/deferred/simulate", body)
    }

    func faultRoute(_ route: ServiceRoute) -> String? {
        switch route {
        case .open: "data"
        case .match: "match"
        case .events: "events"
        }
    }

    func proxyRoute(_ route: ServiceRoute, target: BackendTarget) -> String? { faultRoute(route) }

    func label(_ route: ServiceRoute) -> String {
        switch route {
        case .open: "/data"
        case .match: "/match"
        case .events: "/sdk/events"
        }
    }

    var attemptTag: String { "optolink" }

    func lacks(_ need: ScenarioNeed) -> String? { nil }

    /// The contract's own methods (seed 000): the engine's `matchMethod` is what the answer says.
    func methodName(for evidence: MatchEvidence) -> String { evidence.method }

    func outcomeLabel(_ decision: EngineDecision) -> String {
        methodName(for: .engine(decision.method)) + (decision.confidence.map { " \($0.rawValue)" } ?? "")
    }

    /// The contract (seed 000) defines the engine: every OptoLink deployment is held to its decision.
    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String?, engineKnown: Bool)
        throws(DashboardError)
    {
        try DashboardCore.check(
            link?.matchType.rawValue == decision.method && link?.confidence == decision.confidence
                && reached(link, path) && link?.isDeferred == true,
            "expected a \(outcomeLabel(decision)) link\(describePath(path)) (deferred), got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (false, .clipboard) }

    var eventBatchSize: Int { 1 }

    /// The contract: `POST /sdk/events` → 200 recorded.
    var eventAnswers: Range<Int> { 200..<201 }

    var answersMatchScore: Bool { true }
}
