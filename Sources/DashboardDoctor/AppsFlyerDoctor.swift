import DashboardCore
import Foundation
import OptoLink
import OptoLinkS2S

/// The doctor's lines for AppsFlyer (seed 003), which has no resolve API: the app ships no key, a click on
/// the OneLink in the ``SimulatedBrowser`` must get through, and with `--dev-key` the doctor plays the app's
/// backend and sends one signed S2S request that must find that click.
///
/// Seed 003 documents the S2S request only: where a click leads (the App Store, a page) and what
/// `custom_params` holds are the OneLink template's, so neither is a verdict. The click line names an App
/// Store page of another app than `--app-id`, and the found line says when there is no `deep_link_value`
/// (the SDK then delivers the path `/`).
///
/// The signed request (`POST <base>/ios/<app id>?af_sig=…`, made and signed by `OptoLinkS2S`'s
/// `AppsFlyerS2SClient`, no retries) must name the address AppsFlyer saw the click from in its `ip`. The
/// doctor knows that address only when the link's host is `127.0.0.1` (a test deployment on this machine,
/// which sees the click from `127.0.0.1`); for a OneLink on the internet it is this machine's public
/// address, which it cannot learn without asking a third party, so it sends nothing and says so.
struct AppsFlyerDoctor: LinkServiceDoctor {
    static let apiLine = DoctorLine("api.https", "S2S API HTTPS")
    static let keyLine = DoctorLine("key.kind", "app key")
    static let clickLine = DoctorLine("link.click", "link click")
    static let foundLine = DoctorLine("link.found", "signed request finds it")

    var serviceLines: [DoctorLine] { [Self.apiLine, Self.keyLine, Self.clickLine, Self.foundLine] }

    var aasaAdvice: AASAAdvice {
        AASAAdvice(
            noAnswer:
                "AppsFlyer serves \(AASAChecks.path) on the OneLink domain (<brand>.onelink.me, or a "
                + "branded domain whose DNS points at AppsFlyer): check the link's domain",
            notFound:
                "AppsFlyer serves the file once the OneLink template has universal links on for iOS: turn "
                + "them on in the template (with the app's Team ID), and for a branded domain check its "
                + "DNS and that no proxy keeps /.well-known/ from it",
            appIDMissing:
                "set the app's Team ID (App ID prefix) and bundle ID in the OneLink template's iOS "
                + "universal links settings (the file lists the app from them), and check them against "
                + "the app's signing"
        )
    }

    func coverageFix(_ link: URL) -> String {
        "AppsFlyer writes the file's paths for the OneLink template "
            + "(\(AASACoverage.siblingsPattern(link))): check the link belongs to a template with universal "
            + "links on for this app"
    }

    /// The `ip` of the signed request: the address the link's host saw the doctor's click from, when the
    /// doctor knows it (`127.0.0.1` for a link on `127.0.0.1`), else nil.
    static func clickAddress(_ link: URL) -> String? {
        link.host == "127.0.0.1" ? "127.0.0.1" : nil
    }

    /// Why no signed request is sent, nil when one is.
    static func whyNotSigned(devKey: String?, link: URL, visit: BrowserVisit) -> String? {
        guard devKey != nil else {
            return
                "give --dev-key to sign one request as the app's backend (it finds the doctor's click and uses it up)"
        }
        guard clickAddress(link) != nil else {
            return
                "not sent: its ip must be the address AppsFlyer saw the click from, this machine's public "
                + "address, which the doctor cannot know without asking a third party (a request for "
                + "another address would find nothing and prove only the signature)"
        }
        guard visit.end.isSuccess else { return "needs a click that got through (its line says what happened)" }
        return nil
    }

    /// The first launch the doctor's backend asks about: Safari's phone (``FingerprintValues/demoPhone``) from
    /// `address`, `is_first` true, a request id of its own.
    static func firstLaunch(address: String, at date: Date = Date()) -> AppsFlyerDeepLinkRequest {
        let phone = FingerprintValues.demoPhone
        return AppsFlyerDeepLinkRequest(
            isFirst: true, lang: phone.language, os: phone.osVersion, type: phone.deviceModel, ip: address,
            timestamp: date, requestID: "optolink-doctor-" + UUID().uuidString.lowercased())
    }

    func serviceChecks(_ runner: DoctorRunner, link: URL) async -> (checks: [DoctorCheck], exchanges: [DoctorExchange])
    {
        let options = runner.options
        let appID = options.appID ?? ""
        let visit = await runner.click(link)
        var exchanges = visit.hops.map(DoctorExchange.init(hop:))
        let notSigned = Self.whyNotSigned(devKey: options.devKey?.rawValue, link: link, visit: visit)
        var signed: Result<AppsFlyerDeepLinkResponse, any Error>?
        var s2s: DoctorExchange?
        if notSigned == nil, let devKey = options.devKey, let address = Self.clickAddress(link) {
            let transport = DoctorS2STransport(runner: runner)
            do {
                let client = try AppsFlyerS2SClient(
                    appID: appID, devKey: try AppsFlyerDevKey(devKey.rawValue),
                    configuration: AppsFlyerS2SConfiguration(
                        baseURL: options.baseURL, attemptTimeout: runner.timeout, retryPolicy: .none),
                    transport: transport)
                signed = .success(try await client.deepLink(Self.firstLaunch(address: address)))
            } catch {
                signed = .failure(error)
            }
            s2s = await transport.exchanges.first
            exchanges += await transport.exchanges
        }
        let checks = [
            HostChecks.https(
                options.baseURL, exchange: s2s, line: Self.apiLine,
                plainHTTPFix:
                    "the app's backend calls AppsFlyer's S2S API over HTTPS: give its https:// base in "
                    + "--base-url (default https://dls2s.appsflyer.com/v1.0)",
                notContacted: "not contacted: no signed request was sent (its line says why)"),
            Self.appKey(options.apiKey?.rawValue),
            Self.click(visit, appID: appID),
            Self.found(signed, exchange: s2s, notSent: notSigned ?? "not sent"),
        ]
        return (checks, exchanges)
    }

