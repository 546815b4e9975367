import Foundation
import OptoLink

/// OptoLink (seed 000): `/data`, `/match` with the clipboard token and the fingerprint, `/sdk/*`. Every
/// scenario runs; its expectations are the contract's.
struct OptoLinkServiceProfile: ServiceProfile {
    var service: OptoLinkProvider.Service { .optoLink }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(baseURL: baseURL, apiKey: DashboardOptions.demoAPIKey, orgKey: DashboardOptions.demoOrgKey)
    }

    var keyFlags: [String] { ["--api-key", "--org-key"] }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        try OptoLinkConfiguration(
            apiKey: settings.target.apiKey, orgKey: settings.target.orgKey, baseURL: settings.target.baseURL,
            timeout: settings.timeout, maxRetries: settings.maxRetries, backoffBase: settings.backoffBase,
            clipboardReading: settings.clipboardEnabled ? .atFirstLaunch : .never)
    }

    var links: ServiceLinks {
        ServiceLinks(
            main: "summer", mainPath: "/promo/summer", coldStart: "welcome", coldStartPath: "/onboarding/welcome",
            expiring: "flash", expiredAge: 3900, expiringWindow: "1 h")
    }

    func linkURL(_ code: String, target: BackendTarget) -> URL {
        target.baseURL.appendingPathComponent(target.orgKey).appendingPathComponent(code)
    }

    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    ) {
        var body = browserFields(browser, ageSeconds: ageSeconds)
        body["orgKey"] = target.orgKey
        body["shortCode"] = code
        body["timezone"] = browser.timezone
        return ("dev/deferred/simulate", body)
    }

    func pageClick(_ code: String, browser: FingerprintValues, target: BackendTarget) -> (
        path: String, needsToken: Bool
    ) {
        ("\(target.orgKey)/\(code)", true)
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

    func outcomeLabel(_ decision: EngineDecision) -> String {
        decision.method + (decision.confidence.map { " \($0.rawValue)" } ?? "")
    }

    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String) throws(DashboardError) {
        try OptoLinkDashboard.check(
            link?.matchMethod.rawValue == decision.method && link?.confidence == decision.confidence
                && link?.path == path && link?.isDeferred == true,
            "expected \(outcomeLabel(decision)) \(path) (deferred), got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (false, .clipboard) }

    var eventBatchSize: Int { 1 }

    var answersMatchScore: Bool { true }
}
