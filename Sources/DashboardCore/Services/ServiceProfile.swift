import Foundation
import OptoLink

/// What the dashboard knows about one service, in one place: its demo keys, how the simulated device is
/// configured for it, its demo links and click routes, its fault route names, the labels of its routes,
/// what it lacks, and how the engine's decisions show in its answers (as `docs/server.md` maps them).
///
/// Scenarios never `switch` on the service: they ask ``BackendTarget/profile`` (through
/// ``ScenarioContext/profile``). One implementation per service: ``OptoLinkServiceProfile``,
/// ``QubeRouteServiceProfile``, ``DeepBlueServiceProfile``, ``AppsFlyerServiceProfile``.
package protocol ServiceProfile: Sendable {
    /// The service.
    var service: OptoLinkService { get }

    /// The demo seed's keys for this service on `baseURL`.
    func demoTarget(baseURL: URL) -> BackendTarget

    /// The command-line flags this service's keys come from, for `--help` and the usage errors.
    var keyFlags: [String] { get }

    /// The flag whose key `target` lacks, or nil when it has every key the service needs.
    func missingKeyFlag(in target: BackendTarget) -> String?

    /// The SDK configuration a simulated device on `settings` runs. For AppsFlyer the dashboard plays the
    /// app's backend: the hook signs with the target's DevKey and the device's `address` (the DevKey never
    /// reaches the configuration).
    func configuration(settings: DeviceSettings, address: AddressBox) throws(OptoLinkError) -> OptoLinkConfiguration

    /// The store key of the install id the service sees (what ``SimulatedDevice/deviceId`` reads).
    var installIDKey: String { get }

    /// The embedded seed's demo links on `target`'s base URL, by role: what the scenarios click and open on
    /// the embedded server (one campaign, `summer`, routes to `/promo/summer` on every service).
    func demoLinks(target: BackendTarget) -> ScenarioLinks

    /// The URL of the reference server's link `code` on `target` (`/<org>/<code>`, `/qr/<alias>`…): what its
    /// demo links and the match lab's links are clicked at.
    func linkURL(code: String, target: BackendTarget) -> URL?

    /// Where a browser that runs the click page's script ends up after clicking `url`: the page itself, or
    /// Deep Blue's page reloaded with the time zone, screen (pixels) and language it `gathered`. The
    /// ``SimulatedBrowser`` runs no script; the match lab's wire engine clicks this URL in its stead.
    func scriptedClickURL(_ url: URL, gathered: PageSignals) -> URL

    /// The code the reference server's `/dev` click route takes for `url`, when `url` has the reference
    /// server's shape for this service on `target` (`/<org>/<code>`, `/qr/<alias>`…); nil otherwise.
    func devCode(of url: URL, target: BackendTarget) -> String?

    /// The dev click route (path without the leading slash) and its body for a click on `code`.
    func devClick(_ code: String, browser: FingerprintValues, ageSeconds: Double?, target: BackendTarget) -> (
        path: String, body: [String: Any]
    )

    /// The `/dev/faults` route name of one of the service's routes; nil when the service has no such route.
    func faultRoute(_ route: ServiceRoute) -> String?

    /// The path the dashboard's fault proxy matches for `route` (a backend without `/dev/faults`).
    func proxyRoute(_ route: ServiceRoute, target: BackendTarget) -> String?

    /// How the logs and checklists name `route` (`/match`, `/api/v1/sdk/match`…).
    func label(_ route: ServiceRoute) -> String

    /// The tag `/dev/match-attempts` files this service's attempts under.
    var attemptTag: String { get }

    /// Why the service cannot serve `need` (one line naming what it lacks); nil when it can.
    func lacks(_ need: ScenarioNeed) -> String?

    /// Why a click through the ``SimulatedBrowser`` (no JavaScript) cannot give what `need` asks of a click
    /// on this service's click page, where only the reference server's dev click route can; nil when it can.
    func pageClickLacks(_ need: ScenarioNeed) -> String?

    /// The name the user sees for how a match was made on this service: the one name the panes, the log,
    /// the compare and every export give it, whether the engine's decision or the service's answer tells it.
    ///
    /// OptoLink's names are the contract's methods (`CLIPBOARD`, `FINGERPRINT_SCORED`…); the other services'
    /// are their own documented words (QubeRoute's `probabilistic ip_address`, AppsFlyer's `probabilistic`,
    /// Deep Blue's `check-deferred`), so a match the engine decided as `IP_FUZZY` and the SDK read as a scored
    /// one is not named twice.
    func methodName(for evidence: MatchEvidence) -> String

    /// How the answer to a first launch the engine decided as `decision` reads in the checklist
    /// (`CLIPBOARD exact`, `found`…).
    func outcomeLabel(_ decision: EngineDecision) -> String

    /// Checks that `link` is what the service answers when the engine decided `decision` for a click on
    /// a link whose target path is `path` (nil: not known in advance, any path is read as the link's);
    /// throws the FAIL detail otherwise.
    ///
    /// With `engineKnown` false (a deployment that is not the reference server), only what the service's
    /// own API documents for a deferred match is checked, not the reference engine's choice of method.
    func check(_ link: OptoLinkData?, decision: EngineDecision, path: String?, engineKnown: Bool)
        throws(DashboardError)

    /// How the scenarios that need "a deferred match" (flaky-server, timeout, reinstall-rematch) get
    /// one: OptoLink's click from another network and the clipboard; the others' click on the same
    /// network with the app's own traits, and the decision the engine then makes.
    var standardDeferred: (sameNetwork: Bool, decision: EngineDecision) { get }

    /// The statuses besides 5xx that the SDK retries for this service, as its configuration sets them
    /// (QubeRoute: 429, honouring `Retry-After`; the others none: every 4xx is final).
    var alsoRetriedStatuses: Set<Int> { get }

    /// How many events one request carries (1 for OptoLink, up to 50 for QubeRoute, 0 without events).
    var eventBatchSize: Int { get }

    /// The statuses the service documents for events it took: OptoLink's contract says 200; QubeRoute's guide
    /// names none, so any 2xx (default).
    var eventAnswers: Range<Int> { get }

    /// Whether the first launch's answer carries the engine's score (OptoLink's `matchScore`).
    var answersMatchScore: Bool { get }

    /// The status of the first-launch request's "no link" answer (200; Deep Blue's 404).
    var noMatchStatus: Int { get }

    /// The statuses besides 2xx the service documents as an ordinary answer to an open (Deep Blue's 404:
    /// "route by the URL itself"); none by default.
    var documentedOpenStatuses: Set<Int> { get }

    /// What the service calls the install's id (`device id`, `install token`).
    var installIDName: String { get }

    /// A model the engine sees as another device than the app's `iPhone15,2` (the scored scenarios).
    var otherDeviceModel: String { get }

    /// The four near-identical phones of the shared-network-guard scenario (each scores 65 or more).
    var guardModels: [String] { get }
}

