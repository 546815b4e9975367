import Foundation
import OptoLinkHTTP

/// A validated AppsFlyer iOS deep-link request body (seed 003's `ios_request`).
///
/// Required: `is_first` (the string `"true"` or `"false"`), `lang`, `os`, `timestamp` (ISO 8601 UTC),
/// `type`, `ip` (IPv4, dotted quad). Optional: `idfv` and `idfa` (`{type: unhashed|sha1|md5, value}`),
/// `att_status` (1–4), `open_referrer`, `sharing_filter` (a string or an array of strings), `request_id`.
/// A `null` optional member counts as absent; members the schema does not list are ignored (its schema
/// does not forbid them). Every problem is reported at once.
package struct AppsFlyerRequest: Sendable, Hashable {
    var isFirst: Bool
    var lang: String
    var os: String
    /// As sent: `af_sig` signs this text, not a re-formatted date.
    var timestamp: String
    var type: String
    var ip: String
    var idfv: String?
    var attStatus: Int?
    var requestId: String?

    /// The longest free-text member accepted (`lang`, `os`, `type`, `open_referrer`, `request_id`…).
    static let maxText = 256

    /// Parses and checks `bytes`.
    ///
    /// - Throws: 400 listing every problem (`field: message`).
    static func parse(_ bytes: [UInt8]) throws(OptoLinkServerError) -> AppsFlyerRequest {
        guard !bytes.isEmpty else { throw .badRequest("The request body is required: a JSON object") }
        guard let object = try JSONParser.parse(bytes).objectValue else {
            throw .badRequest("The request body must be a JSON object")
        }
        var problems = [OptoLinkServerError.Detail]()
        func fail(_ field: String, _ message: String) {
            problems.append(.init(message: "\(field): \(message)", field: field))
        }
        func member(_ name: String) -> JSON? {
            guard let value = object[name], value != .null else { return nil }
            return value
        }
        func text(_ name: String, required: Bool, max: Int = maxText) -> String? {
            guard let value = member(name) else {
                if required { fail(name, "is required") }
                return nil
            }
            guard let string = value.stringValue else {
                fail(name, "must be a string, not \(value.typeName)")
                return nil
            }
            guard !string.isEmpty, string.utf8.count <= max else {
                fail(name, "must be 1–\(max) bytes")
                return nil
            }
            return string
        }

        var isFirst = false
        if let value = text("is_first", required: true) {
            switch value {
            case "true": isFirst = true
            case "false": isFirst = false
            default: fail("is_first", "must be \"true\" or \"false\"")
            }
        }
        let lang = text("lang", required: true, max: 35)
        let os = text("os", required: true, max: 32)
        let type = text("type", required: true, max: 64)
        let timestamp = text("timestamp", required: true, max: 40)
        if let timestamp, !isUTCTimestamp(timestamp) {
            fail("timestamp", "must be ISO 8601 UTC such as 2015-01-22T08:45:33.412")
        }
        let ip = text("ip", required: true, max: 15)
        if let ip, !isIPv4(ip) { fail("ip", "must be the device's IPv4 address such as 198.51.100.23") }
        var attStatus: Int?
        if let value = member("att_status") {
            if let number = value.numberValue, number == number.rounded(), (1...4).contains(number) {
                attStatus = Int(number)
            } else {
                fail("att_status", "must be 1, 2, 3 or 4")
            }
        }
        var idfv: String?
        for name in ["idfv", "idfa"] {
            guard let value = member(name) else { continue }
            guard let id = value.objectValue else {
                fail(name, "must be an object {type, value}")
                continue
            }
            let kind = id["type"]?.stringValue
            let raw = id["value"]?.stringValue
            if kind == nil || !["unhashed", "sha1", "md5"].contains(kind!) {
                fail("\(name).type", "must be unhashed, sha1 or md5")
            }
            if raw == nil || raw!.isEmpty || raw!.utf8.count > 128 {
                fail("\(name).value", "must be a string of 1–128 bytes")
            }
            if name == "idfv" { idfv = raw }
        }
        _ = text("open_referrer", required: false)
        if let value = member("sharing_filter") {
            let fine: Bool =
                switch value {
                case .string(let s): !s.isEmpty && s.utf8.count <= maxText
                case .array(let items):
                    items.count <= 100
                        && items.allSatisfy { ($0.stringValue.map { !$0.isEmpty && $0.utf8.count <= 64 }) ?? false }
                default: false
                }
            if !fine { fail("sharing_filter", "must be a string or an array of partner ids") }
        }
        let requestId = text("request_id", required: false)
        guard problems.isEmpty, let lang, let os, let type, let timestamp, let ip else { throw .validation(problems) }
        return AppsFlyerRequest(
            isFirst: isFirst, lang: lang, os: os, timestamp: timestamp, type: type, ip: ip, idfv: idfv,
            attStatus: attStatus, requestId: requestId)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, an optional `.` and 1–9 digits, and an optional `Z` or `+00:00`: ISO 8601 in
    /// UTC (the seed's example has milliseconds and no zone letter), a real date and time.
    static func isUTCTimestamp(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: "Z") {
            bytes.removeLast()
        } else if text.hasSuffix("+00:00") {
            bytes.removeLast(6)
        }
        guard bytes.count >= 19, ISOTime.fieldsExist(String(decoding: bytes, as: UTF8.self)) else { return false }
        if bytes.count > 19 {
            guard bytes[19] == UInt8(ascii: "."), (21...29).contains(bytes.count),
                bytes[20...].allSatisfy({ (0x30...0x39).contains($0) })
            else {
                return false
            }
        }
        return true
    }

    /// Four decimal numbers 0–255 joined by `.`, without leading zeros (`198.51.100.23`).
    package static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
                    && (part.utf8.count == 1 || part.utf8.first != 0x30) && Int(part)! <= 255
            }
    }
}
