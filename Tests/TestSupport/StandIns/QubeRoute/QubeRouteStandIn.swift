import Foundation
internal import OptoLinkHTTP

/// The QubeRoute stand-in (seed 001): a project's deployment, written from the public page alone.
///
/// - `GET /go/<alias>`: records the click (address, `User-Agent`, language) and answers 302 to the
///   landing page `/landing/<alias>?click=<n>`, whose meta refresh sends the phone to the App Store
///   (`itms-apps://`).
/// - `POST /api/v1/sdk/resolve {url, installToken?}` (`installToken` required with
///   ``StandInOptions/installTokenEverywhere``): the link behind a short link (confidence 1,
///   reason `direct`); `{link: null, reason: "not_a_link"}` for any other URL.
/// - `POST /api/v1/sdk/match {installToken, referrer?}`: once per install token (a second ask answers
///   `link: null`, `reason: "already_attributed"`). The stand-in's rule: a `referrer` naming a click
///   (`click=<n>`) matches it exactly (confidence 1, `install_referrer`); else the newest unclaimed click
///   from the same address in the last 2 hours, confidence 0.8 when the request's `Accept-Language`
///   has the click's language (`same_network_and_language`), else 0.6 (`same_network`). A click is
///   claimed by one install only.
/// - `POST /api/v1/sdk/events {installToken, events: [...]}`: at most 100 per batch; `eventId` and `name`
///   required, a value needs a three-letter currency (and a currency a value): a bad event refuses the
///   batch (400). An `eventId` seen before is refused, not counted again: `{accepted, duplicates}`.
/// - `Authorization: Bearer qr_live_…` on every API call: 401 for a missing or unknown key, 403 for the
///   project's secret key `qr_sk_…`. Errors: `{"error": {"type", "code", "message", "param"?}}`.
final class QubeRouteStandIn: StandInBackend {
    private struct Click {
        var number: Int
        var alias: String
        var address: String
        var language: String?
        var time: Date
        var claimed = false
        var ledgerIndex: Int
    }

    private struct Install {
        var installId: String
        var askedMatch = false
        /// The alias the install is attributed to.
        var attribution: String?
    }

    private struct State {
        var clicks: [Click] = []
        var installs: [String: Install] = [:]
        var eventIds: Set<String> = []
        var nextInstall = 1
    }

    static let publishableKey = "qr_live_standin_5b2e8c91f0a4d7"
    static let secretKey = "qr_sk_standin_9e4a1c7b3d60f2"
    static let appStorePage = "itms-apps://apps.apple.com/app/id6479904213"
    static let appStoreWeb = "https://apps.apple.com/app/id6479904213"
    /// How long a click can be matched.
    static let clickWindow: TimeInterval = 2 * 3600
    /// Events per batch at most.
    static let maxBatch = 100
    static let links = [
        QubeRouteStandInLink(
            alias: "harvest-box", url: "https://pantry.example.test/boxes/harvest?size=large",
            data: ["box": "harvest", "size": "large"], campaign: "autumn-boxes", channel: "sms",
            feature: "marketing"),
        QubeRouteStandInLink(
            alias: "refer-a-friend", url: "https://pantry.example.test/invite/friend",
            data: ["referrer": "ada"], campaign: "referrals", channel: "share", feature: "referral"),
    ]

    let profile = StandInProfile(
        apiKey: QubeRouteStandIn.publishableKey, wrongKindKey: QubeRouteStandIn.secretKey, teamID: "Q8UBE4TEAM",
        bundleID: "test.quberoute.pantry", mainLinkPath: "/go/harvest-box", mainPath: "/boxes/harvest",
        coldStartLinkPath: "/go/refer-a-friend", coldStartPath: "/invite/friend")
    var association: AssociationFile {
        AssociationFile(teamID: profile.teamID, bundleID: profile.bundleID, linkPattern: "/go/*", form: .paths)
    }

    private let flaws: StandInFlaws
    private let options: StandInOptions
    private let ledger: StandInLedger
    private let state = Locked(State())

    init(flaws: StandInFlaws, options: StandInOptions, ledger: StandInLedger) {
        self.flaws = flaws
        self.options = options
        self.ledger = ledger
    }

    func route(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let segments = request.segments
        switch (request.method, segments) {
        case ("GET", let s) where s.count == 2 && s[0] == "go":
            return click(alias: s[1], request)
        case ("GET", let s) where s.count == 2 && s[0] == "landing":
            return landing(alias: s[1], request)
        case ("POST", let s) where s.count == 4 && s[0...2] == ["api", "v1", "sdk"]:
            guard ["resolve", "match", "events"].contains(s[3]) else { break }
            try authorize(request)
            switch s[3] {
            case "resolve": return try resolve(request)
            case "match": return try match(request)
            default: return try events(request)
            }
        default:
            break
        }
        return error(404, type: "invalid_request", code: "not_found", "No route for \(request.method) \(request.path)")
    }

    /// The link behind `alias`, unless the deployment's links are unknown.
    private func link(_ alias: String) -> QubeRouteStandInLink? {
        flaws.contains(.linksUnknown) ? nil : Self.links.first { $0.alias == alias }
    }

