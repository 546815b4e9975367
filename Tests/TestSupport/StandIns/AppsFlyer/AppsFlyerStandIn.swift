import Foundation
internal import OptoLinkHTTP

/// The AppsFlyer stand-in (seed 003): an app's OneLink short links and the S2S deep-link API, written
/// from the OpenAPI document alone.
///
/// - `GET /ol/<template>/<id>`: records the click (address, device type from the `User-Agent`, `iPhone`
///   or `iPad`, language, `Referer`) and answers 302 straight to the App Store.
/// - `POST /v1.0/ios/<app id>?af_sig=…`: `af_sig` must be the hex HMAC-SHA256 of `timestamp + ip` under
///   the DevKey (401 otherwise); `is_first`, `lang`, `os`, `timestamp`, `type` and `ip` are required
///   strings (400 `{code, message}`). A first launch (`is_first` `"true"`) finds the newest click from the
///   body's `ip` with the same device type in the last 24 hours, not taken by another `request_id`:
///   `{found: true, click_event: {…, custom_params: {deep_link_value, …}, match_type: "probabilistic"}}`;
///   else `{found: false, click_event: {}}`. With ``StandInOptions/clickWaiting``, the first first launch an `ip`
///   asks about finds a click on the second link from that `ip` already waiting, a minute old.
final class AppsFlyerStandIn: StandInBackend {
    private struct Click {
        var linkId: String
        var address: String
        var deviceType: String?
        var referrer: String?
        var time: Date
        var takenBy: String?
    }

    static let appID = "id1498765432"
    static let devKey = "Vq4nT8rLx2KwZ6pHc9sJm3"
    static let template = "Hx7q"
    /// How long a click can be found.
    static let clickWindow: TimeInterval = 24 * 3600
    static let links = [
        AppsFlyerStandInLink(
            id: "fall-drop", deepLinkValue: "catalog/fall-drop", deepLinkSub1: "hero", mediaSource: "newsletter",
            campaign: "fall_drop", campaignId: "6f0c2a4e-91b3-4d7e-a5c8-2e1f9b7d3c60", subs: ["hero-banner"]),
        AppsFlyerStandInLink(
            id: "gift-wrap", deepLinkValue: "gifts/wrap", mediaSource: "social", campaign: "gifting",
            campaignId: "0b9d7e15-3c2a-4f68-8e41-7a5d2c9f0e13"),
    ]
    private static let required = ["is_first", "lang", "os", "timestamp", "type", "ip"]

    let profile = StandInProfile(
        apiPath: "/v1.0", appID: AppsFlyerStandIn.appID, devKey: AppsFlyerStandIn.devKey, teamID: "AF5LYER777",
        bundleID: "test.appsflyer.boutique", mainLinkPath: "/ol/\(AppsFlyerStandIn.template)/fall-drop",
        mainPath: "/catalog/fall-drop", coldStartLinkPath: "/ol/\(AppsFlyerStandIn.template)/gift-wrap",
        coldStartPath: "/gifts/wrap")
    var association: AssociationFile {
        AssociationFile(
            teamID: profile.teamID, bundleID: profile.bundleID, linkPattern: "/ol/\(Self.template)/*",
            form: .components)
    }

    private let flaws: StandInFlaws
    private let options: StandInOptions
    private let ledger: StandInLedger
    private let clicks = Locked([Click]())

    init(flaws: StandInFlaws, options: StandInOptions, ledger: StandInLedger) {
        self.flaws = flaws
        self.options = options
        self.ledger = ledger
    }

    func route(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let s = request.segments
        if request.method == "GET", s.count == 3, s[0] == "ol" {
            return click(template: s[1], id: s[2], request)
        }
        if request.method == "POST", s.count == 3, s[0] == "v1.0", s[1] == "ios" {
            return try deepLink(appID: s[2], request)
        }
        return error(404, "not_found", "No route for \(request.method) \(request.path)")
    }

    // MARK: Clicks

