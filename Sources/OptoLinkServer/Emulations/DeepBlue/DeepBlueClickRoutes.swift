import Foundation
import OptoLinkHTTP

/// Deep Blue Links' click URL on this server and its `/dev` tool.
///
/// - `GET /dbl/<code>`: the short link's preview page. A real one gathers the time zone and the screen in
///   pixels with JavaScript; here the page's script reloads the same URL with them as query parameters
///   (`?timezone=Europe/Berlin&screenWidth=1179&screenHeight=2556&language=en-US`), and that request records
///   the click (with the address, and platform / OS version from the User-Agent, language from
///   Accept-Language when the script sent none) and shows the preview: "Open the App"
///   (`<scheme>://<path>?<query>` of the long URL) and "Get the App". `?js=0` (where the `<noscript>` part
///   sends a browser without JavaScript: a meta refresh, and a link) records the click without them. A request
///   with none of these parameters records nothing.
/// - `POST /dev/deepblue/click`: a click with explicit fields, as `/dev/deferred/simulate` makes one.
enum DeepBlueClickRoutes {
    static let clickValidator = BodyValidator(fields: [
        .init(name: "code", kind: .string(min: 1, max: 64), required: true),
        .init(name: "timezone", kind: .string(min: 0, max: 64), required: false),
        .init(name: "screenWidth", kind: .number(1...100_000), required: false),
        .init(name: "screenHeight", kind: .number(1...100_000), required: false),
        .init(name: "language", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "platform", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "ageSeconds", kind: .number(0...31_536_000), required: false),
    ])

    /// The query parameters the page's script sends.
    static let gathered = ["timezone", "screenWidth", "screenHeight", "language"]

    /// `GET /dbl/:code`.
    static func click(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.deepblue
        let code = context.params["code"] ?? ""
        guard let link = emulation.links[code], let app = emulation.apps[link.app] else {
            throw OptoLinkServerError.notFound("Not found.")
        }
        let query = request.query
        guard gathered.contains(where: { query[$0] != nil }) || query["js"] == "0" else {
            return .html(gatheringPage(app: app, code: code))
        }
        var problems = [OptoLinkServerError.Detail]()
        func number(_ name: String) -> Double? {
            guard let text = query[name], !text.isEmpty else { return nil }
            // Decimal digits with an optional fraction only: `Double` would also read `0x10`, `1e3` or `inf`.
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let decimal =
                parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
            guard decimal, let value = Double(text), value.isFinite, (1...100_000).contains(value) else {
                problems.append(.init(message: "\(name) must be a number of pixels between 1 and 100000", field: name))
                return nil
            }
            return value
        }
        let width = number("screenWidth")
        let height = number("screenHeight")
        let timezone = query["timezone"].flatMap { $0.isEmpty ? nil : $0 }
        if let timezone, !DeepBlueEmulation.isTimeZoneIdentifier(timezone) {
            problems.append(
                .init(message: "timezone must be an IANA time zone such as Europe/Berlin", field: "timezone"))
        }
        let language = query["language"].flatMap { $0.isEmpty ? nil : $0 }
        if let language, language.utf8.count > 35 {
            problems.append(.init(message: "language must be at most 35 characters", field: "language"))
        }
        guard problems.isEmpty else { throw OptoLinkServerError.validation(problems) }

        let fingerprint = DeepBlueEmulation.fingerprint(
            headers: EmulatedClickStore.headerFingerprint(request), timezone: timezone,
            screen: width.flatMap { width in height.map { (width, $0) } }, language: language)
        _ = emulation.recordClick(
            on: link, ipHash: backend.ipHash(context.ip), fingerprint: fingerprint, at: context.now, now: context.now)
        return .html(previewPage(app: app, link: link))
    }

    /// The page whose script gathers the time zone, the screen in pixels and the language, then reloads.
    static func gatheringPage(app: DeepBlueEmulation.App, code: String) -> String {
        EmulatedClickPage.html(
            title: app.name,
            body: """
                <h1>Opening \(EmulatedClickPage.escape(app.name))…</h1>
                <noscript><meta http-equiv="refresh" content="0;url=?js=0">\
                <p><a id="continue" href="?js=0">Continue</a></p></noscript>
                """,
            script: """
                var ratio = window.devicePixelRatio || 1;
                var zone = (window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone) || "";
                var query = "timezone=" + encodeURIComponent(zone)
                  + "&screenWidth=" + Math.round(screen.width * ratio) \
                + "&screenHeight=" + Math.round(screen.height * ratio)
                  + "&language=" + encodeURIComponent(navigator.language || "");
                window.location.replace(window.location.pathname + "?" + query);
                """)
    }

    /// The preview: the long URL, "Open the App" with the app's scheme, "Get the App".
    static func previewPage(app: DeepBlueEmulation.App, link: DeepBlueEmulation.Link) -> String {
        let open = app.urlScheme.flatMap { link.schemeURL(scheme: $0) }
        var buttons = [String]()
        if let open { buttons.append("<a id=\"open\" href=\"\(EmulatedClickPage.escape(open))\">Open the App</a>") }
        if let store = app.appStoreUrl {
            buttons.append("<a id=\"store\" href=\"\(EmulatedClickPage.escape(store))\">Get the App</a>")
        }
        return EmulatedClickPage.html(
            title: app.name,
            body: """
                <h1>\(EmulatedClickPage.escape(app.name))</h1>
                <p><code>\(EmulatedClickPage.escape(link.longUrl))</code></p>
                <p>\(buttons.joined(separator: " "))</p>
                """)
    }

    /// `POST /dev/deepblue/click` → `{token, linkId, recordedAt, expiresAt}`: a click from the caller's address
    /// with these fields (the screen as the engine's `screen:<short>x<long>` model), `ageSeconds` ago.
    static func devClick(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try clickValidator.validate(request.body)
        let code = body.string("code")!
        guard let link = backend.emulations.deepblue.links[code] else {
            throw OptoLinkServerError.notFound("No Deep Blue link \(code)")
        }
        func field(_ name: String) -> String? { body.string(name).flatMap { $0.isEmpty ? nil : $0 } }
        let fingerprint = ClickFingerprint(
            platform: field("platform"), osVersion: field("osVersion"),
            deviceModel: DeepBlueEmulation.screenModel(
                width: body["screenWidth"]?.numberValue,
                height: body["screenHeight"]?.numberValue),
            language: field("language"), timezone: field("timezone"))
        let recordedAt = context.now.addingTimeInterval(-(body["ageSeconds"]?.numberValue ?? 0))
        guard
            let record = backend.emulations.deepblue.recordClick(
                on: link, ipHash: backend.ipHash(context.ip), fingerprint: fingerprint,
                at: recordedAt, now: context.now)
        else {
            throw OptoLinkServerError(status: 500, message: "no click records for \(link.app)")
        }
        return .json([
            "token": .string(record.token), "linkId": .string(link.linkId),
            "recordedAt": .string(ISOTime.string(record.recordedAt)),
            "expiresAt": .string(ISOTime.string(record.expiresAt)),
        ])
    }
}