    // MARK: Pages

    private func click(alias: String, _ request: StandInRequest) -> HTTPResponse {
        guard link(alias) != nil else { return Self.missingPage }
        let traits = BrowserTraits(userAgent: nil, acceptLanguage: request.header("Accept-Language"))
        let clicked = request.page
        let index = ledger.record(
            StandInClick(
                address: request.address, userAgent: request.header("User-Agent"), language: traits.language,
                link: clicked, time: request.time, hops: [clicked], destination: nil))
        let number = state.withLock { s in
            s.clicks.append(
                Click(
                    number: s.clicks.count + 1, alias: alias, address: request.address, language: traits.language,
                    time: request.time, ledgerIndex: index))
            return s.clicks.count
        }
        return StandInReply.redirect(to: request.origin + "/landing/\(alias)?click=\(number)")
    }

    private func landing(alias: String, _ request: StandInRequest) -> HTTPResponse {
        guard link(alias) != nil else { return Self.missingPage }
        let index = request.query["click"].flatMap(Int.init).flatMap { number in
            state.withLock { s in s.clicks.first { $0.number == number && $0.alias == alias }?.ledgerIndex }
        }
        if let index, let landed = request.url {
            ledger.updateClick(index) { click in
                click.hops.append(landed)
                click.destination = URL(string: Self.appStorePage)
            }
        }
        return StandInReply.html(
            200,
            """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width">
            <title>Harvest Pantry</title>
            <meta http-equiv="refresh" content="0; url=\(Self.appStorePage)">
            </head>
            <body>
            <div id="qr-landing">
            <p>Harvest Pantry is on the App Store.</p>
            <a class="store-badge" href="\(Self.appStoreWeb)">Download</a>
            </div>
            </body>
            </html>

            """)
    }

    private static let missingPage = StandInReply.html(
        404, "<!DOCTYPE html><html><head><title>Not found</title></head><body><p>No such link.</p></body></html>\n")

    // MARK: API

    private func resolve(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(
            request,
            [
                StandInField("url", .string(min: 1, max: 4096), required: true),
                install(required: options.contains(.installTokenEverywhere)),
            ])
        let token = body["installToken"] as? String
        guard let components = URLComponents(string: body["url"] as? String ?? ""),
            case let segments = components.path.split(separator: "/"), segments.count == 2, segments[0] == "go",
            let link = link(String(segments[1]))
        else {
            return StandInReply.json(
                200, ["link": NSNull(), "confidence": 0, "reason": "not_a_link", "attributed": false])
        }
        if flaws.contains(.lookupAnswersHTML) { return StandInFlaws.lookupPage }
        if flaws.contains(.lookupRateLimited) { return StandInFlaws.rateLimited }
        var answer: [String: Any] = ["link": link.json, "confidence": 1, "reason": "direct"]
        if let token {
            let install = state.withLock { s in
                var install = Self.install(token, in: &s)
                if install.attribution == nil { install.attribution = link.alias }
                s.installs[token] = install
                return install
            }
            answer["attributed"] = true
            answer["installId"] = install.installId
        } else {
            answer["attributed"] = false
        }
        return StandInReply.json(200, answer)
    }

    private func match(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(
            request, [install(required: true), StandInField("referrer", .string(min: 0, max: 1024))])
        let token = body["installToken"] as? String ?? ""
        let referred = (body["referrer"] as? String).flatMap { text in
            URLComponents(string: "?" + text)?.queryItems?.first { $0.name == "click" }?.value.flatMap(Int.init)
        }
        let asked = BrowserTraits.language(request.header("Accept-Language")).map(BrowserTraits.primaryLanguage)
        let now = request.time
        let (install, found, confidence, reason) = state.withLock {
            s -> (Install, QubeRouteStandInLink?, Double, String) in
            var install = Self.install(token, in: &s)
            defer { s.installs[token] = install }
            guard !install.askedMatch else { return (install, nil, 0, "already_attributed") }
            install.askedMatch = true
            let live = s.clicks.indices.filter { index in
                !s.clicks[index].claimed && now.timeIntervalSince(s.clicks[index].time) < Self.clickWindow
            }
            let pick: (index: Int, confidence: Double, reason: String)?
            if let referred, let index = live.first(where: { s.clicks[$0].number == referred }) {
                pick = (index, 1, "install_referrer")
            } else if let index = live.last(where: { s.clicks[$0].address == request.address }) {
                let sameLanguage = asked != nil && asked == s.clicks[index].language.map(BrowserTraits.primaryLanguage)
                pick =
                    sameLanguage ? (index, 0.8, "same_network_and_language") : (index, 0.6, "same_network")
            } else {
                pick = nil
            }
            guard let pick, let link = link(s.clicks[pick.index].alias) else {
                return (install, nil, 0, "no_recent_click")
            }
            s.clicks[pick.index].claimed = true
            install.attribution = install.attribution ?? link.alias
            return (install, link, pick.confidence, pick.reason)
        }
        // (A match without a link answers 404, or 409 when already attributed, under noMatchAnswered4xx.)
        let status =
            found != nil || !options.contains(.noMatchAnswered4xx) ? 200 : reason == "already_attributed" ? 409 : 404
        return StandInReply.json(
            status,
            [
                "link": found?.json ?? NSNull(), "confidence": confidence, "reason": reason,
                "attributed": install.attribution != nil, "installId": install.installId,
            ])
    }

