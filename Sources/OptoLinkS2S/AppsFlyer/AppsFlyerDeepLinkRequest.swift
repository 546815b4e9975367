import Foundation
internal import OptoLinkClientCore

/// The body of AppsFlyer's S2S iOS deep-linking request (`POST /ios/{app_id}`), field by field.
///
/// Required by the API: ``isFirst``, ``lang``, ``os``, ``timestamp``, ``type`` and ``ip``; the rest is
/// optional and left out of the body when nil. Checked locally before anything is sent
/// (``validate()``): an ``ip`` that is not an IPv4 address, an empty required string, a hashed
/// identifier of the wrong length, a timestamp outside years 1–9999 are refused with
/// ``OptoLinkS2SError/invalidRequest`` naming the body field.
///
/// ```swift
/// let request = AppsFlyerDeepLinkRequest(
///     isFirst: true, lang: "en-US", os: "17.4", type: "iPhone", ip: "198.51.100.23",
///     idfv: .unhashed("3F2504E0-4F89-11D3-9A0C-0305E82C3301"), attStatus: .denied)
/// ```
///
/// The ``ip`` is the device's public address: the app does not know it, the backend does (the address
/// the app's call came from). ``init(jsonBody:ip:)`` reads a body in the API's own format, as an app
/// would send it to its backend, and sets the address the backend saw.
public struct AppsFlyerDeepLinkRequest: Sendable, Hashable {
    /// Whether this is the app's first launch (`is_first`, sent as the string `"true"` or `"false"`).
    public var isFirst: Bool
    /// The device locale (`lang`, e.g. `en-US`).
    public var lang: String
    /// The OS version (`os`, e.g. `17.4`).
    public var os: String
    /// The device type or model (`type`, e.g. `iPhone`).
    public var type: String
    /// The device's public IPv4 address (`ip`, e.g. `198.51.100.23`); signed with the timestamp.
    public var ip: String
    /// When the request is made (`timestamp`, sent as `yyyy-MM-ddTHH:mm:ss.SSS` in UTC, see
    /// ``AppsFlyerTimestamp``); signed with the ip. Default: the moment the value is created.
    public var timestamp: Date
    /// The identifier for vendor (`idfv`).
    public var idfv: AppsFlyerDeviceID?
    /// The App Tracking Transparency state (`att_status`, the integer 1–4).
    public var attStatus: AppsFlyerATTStatus?
    /// An identifier unique per install (`request_id`): the AppsFlyer ID when the app has the AppsFlyer
    /// SDK, otherwise the `uid` sent with the install event.
    public var requestID: String?
    /// The app the current app was opened from (`open_referrer`, e.g. `com.example.mail`).
    public var openReferrer: String?
    /// The advertising identifier (`idfa`), when tracking is authorized.
    public var idfa: AppsFlyerDeviceID?
    /// Which partners may receive the data (`sharing_filter`).
    public var sharingFilter: AppsFlyerSharingFilter?

    /// Creates a request body; checked when it is sent (or by ``validate()``).
    public init(
        isFirst: Bool, lang: String, os: String, type: String, ip: String, timestamp: Date = Date(),
        idfv: AppsFlyerDeviceID? = nil, attStatus: AppsFlyerATTStatus? = nil, requestID: String? = nil,
        openReferrer: String? = nil, idfa: AppsFlyerDeviceID? = nil, sharingFilter: AppsFlyerSharingFilter? = nil
    ) {
        self.isFirst = isFirst
        self.lang = lang
        self.os = os
        self.type = type
        self.ip = ip
        self.timestamp = timestamp
        self.idfv = idfv
        self.attStatus = attStatus
        self.requestID = requestID
        self.openReferrer = openReferrer
        self.idfa = idfa
        self.sharingFilter = sharingFilter
    }

    /// Checks every field as the API documents it.
    ///
    /// - Throws: ``OptoLinkS2SError/invalidRequest`` with ``OptoLinkS2SError/field`` set to the body
    ///   field (`ip`, `lang`, `timestamp`, `idfv`…).
    public func validate() throws {
        _ = try wireTimestamp()
        for (field, value) in [("lang", lang), ("os", os), ("type", type)]
        where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw OptoLinkS2SError.request(field, "\(field) is required and must not be empty")
        }
        guard IPv4Address.isValid(ip) else {
            throw OptoLinkS2SError.request(
                "ip", "ip must be the device's IPv4 address in dotted-quad form (like 198.51.100.23): got \"\(ip)\"")
        }
        try idfv?.validate(field: "idfv")
        try idfa?.validate(field: "idfa")
        for (field, value) in [("request_id", requestID), ("open_referrer", openReferrer)] where value?.isEmpty == true
        {
            throw OptoLinkS2SError.request(field, "\(field) is empty: leave it nil to omit it")
        }
        switch sharingFilter {
        case .text(let text)? where text.isEmpty:
            throw OptoLinkS2SError.request("sharing_filter", "sharing_filter is an empty string")
        case .partners(let list)? where list.contains(where: \.isEmpty):
            throw OptoLinkS2SError.request("sharing_filter", "sharing_filter lists an empty partner id")
        default:
            break
        }
    }

    /// The ``timestamp`` as it is sent and signed.
    func wireTimestamp() throws -> String {
        guard let text = AppsFlyerTimestamp.string(from: timestamp) else {
            throw OptoLinkS2SError.request(
                "timestamp",
                "timestamp must be within the years 1 to 9999 (ISO 8601 with four-digit years): got \(timestamp)")
        }
        return text
    }

    /// The validated body as JSON (keys sorted, so the bytes are the same for the same request) and the
    /// timestamp string in it.
    func encoded() throws -> (body: Data, timestamp: String) {
        try validate()
        let timestamp = try wireTimestamp()
        let wire = WireBody(
            is_first: isFirst ? "true" : "false", lang: lang, os: os, timestamp: timestamp, type: type, ip: ip,
            idfv: idfv.map(WireID.init), att_status: attStatus?.rawValue, request_id: requestID,
            open_referrer: openReferrer, idfa: idfa.map(WireID.init),
            sharing_filter: sharingFilter.map(WireSharingFilter.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try encoder.encode(wire), timestamp)
    }

    // The body's wire shape: property names are the API's, so the synthesized coding is the contract.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    private struct WireBody: Encodable {
        var is_first: String
        var lang: String
        var os: String
        var timestamp: String
        var type: String
        var ip: String
        var idfv: WireID?
        var att_status: Int?
        var request_id: String?
        var open_referrer: String?
        var idfa: WireID?
        var sharing_filter: WireSharingFilter?
    }

    private struct WireID: Encodable {
        var type: String
        var value: String

        init(_ id: AppsFlyerDeviceID) {
            self.type = id.kind.rawValue
            self.value = id.value
        }
    }

    private struct WireSharingFilter: Encodable {
        var filter: AppsFlyerSharingFilter

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch filter {
            case .text(let text): try container.encode(text)
            case .partners(let list): try container.encode(list)
            }
        }
    }
}

