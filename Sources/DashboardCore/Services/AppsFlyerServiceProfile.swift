import Foundation
import OptoLink
import OptoLinkS2S

/// AppsFlyer's S2S deep-link API (seed 003) against the reference server's emulation: the first launch's
/// `POST /ios/<app_id>?af_sig=…`, signed by the app's backend (the dashboard plays it with
/// ``AppsFlyerBackendSigner``), `{found, click_event{…, match_type: probabilistic}}`. No direct open, no
/// clipboard, events or identity.
///
/// The request carries the platform (iOS), `os`, `lang` and `type`, whose leading letters are the device
/// family the emulation compares with the click's (`iPhone15,2` → `iPhone`); there is no time zone.
struct AppsFlyerServiceProfile: ServiceProfile {
    /// The demo app id.
    static let demoAppID = "id123456789"
    /// The demo app's DevKey (seed 003's example key).

    var service: OptoLinkService { .appsFlyer }

    func demoTarget(baseURL: URL) -> BackendTarget {
        BackendTarget(
            baseURL: baseURL, apiKey: nil, orgKey: nil, service: .appsFlyer, appID: Self.demoAppID, devKey: .demo)
    }

    var keyFlags: [String] { ["--app-id", "--dev-key"] }

    func missingKeyFlag(in target: BackendTarget) -> String? {
        target.appID == nil ? "--app-id" : target.devKey == nil ? "--dev-key" : nil
    }

    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration {
        // A missing key is refused before a device starts; the SDK and the signer name an empty one.
        let signer = AppsFlyerBackendSigner(devKey: settings.target.devKey?.rawValue ?? "")
        return try .appsFlyer(
            appID: settings.target.appID ?? "",
            hook: .signing { timestamp in
                // The device's address as the app's backend, and AppsFlyer's click page, see it.
                let ip = settings.addressSeenByBackend(address.value)
                return AppsFlyerSignature(ip: ip, signature: try signer.afSig(timestamp: timestamp, ip: ip))
            }, baseURL: settings.target.baseURL, retry: settings.retry, timeout: settings.timeout)
    }

    /// The demo app's OneLink links on `/af/<app id>/<link>` (`summer`'s `deep_link_value` is `promo/summer`).
    func demoLinks(target: BackendTarget) -> ScenarioLinks {
        func link(_ id: String, _ path: String, hours: Double) -> ScenarioLink {
            ScenarioLink(
                url: linkURL(code: id, target: target) ?? target.baseURL, path: path, code: id, window: hours * 3600)
        }
        return ScenarioLinks(
            [
                .main: link("summer", "/promo/summer", hours: 48),
                .coldStart: link("welcome", "/onboarding/welcome", hours: 24),
                .shortWindow: link("welcome", "/onboarding/welcome", hours: 24),
            ], given: false)
    }

    func linkURL(code: String, target: BackendTarget) -> URL? {
        target.appID.flatMap { target.url("af/\($0)/\(code)") }
    }

    func devCode(of url: URL, target: BackendTarget) -> String? {
        let parts = segments(url)
        return parts.count == 3 && parts[0] == "af" && parts[1] == target.appID ? parts[2] : nil
    }

    /// The device family of a model (`iPhone15,2` → `iPhone`), what AppsFlyer's click page reads from a
    /// browser's User-Agent.
    static func family(_ model: String) -> String {
        String(model.prefix { $0.isLetter })
    }

    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    ) {
        var body = browserFields(browser, ageSeconds: ageSeconds)
        body["deviceModel"] = Self.family(browser.deviceModel)
        if let appID = target.appID { body["appId"] = appID }
        body["link"] = code
        return ("dev/appsflyer/click", body)
    }

    func faultRoute(_ route: ServiceRoute) -> String? { route == .match ? "af-deeplink" : nil }

    func proxyRoute(_ route: ServiceRoute, target: BackendTarget) -> String? {
        route == .match ? target.appID.map { "/ios/\($0)" } : nil
    }

    func label(_ route: ServiceRoute) -> String {
        switch route {
        case .open: "(no direct open)"
        case .match: "AppsFlyer /ios/{app_id}"
        case .events: "(no events API)"
        }
    }

    var attemptTag: String { "appsflyer" }

    func lacks(_ need: ScenarioNeed) -> String? {
        switch need {
        case .exactTraits, .score, .sharedNetworkGuard, .referenceEngine: nil
        case .directOpen: "AppsFlyer's S2S API resolves no URL: there is no direct open"
        case .clipboard: "AppsFlyer's S2S API documents no clipboard matching"
        case .identity: "AppsFlyer's S2S API documents no identity call"
        case .events: "AppsFlyer's S2S API documents no events from an app"
        }
    }

    /// AppsFlyer's `match_type` (seed 003: `referrer`, `id_matching`, `srn`, `probabilistic`): what the answer
    /// says, else the SDK's method; every match the reference emulation makes answers `probabilistic`.
    func methodName(for evidence: MatchEvidence) -> String {
        if let name = evidence.nameOutsideMatching { return name }
        switch evidence.source {
        case .engine: return "probabilistic"
        case .answer: return evidence.serviceWord ?? evidence.method
        }
    }

    /// `found`: seed 003 names no match type for a click, so the expectation names none (the answer's is shown).
    func outcomeLabel(_ decision: EngineDecision) -> String { "found" }

    /// The reference emulation answers a click matched by its traits `probabilistic`, and is held to it. Seed 003
    /// does not say which of its match types a click gets, so a deployment's found click may carry any of them.
    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String?, engineKnown: Bool)
        throws(DashboardError)
    {
        let matchType = link?.providerFields["match_type"]?.stringValue.map(AppsFlyerMatchType.init(rawValue:))
        let documented = engineKnown ? matchType == .probabilistic : matchType?.isDocumented == true
        try DashboardCore.check(
            documented && reached(link, path) && link?.isDeferred == true,
            "expected found: true, match_type \(engineKnown ? "probabilistic" : "one of seed 003's"), a link"
                + "\(describePath(path)) (deferred), got \(describe(link))")
    }

    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { (true, .fingerprintExact) }

    var eventBatchSize: Int { 0 }

    /// AppsFlyer compares device families: another family than the app's iPhone.
    var otherDeviceModel: String { "iPad13,1" }

    /// Four iPads: AppsFlyer sees only the family, so four iPhones would each match the app exactly (P2,
    /// which runs before the guard); an iPad on the app's OS and language scores 74, not exact.
    var guardModels: [String] { ["iPad13,1", "iPad13,2", "iPad13,4", "iPad13,5"] }
}