    private func click(template: String, id: String, _ request: StandInRequest) -> HTTPResponse {
        guard template == Self.template, !flaws.contains(.linksUnknown), Self.links.contains(where: { $0.id == id })
        else {
            return StandInReply.html(
                404, "<!doctype html><html><head><title>Not found</title></head><body>Link not found</body></html>\n")
        }
        let agent = request.header("User-Agent")
        let traits = BrowserTraits(userAgent: agent, acceptLanguage: request.header("Accept-Language"))
        let store = "https://apps.apple.com/app/" + Self.appID
        let clicked = request.page
        _ = ledger.record(
            StandInClick(
                address: request.address, userAgent: agent, language: traits.language, link: clicked,
                time: request.time, hops: [clicked], destination: URL(string: store)))
        clicks.withLock {
            $0.append(
                Click(
                    linkId: id, address: request.address, deviceType: traits.deviceType,
                    referrer: request.header("Referer"), time: request.time))
        }
        return StandInReply.redirect(to: store)
    }

    // MARK: S2S

    private func deepLink(appID: String, _ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        guard appID == Self.appID else {
            return error(404, "app_not_found", "No app \(appID) on this account")
        }
        guard let signature = request.query["af_sig"], !signature.isEmpty else {
            return error(400, "missing_af_sig", "af_sig is required")
        }
        let body = try request.body(Self.required.map { StandInField.string($0, required: true) }, closed: false) {
            message, problems in
            error(400, problems.isEmpty ? "invalid_body" : "invalid_field", problems.first?.message ?? message)
        }
        let field = { (name: String) in body[name] as? String ?? "" }
        guard ["true", "false"].contains(field("is_first")) else {
            return error(400, "invalid_field", "is_first must be \"true\" or \"false\"")
        }
        guard StandInTime.appsFlyerDate(field("timestamp")) != nil else {
            return error(400, "invalid_field", "timestamp must be ISO 8601 UTC such as 2015-01-22T08:45:33.412")
        }
        guard Self.isIPv4(field("ip")) else { return error(400, "invalid_field", "ip must be an IPv4 address") }
        let expected = AppsFlyerStandInSigner.signature(
            timestamp: field("timestamp"), ip: field("ip"), devKey: Self.devKey)
        guard let expected, signature.lowercased() == expected else {
            return error(401, "invalid_signature", "af_sig is not timestamp + ip signed with the app's DevKey")
        }
        guard field("is_first") == "true" else { return Self.notFound }
        let requestId = body["request_id"] as? String
        let type = Self.deviceType(of: field("type"))
        let now = request.time
        let found = clicks.withLock { clicks -> Click? in
            // The S2S request names the device's address itself: with a click waiting, the user's own iPhone
            // clicked the second link from that address a minute before the first launch it ever asked about.
            if options.contains(.clickWaiting), !clicks.contains(where: { $0.address == field("ip") }) {
                clicks.append(
                    Click(
                        linkId: Self.links[1].id, address: field("ip"), deviceType: "ios", referrer: nil,
                        time: now.addingTimeInterval(-60)))
            }
            guard
                let index = clicks.lastIndex(where: { click in
                    click.address == field("ip") && click.deviceType == type
                        && now.timeIntervalSince(click.time) < Self.clickWindow
                        && (click.takenBy == nil || (requestId != nil && click.takenBy == requestId))
                })
            else { return nil }
            clicks[index].takenBy = requestId ?? UUID().uuidString
            return clicks[index]
        }
        guard let found, let link = Self.links.first(where: { $0.id == found.linkId }) else { return Self.notFound }
        var params = ["deep_link_value": link.deepLinkValue]
        params["deep_link_sub1"] = link.deepLinkSub1
        var event: [String: Any] = [
            "timestamp": StandInTime.appsFlyer(found.time), "custom_params": params, "campaign_id": link.campaignId,
            "match_type": "probabilistic", "media_source": link.mediaSource, "campaign": link.campaign,
            "click_http_referrer": found.referrer ?? NSNull(),
        ]
        for number in 1...5 {
            event["af_sub\(number)"] = number <= link.subs.count ? link.subs[number - 1] : NSNull()
        }
        return StandInReply.json(200, ["found": true, "click_event": event])
    }

    private static let notFound = StandInReply.json(200, ["found": false, "click_event": [String: Any]()])

    /// The device type of a model (`iPhone16,1` → `iPhone`): its leading letters.
    static func deviceType(of model: String) -> String {
        String(model.prefix { $0.isLetter })
    }

    /// Whether `text` is a dotted IPv4 address.
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
            }
    }

    /// `{code, message}`.
    private func error(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        StandInReply.json(status, ["code": code, "message": message])
    }
}