    private static let eventFields = [
        StandInField("eventId", .string(min: 1, max: 128), required: true),
        StandInField("name", .string(min: 1, max: 100), required: true),
        StandInField("valueMinor", .integer), StandInField("currency", .string(min: 0, max: 16)),
        StandInField("properties", .object), StandInField.string("clientTimestamp"),
    ]

    private func events(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(request, [install(required: true), StandInField("events", .array, required: true)])
        let token = body["installToken"] as? String ?? ""
        let batch = body["events"] as? [Any] ?? []
        guard batch.count <= Self.maxBatch else {
            return error(
                400, type: "invalid_request", code: "batch_too_large", "At most \(Self.maxBatch) events per request",
                param: "events")
        }
        var events: [(id: String, name: String)] = []
        for (position, item) in batch.enumerated() {
            let param = "events[\(position)]"
            guard let event = item as? [String: Any] else {
                return error(
                    400, type: "invalid_request", code: "invalid_event", "\(param) must be an object", param: param)
            }
            if let problem = StandInField.problems(in: event, Self.eventFields, closed: false).first {
                return error(
                    400, type: "invalid_request", code: "invalid_event", problem.message,
                    param: param + "." + problem.field)
            }
            let currency = event["currency"] as? String
            switch (event["valueMinor"].flatMap(StandInField.number), currency) {
            case (.some, nil):
                return error(
                    400, type: "invalid_request", code: "currency_required", "A value always requires a currency",
                    param: param + ".currency")
            case (nil, .some):
                return error(
                    400, type: "invalid_request", code: "value_required", "A currency without a value",
                    param: param + ".valueMinor")
            case (.some, .some(let code))
            where code.utf8.count != 3 || !code.utf8.allSatisfy({ (65...90).contains($0) }):
                return error(
                    400, type: "invalid_request", code: "invalid_currency",
                    "currency must be an ISO 4217 code such as GBP", param: param + ".currency")
            default:
                break
            }
            events.append((event["eventId"] as? String ?? "", event["name"] as? String ?? ""))
        }
        let accepted = state.withLock { s in
            _ = Self.install(token, in: &s)
            return events.filter { s.eventIds.insert($0.id).inserted }
        }
        for event in accepted {
            ledger.record(StandInEvent(name: event.name, install: token, eventId: event.id, time: request.time))
        }
        let acceptedIds = Set(accepted.map(\.id))
        if options.contains(.eventsAccepted202) { return HTTPResponse(status: 202, headers: [], body: []) }
        return StandInReply.json(
            200,
            [
                "accepted": accepted.count,
                "duplicates": events.map(\.id).filter { !acceptedIds.contains($0) },
            ])
    }

    // MARK: Support

    /// `installToken`, required or not.
    private func install(required: Bool) -> StandInField {
        StandInField("installToken", .string(min: 1, max: 128), required: required)
    }

    /// The install of `token`, made (and stored) on first sight.
    private static func install(_ token: String, in state: inout State) -> Install {
        if let install = state.installs[token] { return install }
        let install = Install(installId: "inst_\(state.nextInstall)")
        state.nextInstall += 1
        state.installs[token] = install
        return install
    }

    /// The body checked against `fields` (unknown members ignored); its first problem in a 400.
    private func body(_ request: StandInRequest, _ fields: [StandInField]) throws(StandInRefusal) -> [String: Any] {
        try request.body(fields, closed: false) { message, problems in
            error(
                400, type: "invalid_request", code: "invalid_body", problems.first?.message ?? message,
                param: problems.first?.field)
        }
    }

    /// Passes the publishable key; refuses the secret key (403) and anything else (401).
    private func authorize(_ request: StandInRequest) throws(StandInRefusal) {
        switch request.bearerToken {
        case Self.publishableKey?:
            return
        case Self.secretKey?:
            throw StandInRefusal(
                error(
                    403, type: "permission_error", code: "secret_key_refused",
                    "Secret keys (qr_sk_) are refused here: ship a publishable key (qr_live_ or qr_test_)"))
        case nil:
            throw StandInRefusal(
                error(401, type: "authentication_error", code: "missing_key", "Authorization: Bearer <key> required"))
        default:
            throw StandInRefusal(error(401, type: "authentication_error", code: "invalid_key", "Unknown API key"))
        }
    }

    /// `{"error": {type, code, message, param?}}`.
    private func error(_ status: Int, type: String, code: String, _ message: String, param: String? = nil)
        -> HTTPResponse
    {
        var body: [String: Any] = ["type": type, "code": code, "message": message]
        if let param { body["param"] = param }
        return StandInReply.json(status, ["error": body])
    }
}
