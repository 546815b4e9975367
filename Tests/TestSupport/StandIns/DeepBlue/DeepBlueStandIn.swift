import Foundation
internal import OptoLinkHTTP

/// The Deep Blue Links stand-in (seed 004): an app's deployment, written from the iOS guide alone.
///
/// - `GET /s/<code>`: the preview page, whose meta refresh leads on to `/s/<code>/continue`.
/// - `GET /s/<code>/continue`: records the click (address, `User-Agent`, `Accept-Language`; its hops
///   include the preview when the same address saw it in the last 10 minutes) and offers "Open the App"
///   (`acmestore://<path>`) and "Get the App" (the App Store, also a meta refresh after 3 s).
/// - `POST /api/links/resolve {url}`: `{id, longUrl, shortUrl, isSandbox}`; 404 for a URL that is no
///   short link.
/// - `POST /api/links/check-deferred {timezone, device?{screenWidth, screenHeight, language}}`: the
///   stand-in's rule: the newest unclaimed click from the same address in the last hour, of the same
///   primary language when both are known; 200 with the link (claimed: one install only), else 404.
/// - `Api-Key` on the API: 401 missing or unknown, 403 for a revoked key. Errors: `{status, message}`.
final class DeepBlueStandIn: StandInBackend {
    private struct Click {
        var code: String
        var address: String
        var language: String?
        var time: Date
        var claimed = false
    }

    private struct Preview {
        var code: String
        var address: String
        var time: Date
        var url: URL
    }

    private struct State {
        var clicks: [Click] = []
        var previews: [Preview] = []
    }

    static let liveKey = "dbl_live_7c3f0a9e25b4d1"
    static let revokedKey = "dbl_live_revoked_4a6c2e8f1b"
    static let scheme = "acmestore"
    static let appStoreURL = "https://apps.apple.com/app/id6461184520"
    /// How long a click can be found by check-deferred.
    static let deferredWindow: TimeInterval = 3600
    /// How long a preview visit counts as the way to its continue page.
    static let previewWindow: TimeInterval = 600
    static let links = [
        DeepBlueStandInLink(code: "fall24", id: 4101, longUrl: "https://store.acme.test/catalog/fall?src=dbl"),
        DeepBlueStandInLink(code: "gift", id: 4102, longUrl: "https://store.acme.test/gifts/card?amount=25"),
    ]

    let profile = StandInProfile(
        apiKey: DeepBlueStandIn.liveKey, wrongKindKey: DeepBlueStandIn.revokedKey, teamID: "D33PBLUE01",
        bundleID: "test.deepblue.store", mainLinkPath: "/s/fall24", mainPath: "/catalog/fall",
        coldStartLinkPath: "/s/gift", coldStartPath: "/gifts/card")
    var association: AssociationFile {
        AssociationFile(teamID: profile.teamID, bundleID: profile.bundleID, linkPattern: "/s/*", form: .components)
    }

    private let flaws: StandInFlaws
    private let ledger: StandInLedger
    private let state = Locked(State())

    init(flaws: StandInFlaws, ledger: StandInLedger) {
        self.flaws = flaws
        self.ledger = ledger
    }

    func route(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let s = request.segments
        switch request.method {
        case "GET" where s.count == 2 && s[0] == "s":
            return preview(code: s[1], request)
        case "GET" where s.count == 3 && s[0] == "s" && s[2] == "continue":
            return continuePage(code: s[1], request)
        case "POST" where s == ["api", "links", "resolve"]:
            try authorize(request)
            return try resolve(request)
        case "POST" where s == ["api", "links", "check-deferred"]:
            try authorize(request)
            return try checkDeferred(request)
        default:
            return error(404, "Not found")
        }
    }

    /// The link behind `code`, unless the deployment's links are unknown.
    private func link(_ code: String) -> DeepBlueStandInLink? {
        flaws.contains(.linksUnknown) ? nil : Self.links.first { $0.code == code }
    }

    // MARK: Pages

    private func preview(code: String, _ request: StandInRequest) -> HTTPResponse {
        guard let link = link(code) else { return Self.missingPage }
        if let url = request.url {
            state.withLock {
                $0.previews.append(Preview(code: code, address: request.address, time: request.time, url: url))
            }
        }
        let next = StandInReply.escaped("/s/\(link.code)/continue")
        return StandInReply.html(
            200,
            """
            <!doctype html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>Acme Store &middot; Deep Blue Links</title>
            <meta property="og:title" content="Acme Store">
            <meta property="og:url" content="\(StandInReply.escaped(link.longUrl))">
            <meta http-equiv="refresh" content="0;url=\(next)">
            </head>
            <body class="dbl-preview"><p>Loading&hellip;</p></body>
            </html>

            """)
    }