extension ServiceProfile {
    /// The service's name as the screen shows it.
    package var name: String { service.displayName }
    /// What a browser's click without the dev routes goes through: OptoLink's redirect page, the other
    /// services' click page (``SimulatedBrowser``).
    package var clickPage: String { service == .optoLink ? "redirect page" : "click page" }
    var keyFlags: [String] { ["--api-key"] }
    var alsoRetriedStatuses: Set<Int> { [] }
    var eventAnswers: Range<Int> { 200..<300 }

    /// ``eventAnswers`` in words: `200`, or `2xx`.
    package var eventAnswersText: String { eventAnswers.count == 1 ? "\(eventAnswers.lowerBound)" : "2xx" }

    /// How the timeline and the logs name a request to `endpoint` (the SDK's endpoint: `data`, `match`,
    /// `events`…) on this service: OptoLink's own names; the other services' route names (`resolve`,
    /// `check-deferred`, AppsFlyer's `ios`), never OptoLink's `data` for them.
    package func requestName(_ endpoint: String) -> String {
        guard let route = Endpoint(rawValue: endpoint).flatMap(ServiceRoute.init) else { return endpoint }
        let named = label(route).split(separator: "/").last { !$0.hasPrefix("{") && !$0.hasPrefix("(") }
        return named.map(String.init) ?? endpoint
    }

