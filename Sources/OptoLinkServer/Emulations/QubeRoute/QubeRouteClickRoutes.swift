import Foundation
import OptoLinkHTTP

/// QubeRoute's click URL on this server and its `/dev` tools.
///
/// - `GET /qr/<alias>` (live) and `GET /qr/test/<alias>` (test): a browser's click. Records the address,
///   platform and OS version (User-Agent) and language (Accept-Language) for the environment's matching,
///   and answers a page that continues to the project's App Store URL, or on Android to Google Play with
///   the click's token as `referrer` (what `match`'s `referrer` carries back for an exact match).
/// - `POST /dev/quberoute/click`: a click with explicit fields, as `/dev/deferred/simulate` makes one.
/// - `GET /dev/quberoute/installs?installToken=`: the installs with that token, their attribution and events.
enum QubeRouteClickRoutes {
    static let clickValidator = BodyValidator(fields: [
        .init(name: "alias", kind: .string(min: 1, max: 64), required: true),
        .init(name: "environment", kind: .string(min: 1, max: 10), required: false),
        .init(name: "platform", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "osVersion", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "deviceModel", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "language", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "timezone", kind: .string(min: 0, max: BodyValidator.freeTextMax), required: false),
        .init(name: "ageSeconds", kind: .number(0...31_536_000), required: false),
    ])

    /// `GET /qr/:alias`.
    static func liveClick(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        try click(backend, request, context, environment: "live")
    }

    /// `GET /qr/test/:alias`.
    static func testClick(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        try click(backend, request, context, environment: "test")
    }

    private static func click(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext, environment: String)
        throws -> HTTPResponse
    {
        let emulation = backend.emulations.quberoute
        let alias = context.params["alias"] ?? ""
        guard let link = emulation.links["qr:\(environment)/\(alias)"], let project = emulation.projects[link.project]
        else {
            throw OptoLinkServerError.notFound("No \(environment) link \(alias)")
        }
        let fingerprint = EmulatedClickStore.headerFingerprint(request)
        guard
            let record = emulation.recordClick(
                on: link, ipHash: backend.ipHash(context.ip), fingerprint: fingerprint,
                at: context.now, now: context.now)
        else {
            throw OptoLinkServerError(status: 500, message: "no click records for \(link.project)/\(environment)")
        }
        return .html(page(project: project, link: link, token: record.token, platform: fingerprint.platform))
    }

    /// Where the page continues: the App Store URL on iOS; Google Play with the token as `referrer` on Android.
    static func continueURL(project: QubeRouteEmulation.Project, token: String, platform: String?) -> String? {
        switch platform {
        case "iOS": project.iosAppStoreUrl
        case "Android":
            project.androidPackage.map {
                "https://play.google.com/store/apps/details?id=\(EmulatedClickPage.queryValue($0))&"
                    + "referrer=\(EmulatedClickPage.queryValue(token))"
            }
        default: nil
        }
    }

    static func page(
        project: QubeRouteEmulation.Project, link: QubeRouteEmulation.Link, token: String, platform: String?
    ) -> String {
        let target = continueURL(project: project, token: token, platform: platform)
        let continueLink =
            target.map { "<a id=\"continue\" href=\"\(EmulatedClickPage.escape($0))\">Get the app</a>" }
            ?? "Open this link on your phone."
        return EmulatedClickPage.html(
            title: project.name,
            body: """
                <h1>Opening \(EmulatedClickPage.escape(project.name))…</h1>
                <p>Link <code>\(EmulatedClickPage.escape(link.alias))</code> \
                (\(EmulatedClickPage.escape(link.environment))): \
                <code>\(EmulatedClickPage.escape(link.url))</code></p>
                <p id="click" data-click-token="\(EmulatedClickPage.escape(token))">\
                \(continueLink)</p>
                """,
            script: target == nil ? "" : "window.location.replace(\(EmulatedClickPage.jsString(target)));")
    }

    /// `POST /dev/quberoute/click` → `{token, linkId, recordedAt, expiresAt}`: a click from the caller's
    /// address with these fields, as if made `ageSeconds` ago; `environment` `live` (default) or `test`.
    static func devClick(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let body = try clickValidator.validate(request.body)
        let environment = body.string("environment") ?? "live"
        guard ["live", "test"].contains(environment) else {
            throw OptoLinkServerError.validation([
                .init(message: "environment must be live or test", field: "environment")
            ])
        }
        let alias = body.string("alias")!
        guard let link = backend.emulations.quberoute.links["qr:\(environment)/\(alias)"] else {
            throw OptoLinkServerError.notFound("No \(environment) QubeRoute link \(alias)")
        }
        func field(_ name: String) -> String? { body.string(name).flatMap { $0.isEmpty ? nil : $0 } }
        let fingerprint = ClickFingerprint(
            platform: field("platform"), osVersion: field("osVersion"), deviceModel: field("deviceModel"),
            language: field("language"), timezone: field("timezone"))
        let recordedAt = context.now.addingTimeInterval(-(body["ageSeconds"]?.numberValue ?? 0))
        guard
            let record = backend.emulations.quberoute.recordClick(
                on: link, ipHash: backend.ipHash(context.ip), fingerprint: fingerprint,
                at: recordedAt, now: context.now)
        else {
            throw OptoLinkServerError(status: 500, message: "no click records for \(link.project)/\(environment)")
        }
        return .json([
            "token": .string(record.token), "linkId": .string(link.linkId),
            "recordedAt": .string(ISOTime.string(record.recordedAt)),
            "expiresAt": .string(ISOTime.string(record.expiresAt)),
        ])
    }

    /// `GET /dev/quberoute/installs?installToken=` → `{installs: [{project, environment, installId, firstSeenAt,
    /// attribution, alias, attributedAt, eventCount, duplicateEvents, events: [...]}]}`.
    static func devInstalls(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse
    {
        guard let token = request.query["installToken"], QubeRouteRoutes.isInstallToken(token) else {
            throw OptoLinkServerError.validation([
                .init(
                    message: "installToken must be 1–128 printable ASCII characters without spaces",
                    field: "installToken")
            ])
        }
        return .json(["installs": .array(try QubeRouteInstalls.installs(backend.store, token: token))])
    }
}
