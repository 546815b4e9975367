import Foundation
internal import OptoLinkHTTP

/// The OptoLink stand-in (seed 000): the `acme` org's deployment, written from the contract alone.
///
/// - `GET /acme/<code>`: the redirect page. It records the click (address, platform and OS version from
///   the Safari `User-Agent`, language from `Accept-Language`) with a fresh `opl_` clipboard token that
///   its script writes to the clipboard, then sends the browser to the App Store after a second.
/// - `GET /acme/<code>/data[?deviceId=]`: `{linkId, path, params}` for a direct open.
/// - `POST /match`: the whitelisted body through ``OptoLinkMatchChain``.
/// - `POST /sdk/session`, `/sdk/identity`, `/sdk/identity/clear`, `/sdk/events`: `Authorization: Bearer`
///   with the CLIENT key (401 wrong or missing, 403 for the SERVER key); 404 for a device never seen.
/// - `GET /links` for the SERVER key (403 for the CLIENT key); `GET /health`.
/// - `POST /dev/deferred/simulate` with ``StandInOptions/simulateRoute`` only: a click with every trait
///   (`{orgKey, shortCode, platform?, osVersion?, deviceModel?, language?, timezone?, ageSeconds?}`), dated back
///   by `ageSeconds`, answered `{clipboardToken, expiresAt}`. No other `/dev` route.
/// - Errors: `{message, details?, requestId}` and `X-Request-Id`.
final class OptoLinkStandIn: StandInBackend {
    /// A device the deployment has seen.
    private struct Device {
        var firstSeenAt: Date
        var lastSeenAt: Date
        var externalId: String?
    }

    private struct State {
        var records: [OptoLinkClickRecord] = []
        var devices: [String: Device] = [:]
        var nextRecord = 1
        var nextRequest = 1
        var nextEvent = 1
    }

    static let org = "acme"
    static let clientKey = "opl_sdk_acme_standin_3f9c2b7e41d8a6"
    static let serverKey = "opl_api_acme_standin_8d1e6a05c7f2b9"
    static let appStoreURL = "https://apps.apple.com/app/id6502231457"
    /// The links: `fall` (a 2 h match window) and `intro` (the default 24 h).
    static let links = [
        OptoLinkStandInLink(
            code: "fall", linkId: "lnk_acme_fall", path: "/catalog/fall",
            params: ["collection": "fall-24", "utm_campaign": "fall_launch"], matchWindowHours: 2),
        OptoLinkStandInLink(
            code: "intro", linkId: "lnk_acme_intro", path: "/onboarding/intro", params: ["ref": "standin"]),
    ]
    /// The largest `properties` of an event, serialized.
    static let maxPropertiesBytes = 10_240
    /// Path prefixes that are routes of their own, never an org.
    private static let reserved: Set<String> = ["match", "sdk", "links", "health", "dev", "webhooks", ".well-known"]

    let profile = StandInProfile(
        apiKey: OptoLinkStandIn.clientKey, orgKey: OptoLinkStandIn.org, wrongKindKey: OptoLinkStandIn.serverKey,
        teamID: "A1CME2TEAM", bundleID: "test.acme.outfitters", mainLinkPath: "/acme/fall", mainPath: "/catalog/fall",
        coldStartLinkPath: "/acme/intro", coldStartPath: "/onboarding/intro")
    var association: AssociationFile {
        AssociationFile(
            teamID: profile.teamID, bundleID: profile.bundleID, linkPattern: "/\(Self.org)/*", form: .components)
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
        let first = segments.first ?? ""
        switch (request.method, segments.count) {
        case ("GET", 1) where first == "health":
            return StandInReply.json(200, ["status": "ok"])
        case ("POST", 1) where first == "match":
            return try match(request)
        case ("POST", 3) where options.contains(.simulateRoute) && segments == ["dev", "deferred", "simulate"]:
            return try simulate(request)
        case ("POST", 2) where first == "sdk", ("POST", 3) where first == "sdk":
            return try sdk(Array(segments.dropFirst()), request)
        case ("GET", 1) where first == "links":
            return try listLinks(request)
        case ("GET", 2) where !Self.reserved.contains(first),
            ("GET", 3) where !Self.reserved.contains(first) && segments[2] == "data":
            return link(request)
        default:
            return error(404, "Cannot \(request.method) \(request.path)")
        }
    }

    // MARK: Links