    /// The statuses besides 2xx that the service documents as an ordinary answer to a request to `endpoint`:
    /// its "no match" status (Deep Blue's check-deferred 404: "most launches don't follow a link") and its
    /// open's (``documentedOpenStatuses``). The timeline does not mark them ✘.
    package func documentedStatuses(_ endpoint: String) -> Set<Int> {
        switch Endpoint(rawValue: endpoint).flatMap(ServiceRoute.init) {
        case .match: (200..<300).contains(noMatchStatus) ? [] : [noMatchStatus]
        case .open: documentedOpenStatuses
        case .events, nil: []
        }
    }

    /// Whether the SDK retries a 429 for this service.
    package var retriesRateLimited: Bool { alsoRetriedStatuses.contains(429) }

    /// What this service's SDK retries, in words: `no answer and 5xx` (`no answer, 5xx and 429`).
    var retriedText: String {
        "no answer, 5xx" + alsoRetriedStatuses.sorted().map { " and \($0)" }.joined()
    }

    /// Whether the SDK tries again after an attempt answered `status` (nil: no HTTP answer) on this service, and
    /// why in words: the one statement of the service's retry rule that the inspector, the HAR and the reports
    /// quote.
    func retryReason(status: Int?) -> (retryable: Bool, why: String) {
        guard let status else { return (true, "no HTTP answer, retryable on \(name)") }
        if (200..<300).contains(status) { return (false, "\(status) is a success") }
        if (500..<600).contains(status) { return (true, "\(status) is a server error (5xx), retryable on \(name)") }
        if alsoRetriedStatuses.contains(status) {
            return (true, "\(status) is retried on \(name) (after the longer of the backoff and Retry-After)")
        }
        return (false, "\(status) is final on \(name) (it retries \(retriedText))")
    }
    var installIDKey: String { DeviceIdentifierStore.key }
    var otherDeviceModel: String { "iPhone14,7" }
    var noMatchStatus: Int { 200 }
    var documentedOpenStatuses: Set<Int> { [] }
    var answersMatchScore: Bool { false }
    var installIDName: String { "device id" }
    var guardModels: [String] { ["iPhone14,2", "iPhone14,3", "iPhone14,4", "iPhone14,5"] }
    func pageClickLacks(_ need: ScenarioNeed) -> String? { nil }
    func scriptedClickURL(_ url: URL, gathered: PageSignals) -> URL { url }

    /// The dev click route's path (no leading slash): `dev/deferred/simulate` for OptoLink (seed 000's route 10),
    /// the reference server's own click route for the others.
    package var devClickPath: String {
        devClick(
            "-", browser: .demoPhone, ageSeconds: nil, target: demoTarget(baseURL: URL(string: "http://127.0.0.1")!)
        )
        .path
    }

    func missingKeyFlag(in target: BackendTarget) -> String? {
        target.apiKey?.rawValue.isEmpty == false ? nil : "--api-key"
    }

    /// The path of `url` as segments (`/qr/test/x` → `["qr", "test", "x"]`), for ``devCode(of:target:)``.
    func segments(_ url: URL) -> [String] {
        url.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// The link domains the simulated app takes links on: the hosts of `target`'s links.
    func linkDomains(_ target: BackendTarget) -> [String] { target.links.hosts }

    /// Whether `link` reached the path `path` (any path when nil).
    func reached(_ link: OptoLinkData?, _ path: String?) -> Bool {
        guard let link else { return false }
        return path.map { link.path == $0 } ?? true
    }

    /// ` to /promo/summer`, or nothing when the run does not know where the link leads (a deployment's link),
    /// for the FAIL lines: `expected a deferred link to /promo/summer, got no link`.
    func describePath(_ path: String?) -> String { path.map { " to \($0)" } ?? "" }

    /// The common dev-click fields of a browser (platform, OS, model, language, age).
    func browserFields(_ browser: FingerprintValues, ageSeconds: Double?) -> [String: Any] {
        var body: [String: Any] = [
            "platform": browser.platform, "osVersion": browser.osVersion, "deviceModel": browser.deviceModel,
            "language": browser.language,
        ]
        if let ageSeconds { body["ageSeconds"] = ageSeconds }
        return body
    }
}