extension AppsFlyerDeepLinkRequest {
    /// Reads a body in the API's own JSON format (as an app sends it to its backend), then validates it.
    ///
    /// Types are the API's: `is_first` the string `"true"` or `"false"`, `att_status` an integer 1–4,
    /// `timestamp` in ``AppsFlyerTimestamp``'s format, `idfv`/`idfa` `{type, value}` objects,
    /// `sharing_filter` a string or an array of strings. Unknown members are ignored.
    ///
    /// - Parameters:
    ///   - jsonBody: the JSON object.
    ///   - ip: the device's address as the backend saw it; replaces the body's `ip` (the app cannot know
    ///     its public address). When nil, the body's `ip` is required.
    /// - Throws: ``OptoLinkS2SError/invalidRequest`` naming the field that is missing or wrong.
    public init(jsonBody: Data, ip: String? = nil) throws {
        let value: S2SJSONValue
        do {
            value = try S2SJSONParser.decode(jsonBody)
        } catch {
            throw OptoLinkS2SError.request("body", "The body is not JSON")
        }
        guard let object = value.objectValue else {
            throw OptoLinkS2SError.request("body", "The body is not a JSON object")
        }

        func string(_ field: String, required: Bool) throws -> String? {
            switch object[field] {
            case nil, .null?:
                if required { throw OptoLinkS2SError.request(field, "\(field) is required") }
                return nil
            case .string(let text)?: return text
            case let other?: throw OptoLinkS2SError.request(field, "\(field) must be a string: got \(other)")
            }
        }
        func deviceID(_ field: String) throws -> AppsFlyerDeviceID? {
            switch object[field] {
            case nil, .null?: return nil
            case .object(let members)?:
                guard let kindText = members["type"]?.stringValue, let kind = AppsFlyerDeviceID.Kind(rawValue: kindText)
                else {
                    throw OptoLinkS2SError.request(field, "\(field).type must be \"unhashed\", \"sha1\" or \"md5\"")
                }
                guard let text = members["value"]?.stringValue else {
                    throw OptoLinkS2SError.request(field, "\(field).value must be a string")
                }
                return AppsFlyerDeviceID(kind: kind, value: text)
            case let other?:
                throw OptoLinkS2SError.request(field, "\(field) must be an object {type, value}: got \(other)")
            }
        }

        let first: Bool
        switch try string("is_first", required: true) {
        case "true": first = true
        case "false": first = false
        case let other:
            throw OptoLinkS2SError.request(
                "is_first", "is_first must be the string \"true\" or \"false\": got \"\(other ?? "")\"")
        }
        let timestampText = try string("timestamp", required: true) ?? ""
        guard let timestamp = AppsFlyerTimestamp.date(from: timestampText) else {
            throw OptoLinkS2SError.request(
                "timestamp",
                "timestamp must be ISO 8601 UTC with milliseconds and no zone (like "
                    + "2015-01-22T08:45:33.412): got \"\(timestampText)\""
            )
        }
        var attStatus: AppsFlyerATTStatus?
        switch object["att_status"] {
        case nil, .null?: break
        case .number(let number)? where number.rounded() == number && abs(number) < 1e9:
            attStatus = try AppsFlyerATTStatus(code: Int(number))
        case let other?: throw OptoLinkS2SError.request("att_status", "att_status must be an integer 1–4: got \(other)")
        }
        var sharingFilter: AppsFlyerSharingFilter?
        switch object["sharing_filter"] {
        case nil, .null?: break
        case .string(let text)?: sharingFilter = .text(text)
        case .array(let items)? where items.allSatisfy({ $0.stringValue != nil }):
            sharingFilter = .partners(items.compactMap(\.stringValue))
        case let other?:
            throw OptoLinkS2SError.request(
                "sharing_filter", "sharing_filter must be a string or an array of strings: got \(other)")
        }
        self.init(
            isFirst: first, lang: try string("lang", required: true) ?? "", os: try string("os", required: true) ?? "",
            type: try string("type", required: true) ?? "", ip: try ip ?? string("ip", required: true) ?? "",
            timestamp: timestamp, idfv: try deviceID("idfv"), attStatus: attStatus,
            requestID: try string("request_id", required: false),
            openReferrer: try string("open_referrer", required: false),
            idfa: try deviceID("idfa"), sharingFilter: sharingFilter)
        try validate()
    }
}