    /// `key.kind`: AppsFlyer's app ships no key; one given as `--api-key` is named (a DevKey's form: it belongs
    /// on the app's backend).
    static func appKey(_ apiKey: String?) -> DoctorCheck {
        guard let apiKey else {
            return keyLine.skip(
                "AppsFlyer's app ships no key (its app id only; the DevKey stays on its backend): --api-key "
                    + "names a key found in an app"
            )
        }
        let kind = AppKeyKind.of(apiKey)
        if let name = kind.secretName, let fix = kind.secretFix {
            return keyLine.fail("\(AppKeyKind.masked(apiKey)) is \(name), given as the app's key", fix: fix)
        }
        return keyLine.warn(
            "\(AppKeyKind.masked(apiKey)) given as the app's key: AppsFlyer's S2S API takes none from the app",
            fix:
                "the app sends its first launch to its own backend, which signs the S2S request with the "
                + "DevKey: an app needs no AppsFlyer key for it (check what this key is, and keep "
                + "secrets out of the app)"
        )
    }

    /// `link.click`: the click, as Safari on an iPhone without the app, gets through (a page, or a hand-over to
    /// the App Store or an app); an App Store page that does not name `appID` is a warning.
    static func click(_ visit: BrowserVisit, appID: String) -> DoctorCheck {
        let detail = "Safari: \(visit.summary)"
        switch visit.end {
        case .appStore(let store):
            if store.absoluteString.contains(appID) { return clickLine.pass(detail) }
            return clickLine.warn(
                detail + "; the App Store URL does not name \(appID)",
                fix: "check the OneLink template's iOS store page is the app --app-id names")
        case .page, .otherApp:
            return clickLine.pass(detail)
        case .refused(let status):
            return clickLine.fail(
                detail,
                fix: status == 404
                    ? "AppsFlyer does not know this link: check the OneLink "
                        + "URL (its template and link ids) and that the link is live"
                    : "the click failed on AppsFlyer's side: try the link in Safari, and check AppsFlyer's status")
        case .noAnswer, .badTarget, .tooManyHops:
            return clickLine.fail(detail, fix: "the click did not get through: check the link and the hops above")
        }
    }

    /// `link.found`: the signed request, asked as the first launch of the phone that clicked, answers
    /// `found: true`; the line shows the match type and the click's `deep_link_value`, or says it has none.
    static func found(
        _ signed: Result<AppsFlyerDeepLinkResponse, any Error>?, exchange: DoctorExchange?, notSent: String
    ) -> DoctorCheck {
        guard let signed else { return foundLine.skip(notSent) }
        switch signed {
        case .success(let answer):
            guard answer.found, let event = answer.clickEvent else {
                return foundLine.fail(
                    "found: false for the doctor's own click",
                    fix:
                        "AppsFlyer did not match the click to a first launch from the same address and "
                        + "device: check the link belongs to --app-id's OneLink template"
                )
            }
            let match = event.matchType.map { " (\($0.rawValue))" } ?? ""
            guard let value = event.customParams["deep_link_value"]?.stringValue else {
                let names = event.customParams.keys.sorted().joined(separator: ", ")
                let which =
                    event.customParams["deep_link_value"].map { "a deep_link_value that is no string (\($0))" }
                    ?? "no deep_link_value"
                return foundLine.pass(
                    "found\(match) → custom_params {\(names)}, \(which) (the SDK delivers the path /); "
                        + "the doctor's click is used up")
            }
            return foundLine.pass("found\(match) → deep_link_value \(value); the doctor's click is used up")
        case .failure(let error):
            if let exchange, exchange.response == nil {
                return foundLine.fail(
                    exchange.summary,
                    fix: "the S2S API did not answer: check --base-url (default https://dls2s.appsflyer.com/v1.0)")
            }
            guard let s2s = error as? OptoLinkS2SError, s2s.status > 0 else {
                return foundLine.fail(
                    "the request could not be signed or sent: \(error)", fix: "check --dev-key and --base-url")
            }
            let said = "\(s2s.status) \(s2s.serviceCode.map { "\($0): " } ?? "")\(BodyExcerpt.line(s2s.message))"
            let signature = (s2s.serviceCode ?? "").contains("sig") || s2s.message.contains("af_sig")
            if s2s.status == 401 || s2s.status == 403 || signature {
                return foundLine.fail(
                    said,
                    fix:
                        "AppsFlyer refused the signature: the DevKey is not this app's. Copy it from "
                        + "AppsFlyer (Configuration › App Settings) into the app's backend and --dev-key"
                )
            }
            if s2s.status == 404 {
                return foundLine.fail(
                    said, fix: "AppsFlyer knows no such app: check --app-id (id and the app's Apple ID)")
            }
            if s2s.status == 400 {
                return foundLine.fail(
                    said,
                    fix:
                        "AppsFlyer refused the request's body (its answer says what): the doctor sends seed 003's "
                        + "required fields as the SDK's backend does (is_first \"true\", lang, os, type, ip, "
                        + "timestamp); check what the answer names against the deployment's API")
            }
            return foundLine.fail(said, fix: "the S2S request was refused: check --app-id, --dev-key and --base-url")
        }
    }
}