    private func continuePage(code: String, _ request: StandInRequest) -> HTTPResponse {
        guard let link = link(code) else { return Self.missingPage }
        let here = request.page
        let language = BrowserTraits.language(request.header("Accept-Language"))
        let viaPreview = state.withLock { s -> URL? in
            s.clicks.append(Click(code: code, address: request.address, language: language, time: request.time))
            return s.previews.last { preview in
                preview.code == code && preview.address == request.address
                    && request.time.timeIntervalSince(preview.time) < Self.previewWindow
            }?.url
        }
        _ = ledger.record(
            StandInClick(
                address: request.address, userAgent: request.header("User-Agent"), language: language,
                link: request.url("/s/\(code)") ?? here, time: request.time,
                hops: (viaPreview.map { [$0] } ?? []) + [here],
                destination: URL(string: Self.appStoreURL)))
        let open = StandInReply.escaped(link.appURL(scheme: Self.scheme))
        let store = StandInReply.escaped(Self.appStoreURL)
        return StandInReply.html(
            200,
            """
            <!doctype html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Acme Store</title>
            <meta http-equiv="refresh" content="3;url=\(store)">
            </head>
            <body class="dbl-continue">
            <a class="button primary" href="\(open)">Open the App</a>
            <a class="button" href="\(store)">Get the App</a>
            </body>
            </html>

            """)
    }

    private static let missingPage = StandInReply.html(
        404, "<!doctype html><html><head><title>Link not found</title></head><body>No such link.</body></html>\n")

    // MARK: API

    private func resolve(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(request, [StandInField("url", .string(min: 1, max: 4096), required: true)])
        guard let components = URLComponents(string: body["url"] as? String ?? ""),
            case let segments = components.path.split(separator: "/"), segments.count == 2, segments[0] == "s",
            let link = link(String(segments[1]))
        else { return error(404, "Not a short link") }
        if flaws.contains(.lookupAnswersHTML) { return StandInFlaws.lookupPage }
        return StandInReply.json(200, answer(link, request))
    }

    private static let deviceFields = [
        StandInField("screenWidth", .number), StandInField("screenHeight", .number),
        StandInField("language", .string(min: 0, max: 64)),
    ]

    private func checkDeferred(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(
            request,
            [StandInField("timezone", .string(min: 1, max: 64), required: true), StandInField("device", .object)])
        let device = body["device"] as? [String: Any] ?? [:]
        if let problem = StandInField.problems(in: device, Self.deviceFields, closed: false).first {
            return error(400, "device." + problem.message)
        }
        let language = (device["language"] as? String).flatMap { $0.isEmpty ? nil : BrowserTraits.primaryLanguage($0) }
        let found = state.withLock { s -> String? in
            guard
                let index = s.clicks.lastIndex(where: { click in
                    !click.claimed && click.address == request.address
                        && request.time.timeIntervalSince(click.time) < Self.deferredWindow
                        && (language == nil || click.language == nil
                            || click.language.map(BrowserTraits.primaryLanguage) == language)
                })
            else { return nil }
            s.clicks[index].claimed = true
            return s.clicks[index].code
        }
        guard let code = found, let link = link(code) else { return error(404, "No deferred link") }
        return StandInReply.json(200, answer(link, request))
    }

    /// `{id, longUrl, shortUrl, isSandbox}`.
    private func answer(_ link: DeepBlueStandInLink, _ request: StandInRequest) -> [String: Any] {
        ["id": link.id, "longUrl": link.longUrl, "shortUrl": request.origin + "/s/" + link.code, "isSandbox": false]
    }

    // MARK: Support

    /// The body checked against `fields` (unknown members ignored); its first problem in a 400.
    private func body(_ request: StandInRequest, _ fields: [StandInField]) throws(StandInRefusal) -> [String: Any] {
        try request.body(fields, closed: false) { message, problems in error(400, problems.first?.message ?? message) }
    }

    /// Passes the live key; refuses the revoked key (403) and anything else (401).
    private func authorize(_ request: StandInRequest) throws(StandInRefusal) {
        switch request.header("Api-Key")?.trimmingCharacters(in: .whitespaces) {
        case Self.liveKey?: return
        case Self.revokedKey?: throw StandInRefusal(error(403, "This API key has been revoked"))
        default: throw StandInRefusal(error(401, "Invalid API key"))
        }
    }

    /// `{status, message}`.
    private func error(_ status: Int, _ message: String) -> HTTPResponse {
        StandInReply.json(status, ["status": status, "message": message])
    }
}
