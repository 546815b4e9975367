import Foundation
import OptoLinkHTTP

/// AppsFlyer's click URL on this server and its `/dev` tool.
///
/// - `GET /af/<app_id>/<link id>[?pid=…&c=…&af_sub1=…&<name>=<value>…]`: a OneLink click. `pid` sets the
///   click's `media_source`, `c` its `campaign`, `af_sub1`–`af_sub5` those, every other parameter is a
///   `custom_params` entry (over the link's own); `Referer` is `click_http_referrer`. Records the address,
///   platform, OS version and device family (User-Agent) and language (Accept-Language), and answers a
///   page that continues to the app's App Store URL.
/// - `POST /dev/appsflyer/click {appId, link, platform?, osVersion?, deviceModel?, language?, ageSeconds?}`:
///   a click with explicit fields, as `/dev/deferred/simulate` makes one.
enum AppsFlyerClickRoutes {
    /// The query parameters that are not `custom_params`.
    static let reservedParams: Set<String> = ["pid", "c", "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5"]
    /// At most this many custom parameters on a click URL.
    static let maxCustomParams = 50

    static let clickValidator = BodyValidator(fields: [
        .init(name: "appId", kind: .string(min: 1, max: 64), required: true),
        .init(name: "link", kind: .string(min: 1, max: 64), required: true),
        .init(name: "platform", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "deviceModel", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "language", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "ageSeconds", kind: .number(0...31_536_000), required: false),
    ])

    /// `GET /af/:app_id/:link`.
    static func click(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let emulation = backend.emulations.appsflyer
        let appId = context.params["app_id"] ?? ""
        let id = context.params["link"] ?? ""
        guard let app = emulation.apps[appId], let link = emulation.link(appId: appId, id: id) else {
            throw OptoLinkServerError.notFound("No OneLink link \(id.prefix(64)) for app \(appId.prefix(64))")
        }
        let overrides = try overrides(query: request.query, referrer: request.header("Referer"))
        let fingerprint = AppsFlyerEmulation.clickFingerprint(
            userAgent: request.header("User-Agent"), acceptLanguage: request.header("Accept-Language"))
        _ = emulation.recordClick(
            on: link, overrides: overrides, ipHash: backend.ipHash(context.ip), fingerprint: fingerprint,
            at: context.now, now: context.now)
        let target = app.appStoreUrl
        let continueLink =
            target.map { "<p><a id=\"continue\" href=\"\(EmulatedClickPage.escape($0))\">Get the App</a></p>" } ?? ""
        return .html(
            EmulatedClickPage.html(
                title: appId,
                body: """
                    <h1>\(EmulatedClickPage.escape(appId))</h1>
                    \(continueLink)
                    """,
                script: target.map { "window.location.replace(\(EmulatedClickPage.jsString($0)));" } ?? ""))
    }

    /// The click URL's query and `Referer` as a click event's changes.
    ///
    /// - Throws: 400 when a value is longer than the seed allows, a name is not 1–64 of `[A-Za-z0-9_-]`,
    ///   or there are more than ``maxCustomParams`` custom parameters.
    static func overrides(query: [String: String], referrer: String?) throws(OptoLinkServerError)
        -> AppsFlyerEmulation.Overrides
    {
        var overrides = AppsFlyerEmulation.Overrides()
        var problems = [OptoLinkServerError.Detail]()
        for (name, value) in query.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
            guard value.utf8.count <= AppsFlyerSeed.maxParamValueLength else {
                problems.append(
                    .init(
                        message: "\(name.prefix(64)): at most \(AppsFlyerSeed.maxParamValueLength) bytes",
                        field: String(name.prefix(64))))
                continue
            }
            switch name {
            case "pid": overrides.mediaSource = value
            case "c": overrides.campaign = value
            case "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5":
                overrides.afSubs[Int(String(name.last!))! - 1] = value
            default:
                guard EmulationSeed.isIdentifier(name, max: AppsFlyerSeed.maxParamNameLength) else {
                    problems.append(.init(message: "a parameter name must be 1–64 of [A-Za-z0-9_-]", field: nil))
                    continue
                }
                overrides.customParams[name] = value
            }
        }
        if overrides.customParams.count > maxCustomParams {
            problems.append(.init(message: "at most \(maxCustomParams) custom parameters", field: nil))
        }
        if let referrer, !referrer.isEmpty {
            if referrer.utf8.count <= 2048 {
                overrides.referrer = referrer
            } else {
                problems.append(.init(message: "Referer: at most 2048 bytes", field: "Referer"))
            }
        }
        guard problems.isEmpty else { throw .validation(problems) }
        return overrides
    }

    /// `POST /dev/appsflyer/click` → `{token, linkId, recordedAt, expiresAt}`.
    static func devClick(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try clickValidator.validate(request.body)
        let appId = body.string("appId")!
        let id = body.string("link")!
        guard let link = backend.emulations.appsflyer.link(appId: appId, id: id) else {
            throw OptoLinkServerError.notFound("No OneLink link \(id) for app \(appId)")
        }
        func field(_ name: String) -> String? { body.string(name).flatMap { $0.isEmpty ? nil : $0 } }
        let fingerprint = ClickFingerprint(
            platform: field("platform"), osVersion: field("osVersion"), deviceModel: field("deviceModel"),
            language: field("language"), timezone: nil)
        let recordedAt = context.now.addingTimeInterval(-(body["ageSeconds"]?.numberValue ?? 0))
        guard
            let record = backend.emulations.appsflyer.recordClick(
                on: link, overrides: .init(), ipHash: backend.ipHash(context.ip),
                fingerprint: fingerprint, at: recordedAt, now: context.now)
        else {
            throw OptoLinkServerError(status: 500, message: "no click records for \(appId)")
        }
        return .json([
            "token": .string(record.token), "linkId": .string(link.linkId),
            "recordedAt": .string(ISOTime.string(record.recordedAt)),
            "expiresAt": .string(ISOTime.string(record.expiresAt)),
        ])
    }
}