    private func link(_ request: StandInRequest) -> HTTPResponse {
        let segments = request.segments
        let org = segments[0]
        guard org.count == 4, org.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return error(400, "Validation failed", details: [("orgKey", "orgKey must be 4 letters or digits")])
        }
        let known =
            org == Self.org && !flaws.contains(.linksUnknown) ? Self.links.first { $0.code == segments[1] } : nil
        let isData = segments.count == 3
        guard let link = known else {
            if isData { return error(404, "Link not found") }
            return StandInReply.html(
                404,
                "<!doctype html><html><head><title>Link not found</title></head>"
                    + "<body><p>This link does not exist or has expired.</p></body></html>\n")
        }
        if isData {
            if flaws.contains(.lookupAnswersHTML) { return StandInFlaws.lookupPage }
            if flaws.contains(.lookupRateLimited) { return StandInFlaws.rateLimited }
            if let deviceId = request.query["deviceId"], (8...100).contains(deviceId.count) {
                seeDevice(deviceId, at: request.time)
            }
            return StandInReply.json(200, Self.answer(link))
        }
        return redirectPage(link, request)
    }

    /// `{linkId, path, params}`.
    private static func answer(_ link: OptoLinkStandInLink) -> [String: Any] {
        ["linkId": link.linkId, "path": link.path, "params": link.params]
    }

    /// Records the click and answers the page whose script copies its token.
    private func redirectPage(_ link: OptoLinkStandInLink, _ request: StandInRequest) -> HTTPResponse {
        let token = "opl_" + StandInRandom.base64URL(bytes: 16)
        let traits = BrowserTraits(
            userAgent: request.header("User-Agent"), acceptLanguage: request.header("Accept-Language"))
        let clicked = request.page
        let index = ledger.record(
            StandInClick(
                address: request.address, userAgent: request.header("User-Agent"), language: traits.language,
                link: clicked, time: request.time, hops: [clicked], destination: URL(string: Self.appStoreURL)))
        state.withLock { s in
            s.records.append(
                OptoLinkClickRecord(
                    id: s.nextRecord, code: link.code, token: token, address: request.address,
                    platform: traits.platform, osVersion: traits.osVersion, language: traits.language,
                    clickedAt: request.time,
                    expiresAt: request.time.addingTimeInterval(TimeInterval(link.matchWindowHours) * 3600),
                    ledgerIndex: index))
            s.nextRecord += 1
        }
        let store = StandInReply.escaped(Self.appStoreURL)
        return StandInReply.html(
            200,
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Acme Outfitters</title>
            <meta http-equiv="refresh" content="1;url=\(store)">
            </head>
            <body>
            <main class="handoff">
            <h1>Acme Outfitters</h1>
            <p>Taking you to the App Store&hellip;</p>
            <p><a href="\(store)">Get the app</a></p>
            </main>
            <script>
            navigator.clipboard.writeText("\(token)").catch(function () {});
            </script>
            </body>
            </html>

            """)
    }

    // MARK: Match

    private static let matchFields = [
        StandInField("clipboardToken", .string(min: 0, max: 100)),
        StandInField("installReferrer", .string(min: 0, max: 100)),
        StandInField("deviceId", .string(min: 8, max: 100)),
        StandInField.string("platform"), StandInField.string("osVersion"), StandInField.string("deviceModel"),
        StandInField.string("language"), StandInField.string("timezone"),
    ]

    private func match(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(request, Self.matchFields, emptyAllowed: true)
        if let deviceId = body["deviceId"] as? String { seeDevice(deviceId, at: request.time) }
        let query = OptoLinkMatchQuery(
            address: request.address, clipboardToken: body["clipboardToken"] as? String,
            installReferrer: body["installReferrer"] as? String, platform: body["platform"] as? String,
            osVersion: body["osVersion"] as? String, deviceModel: body["deviceModel"] as? String,
            language: body["language"] as? String, timezone: body["timezone"] as? String)
        let decided = state.withLock { s -> (OptoLinkMatchOutcome, OptoLinkClickRecord?) in
            let outcome = OptoLinkMatchChain.decide(query, records: s.records, now: request.time)
            guard case .matched(let id, _, _, _) = outcome, let index = s.records.firstIndex(where: { $0.id == id })
            else { return (outcome, nil) }
            s.records[index] = OptoLinkMatchChain.matched(s.records[index], at: request.time)
            return (outcome, s.records[index])
        }
        guard case (.matched(_, let method, let confidence, let score), let record?) = decided,
            let link = Self.links.first(where: { $0.code == record.code })
        else {
            return StandInReply.json(200, ["matched": false, "matchMethod": "NONE"])
        }
        var answer = Self.answer(link)
        answer["matched"] = true
        answer["matchMethod"] = method
        answer["matchConfidence"] = confidence
        if let score { answer["matchScore"] = score }
        return StandInReply.json(200, answer)
    }

    // MARK: Dev

    private static let simulateFields = [
        StandInField("orgKey", .string(min: 4, max: 4), required: true),
        StandInField("shortCode", .string(min: 1, max: 100), required: true),
        StandInField.string("platform"), StandInField.string("osVersion"), StandInField.string("deviceModel"),
        StandInField.string("language"), StandInField.string("timezone"), StandInField("ageSeconds", .number),
    ]

    /// Records a click as the redirect page would, with every trait the body names.
    private func simulate(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let body = try self.body(request, Self.simulateFields)
        guard body["orgKey"] as? String == Self.org && !flaws.contains(.linksUnknown),
            let link = Self.links.first(where: { $0.code == body["shortCode"] as? String })
        else { return error(404, "Link not found") }
        let age = (body["ageSeconds"] as? NSNumber)?.doubleValue ?? 0
        let clickedAt = request.time.addingTimeInterval(-max(0, age))
        let token = "opl_" + StandInRandom.base64URL(bytes: 16)
        let expiresAt = clickedAt.addingTimeInterval(TimeInterval(link.matchWindowHours) * 3600)
        let clicked = request.page
        let index = ledger.record(
            StandInClick(
                address: request.address, userAgent: nil, language: body["language"] as? String, link: clicked,
                time: clickedAt, hops: [clicked], destination: nil))
        state.withLock { s in
            s.records.append(
                OptoLinkClickRecord(
                    id: s.nextRecord, code: link.code, token: token, address: request.address,
                    platform: body["platform"] as? String, osVersion: body["osVersion"] as? String,
                    deviceModel: body["deviceModel"] as? String, language: body["language"] as? String,
                    timezone: body["timezone"] as? String, clickedAt: clickedAt, expiresAt: expiresAt,
                    ledgerIndex: index))
            s.nextRecord += 1
        }
        return StandInReply.json(200, ["clipboardToken": token, "expiresAt": StandInTime.iso8601(expiresAt)])
    }

    // MARK: SDK

    private static let sessionFields = [
        StandInField("deviceId", .string(min: 8, max: 100), required: true),
        StandInField.string("platform"), StandInField.string("osVersion"), StandInField.string("deviceModel"),
    ]
    private static let identityFields =
        [
            StandInField("deviceId", .string(min: 8, max: 100), required: true),
            StandInField("externalId", .string(min: 1, max: 255), required: true),
        ] + sessionFields.dropFirst()
    private static let clearFields = [StandInField("deviceId", .string(min: 8, max: 100), required: true)]
    private static let eventFields = [
        StandInField("deviceId", .string(min: 8, max: 100), required: true),
        StandInField("eventName", .string(min: 1, max: 100), required: true),
        StandInField("properties", .object),
    ]

    /// The status of a binding's answer: the contract names none (``StandInOptions/nestDefaults``: 201).
    private var bindingStatus: Int { options.contains(.nestDefaults) ? 201 : 200 }
    /// The message of an unknown device's 404 (``StandInOptions/nestDefaults``: NestJS's bare `Not Found`).
    private var deviceNotFound: String { options.contains(.nestDefaults) ? "Not Found" : "Device not found" }

    private func sdk(_ route: [String], _ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        let fields: [StandInField]
        switch route {
        case ["session"]: fields = Self.sessionFields
        case ["identity"]: fields = Self.identityFields
        case ["identity", "clear"]: fields = Self.clearFields
        case ["events"]: fields = Self.eventFields
        default: return error(404, "Cannot POST \(request.path)")
        }
        try authorize(request, tier: Self.clientKey)
        let body = try self.body(request, fields)
        let deviceId = body["deviceId"] as? String ?? ""
        let now = request.time
        switch route {
        case ["session"]:
            let device = seeDevice(deviceId, at: now)
            return StandInReply.json(
                200,
                [
                    "ok": true, "deviceId": deviceId, "firstSeenAt": StandInTime.iso8601(device.firstSeenAt),
                    "lastSeenAt": StandInTime.iso8601(device.lastSeenAt),
                ])
        case ["identity"]:
            let externalId = body["externalId"] as? String ?? ""
            guard bind(deviceId, to: externalId, at: now) else { return error(404, deviceNotFound) }
            return StandInReply.json(
                bindingStatus, ["deviceId": deviceId, "externalId": externalId, "boundAt": StandInTime.iso8601(now)])
        case ["identity", "clear"]:
            guard bind(deviceId, to: nil, at: now) else { return error(404, deviceNotFound) }
            return StandInReply.json(
                bindingStatus, ["deviceId": deviceId, "externalId": NSNull(), "unboundAt": StandInTime.iso8601(now)])
        default:
            if let properties = body["properties"],
                let data = try? JSONSerialization.data(withJSONObject: properties),
                data.count > Self.maxPropertiesBytes
            {
                return error(
                    400, "Validation failed",
                    details: [("properties", "properties must be at most \(Self.maxPropertiesBytes) bytes serialized")])
            }
            let name = body["eventName"] as? String ?? ""
            let eventId = state.withLock { s -> String? in
                guard s.devices[deviceId] != nil else { return nil }
                s.devices[deviceId]?.lastSeenAt = now
                defer { s.nextEvent += 1 }
                return "evt_\(s.nextEvent)"
            }
            guard let eventId else { return error(404, deviceNotFound) }
            ledger.record(StandInEvent(name: name, install: deviceId, eventId: nil, time: now))
            return StandInReply.json(200, ["ok": true, "eventId": eventId])
        }
    }

    /// `GET /links` for the SERVER key.
    private func listLinks(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse {
        try authorize(request, tier: Self.serverKey)
        let links = flaws.contains(.linksUnknown) ? [] : Self.links
        return StandInReply.json(
            200,
            [
                "links": links.map { link in
                    ["id": link.linkId, "shortCode": link.code, "path": link.path, "params": link.params]
                        as [String: Any]
                }
            ])
    }

    /// Passes when the bearer key is `key`; refuses the org's key of the other tier (403) and anything else (401).
    private func authorize(_ request: StandInRequest, tier key: String) throws(StandInRefusal) {
        guard let token = request.bearerToken, [Self.clientKey, Self.serverKey].contains(token) else {
            throw StandInRefusal(error(401, "Invalid or missing API key"))
        }
        guard token == key else {
            throw StandInRefusal(
                error(
                    403,
                    key == Self.clientKey
                        ? "This endpoint needs a CLIENT key (opl_sdk_…)"
                        : "This endpoint needs a SERVER key (opl_api_…)"))
        }
    }

    // MARK: Devices

    /// Upserts the device's profile; returns it.
    @discardableResult
    private func seeDevice(_ deviceId: String, at time: Date) -> Device {
        state.withLock { s in
            var device = s.devices[deviceId] ?? Device(firstSeenAt: time, lastSeenAt: time)
            device.lastSeenAt = time
            s.devices[deviceId] = device
            return device
        }
    }

    /// Binds (or with nil, unbinds) a known device; false for a device never seen.
    private func bind(_ deviceId: String, to externalId: String?, at time: Date) -> Bool {
        state.withLock { s in
            guard s.devices[deviceId] != nil else { return false }
            s.devices[deviceId]?.externalId = externalId
            s.devices[deviceId]?.lastSeenAt = time
            return true
        }
    }

    // MARK: Bodies and errors

    /// The body as an object that passes `fields` (a whitelist); an empty body is `{}` when `emptyAllowed`.
    private func body(_ request: StandInRequest, _ fields: [StandInField], emptyAllowed: Bool = false)
        throws(StandInRefusal) -> [String: Any]
    {
        try request.body(fields, closed: true, emptyAllowed: emptyAllowed) { message, problems in
            error(400, message, details: problems)
        }
    }

    /// The error envelope `{message, details?, requestId}` with `X-Request-Id`.
    private func error(_ status: Int, _ message: String, details: [(field: String, message: String)] = [])
        -> HTTPResponse
    {
        let requestId = state.withLock { s in
            defer { s.nextRequest += 1 }
            return "req_acme_\(s.nextRequest)"
        }
        var envelope: [String: Any] = ["message": message, "requestId": requestId]
        if !details.isEmpty { envelope["details"] = details.map { ["message": $0.message, "field": $0.field] } }
        return StandInReply.json(status, envelope, headers: [("X-Request-Id", requestId)])
    }
}
