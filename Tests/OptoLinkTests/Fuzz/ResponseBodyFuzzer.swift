import Foundation
import OptoLink

/// Generates hostile answers for one SDK endpoint, each with the outcome the SDK must produce.
///
/// Bodies are built from a model (a `JSONValue` tree written out by ``write(_:pretty:into:)``), then
/// possibly broken: cut short, invalid UTF-8 or raw control bytes inside a string, a lone surrogate
/// escape, an out-of-range number, nesting deeper than any parser allows, trailing data, a non-object,
/// an HTML error page, random bytes, nothing at all, or 10 MB. The expected outcome follows the SDK's
/// documented decoding rules (README-SDK, `OptoLinkAPI`), written here independently of the parser:
///
/// - a status outside 200–299 → `OptoLinkError.httpStatus` with that status, whatever the body;
/// - a 2xx body over 1 MiB, not JSON, or not a JSON object → `.invalidResponse`;
/// - `/data`: a string `path` and `params` absent, null or an object, else `.invalidResponse`;
///   `linkId` is read only when it is a string;
/// - `/match`: a Boolean `matched`; when true the `/data` rules; `matchMethod`, `matchConfidence`,
///   `matchScore` are read only when they have the right type;
/// - `/sdk/session`, `/sdk/identity`, `/sdk/identity/clear`: any JSON object; members of the wrong type
///   fall back to what the SDK sent;
/// - `/sdk/events`: any 2xx, whatever its body.
struct ResponseBodyFuzzer {
    /// What the SDK must make of one answer.
    enum Expected: Sendable {
        case link(OptoLinkData)
        case match(OptoLinkData?)
        case session(SessionInfo)
        case identity(IdentityBinding)
        case eventAccepted
        case invalidResponse
        case httpStatus(Int)
    }

    /// One generated answer.
    struct Case {
        var status: Int
        var body: Data
        var expected: Expected
        /// What kind of input this is (for the tally and failure messages).
        var kind: String
    }

    /// What the fuzzed calls send (the identity fallbacks depend on it).
    static let deviceId = "device-1234"
    static let externalId = "user-42"

    /// Bodies over this size are refused by the SDK without parsing (1 MiB).
    static let sdkBodyLimit = 1024 * 1024

    let endpoint: Endpoint
    var rng: FuzzRandom
    /// How many 10 MB bodies are still to come (they are slow to build: a few per run).
    var hugeBodiesLeft: Int

    init(endpoint: Endpoint, seed: UInt64, hugeBodies: Int) {
        self.endpoint = endpoint
        self.rng = FuzzRandom(seed: seed)
        self.hugeBodiesLeft = hugeBodies
    }

    // MARK: Cases

    mutating func next() -> Case {
        let roll = rng.below(100)
        let status: Int
        if roll < 70 {
            status = 200
        } else if roll < 75 {
            status = 201 + rng.below(99)
        } else {
            status = 300 + rng.below(300)
        }
        var generated = body()
        // `/sdk/events` does not read a 2xx body: any 2xx is a delivery.
        if endpoint == .events { generated.expected = .eventAccepted }
        if !(200...299).contains(status) { generated.expected = .httpStatus(status) }
        generated.status = status
        return generated
    }

    /// A 2xx body and what it must give.
    private mutating func body() -> Case {
        if hugeBodiesLeft > 0, rng.below(2000) == 0 {
            hugeBodiesLeft -= 1
            return huge()
        }
        let kind = rng.below(100)
        let model = kind < 75 || kind >= 92 ? self.model() : [:]
        switch kind {
        case 0..<34:
            return Case(
                status: 200, body: Self.text(model, pretty: rng.chance(20)), expected: oracle(model), kind: "model")
        case 34..<44:
            let text = Self.text(model, pretty: rng.chance(20))
            return Case(
                status: 200, body: text.prefix(rng.below(text.count)), expected: .invalidResponse, kind: "truncated")
        case 44..<52:
            return broken(model, replacement: rng.pick(Self.invalidUTF8), kind: "invalid UTF-8")
        case 52..<56:
            return broken(model, replacement: [UInt8(rng.below(0x20))], kind: "raw control byte")
        case 56..<59:
            return broken(
                model, replacement: Array(rng.pick([#"\ud800"#, #"\udfff"#, #"\ud83d x"#, #"\u12"#, #"\x41"#]).utf8),
                kind: "bad escape")
        case 59..<64:
            return withMember(
                model, text: rng.pick(["1e999", "-1e400", "1e-400", "123e99999", "-0.5e-999"]),
                kind: "number out of range")
        case 64..<69:
            return deep(model)
        case 69..<75:
            let value = rng.pick([
                JSONValue.array([]), .string("ok"), .number(1), .bool(true), .null, .array([.object(model)]),
            ])
            return Case(
                status: 200, body: Self.text(value, pretty: false), expected: .invalidResponse, kind: "not an object")
        case 75..<80:
            return Case(status: 200, body: html(), expected: .invalidResponse, kind: "HTML page")
        case 80..<83:
            return Case(
                status: 200, body: Data(rng.pick(["", " ", "\r\n", "\t\n  "]).utf8), expected: .invalidResponse,
                kind: "empty")
        case 83..<92:
            var bytes = (0..<(1 + rng.below(300))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            bytes[0] = rng.pick([UInt8(ascii: "<"), UInt8(ascii: "#"), 0x01, 0x80, 0xFF])
            return Case(status: 200, body: Data(bytes), expected: .invalidResponse, kind: "random bytes")
        default:
            var text = Self.text(model, pretty: false)
            text.append(contentsOf: Array(rng.pick([" x", "}", "{}", ",", "\u{0}", " [1]", "null"]).utf8))
            return Case(status: 200, body: text, expected: .invalidResponse, kind: "trailing data")
        }
    }

    /// A 10 MB body: a valid-looking object with a 10 MB string, 10 MB of whitespace before `{}`, or a
    /// 10 MB HTML page. All are refused for their size.
    private mutating func huge() -> Case {
        let size = 10 * 1024 * 1024
        var bytes: [UInt8]
        switch rng.below(3) {
        case 0:
            bytes = Array(#"{"ok":true,"path":"/p","matched":false,"params":{"big":""#.utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "x"), count: size))
            bytes.append(contentsOf: Array(#""}}"#.utf8))
        case 1:
            bytes = Array(repeating: UInt8(ascii: " "), count: size)
            bytes.append(contentsOf: Array("{}".utf8))
        default:
            bytes = Array("<!DOCTYPE html><html><body>".utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: size))
            bytes.append(contentsOf: Array("</body></html>".utf8))
        }
        return Case(status: 200, body: Data(bytes), expected: .invalidResponse, kind: "10 MB")
    }

    /// The model written out with `marker` (placed inside a string) replaced by `replacement`.
    private mutating func broken(_ model: [String: JSONValue], replacement: [UInt8], kind: String) -> Case {
        var model = model
        let marker = "\u{E000}"
        if rng.chance(30) {
            model["k" + marker] = .number(1)
        } else {
            model[rng.pick(Array(model.keys) + ["x"])] = .string("a" + marker + "b")
        }
        var text = Self.text(model, pretty: false)
        let markerBytes = Data(marker.utf8)
        while let range = text.range(of: markerBytes) { text.replaceSubrange(range, with: replacement) }
        let out = text
        return Case(status: 200, body: Data(out), expected: .invalidResponse, kind: kind)
    }

    /// The model with one more member whose value is `text`, verbatim.
    private mutating func withMember(_ model: [String: JSONValue], text: String, kind: String) -> Case {
        var body = Self.text(model, pretty: false)
        let member = Array("\"n\(rng.below(9))\":\(text)".utf8)
        if model.isEmpty {
            body.insert(contentsOf: member, at: 1)
        } else {
            body.insert(contentsOf: member + [UInt8(ascii: ",")], at: 1)
        }
        return Case(status: 200, body: body, expected: .invalidResponse, kind: kind)
    }

    /// Nesting of 600 to 20 000 levels inside an otherwise valid answer, or unclosed brackets.
    private mutating func deep(_ model: [String: JSONValue]) -> Case {
        let depth = 600 + rng.below(19_400)
        let open = rng.chance(50) ? "[" : "{\"a\":"
        let close = open == "[" ? "]" : "}"
        var inner = String(repeating: open, count: depth) + "1"
        if rng.chance(80) { inner += String(repeating: close, count: depth) }
        var body = Self.text(model, pretty: false)
        let member = Array("\"deep\":\(inner)".utf8)
        body.insert(contentsOf: model.isEmpty ? member : member + [UInt8(ascii: ",")], at: 1)
        return Case(status: 200, body: body, expected: .invalidResponse, kind: "deep nesting")
    }

    private mutating func html() -> Data {
        let title = rng.pick([
            "502 Bad Gateway", "503 Service Unavailable", "Login required", "Hotel Wi-Fi", "Access Denied",
            "404 Not Found",
        ])
        let page = rng.pick([
            "<!DOCTYPE html><html><head><title>\(title)</title></head><bo"
                + "dy><h1>\(title)</h1><hr><center>nginx</center></body></html>",
            "<html>\r\n<head><title>\(title)</title></head>\r\n<body bgcolor=\"white\">\r\n"
                + "<center><h1>\(title)</h1></center>\r\n</body>\r\n</html>\r\n",
            "<?xml version=\"1.0\"?><error><code>\(rng.below(600))</code><message>\(title)</message></error>",
            "<!-- {\"ok\":true} --><html><body>\(title)</body></html>",
            "\(title)\n",
        ])
        return Data(page.utf8)
    }

    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xFE], [0xC3, 0x41], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0x80], [0xBF], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]

    // MARK: Models

    /// A plausible answer for the endpoint, with lenient noise: unknown members, wrong types and nulls
    /// in optional members, sometimes a required member missing or of the wrong type.
    private mutating func model() -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        switch endpoint {
        case .linkData:
            object = [
                "linkId": .string("lnk_\(rng.below(1000))"), "path": .string(path()), "params": .object(params()),
            ]
        case .match:
            if rng.chance(30) {
                object = ["matched": .bool(false), "matchMethod": .string("NONE")]
            } else {
                object = [
                    "matched": .bool(true),
                    "matchMethod": .string(rng.pick(["CLIPBOARD", "FINGERPRINT_SCORED", "IP_FUZZY", "TELEPATHY"])),
                    "matchConfidence": .string(rng.pick(["exact", "high", "medium", "low", "certain"])),
                    "linkId": .string("lnk_1"), "path": .string(path()), "params": .object(params()),
                ]
                if rng.chance(50) { object["matchScore"] = .number(Double(rng.below(105))) }
            }
        case .session:
            object = [
                "ok": .bool(true), "deviceId": .string("d-\(rng.below(99))"),
                "firstSeenAt": .string("2026-01-01T00:00:00.000Z"),
                "lastSeenAt": .string("2026-01-02T00:00:00.000Z"),
            ]
        case .identity:
            object = [
                "ok": .bool(true), "deviceId": .string("d-\(rng.below(99))"),
                "externalId": .string("u\(rng.below(99))"),
                "boundAt": .string("2026-01-02T00:00:00.000Z"),
            ]
        case .identityClear:
            object = [
                "ok": .bool(true), "deviceId": .string("d-\(rng.below(99))"), "externalId": .null,
                "unboundAt": .string("2026-01-02T00:00:00.000Z"),
            ]
        case .events:
            object = ["ok": .bool(true)]
        }
        // Mutate some members: wrong type, null, or gone.
        for key in object.keys.sorted() where rng.chance(12) {
            switch rng.below(3) {
            case 0: object[key] = nil
            case 1: object[key] = .null
            default: object[key] = value(depth: 2)
            }
        }
        // Unknown members.
        for _ in 0..<rng.below(3) { object[string(maxLength: 12)] = value(depth: 2) }
        return object
    }

    private mutating func path() -> String {
        "/" + rng.pick(["promo/summer", "onboarding/welcome", "", "a b", "ü/✓", "😀", "x?y=1#z", "\\\"quoted\\\""])
    }

    private mutating func params() -> [String: JSONValue] {
        var params: [String: JSONValue] = [:]
        for _ in 0..<rng.below(4) { params[string(maxLength: 10)] = value(depth: 2) }
        if rng.chance(2) { params["nested"] = nested(depth: 1 + rng.below(100)) }
        return params
    }

    /// Nesting the SDK must accept (far below any parser's limit).
    private mutating func nested(depth: Int) -> JSONValue {
        var value = JSONValue.number(1)
        for level in 0..<depth { value = level % 2 == 0 ? .array([value]) : .object(["n": value]) }
        return value
    }

    private mutating func value(depth: Int) -> JSONValue {
        if rng.below(60) == 0 { return .string(String(repeating: "x", count: rng.below(5000))) }
        switch rng.below(depth > 0 ? 8 : 6) {
        case 0: return .null
        case 1: return .bool(rng.chance(50))
        case 2:
            return .number(
                rng.pick([
                    0, -0.0, 1, -1, 0.5, 1e308, -1.7976931348623157e308, .leastNonzeroMagnitude, 9_007_199_254_740_992,
                    1.2345678901234568e29,
                ]))
        case 3: return .number(Double(Int64(bitPattern: rng.next()) >> rng.below(64)))
        case 4, 5: return .string(string(maxLength: 30))
        case 6: return .array((0..<rng.below(4)).map { _ in value(depth: depth - 1) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<rng.below(4) { object[string(maxLength: 8)] = value(depth: depth - 1) }
            return .object(object)
        }
    }

    private static let alphabet: [[UInt8]] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "中", "😀",
        "\u{FEFF}", "\u{200B}", "\u{10FFFF}", "<", "{", "}",
    ].map { Array($0.utf8) }

    private mutating func string(maxLength: Int) -> String {
        var bytes = [UInt8]()
        for _ in 0..<rng.below(maxLength + 1) { bytes += Self.alphabet[rng.below(Self.alphabet.count)] }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Oracle

    /// What the SDK must make of a 2xx answer holding exactly `object` (the SDK's documented rules).
    func oracle(_ object: [String: JSONValue]) -> Expected {
        func linkFields() -> (String?, String, [String: JSONValue])? {
            guard case .string(let path)? = object["path"] else { return nil }
            let params: [String: JSONValue]
            switch object["params"] {
            case nil, .null?: params = [:]
            case .object(let value)?: params = value
            default: return nil
            }
            var linkId: String?
            if case .string(let id)? = object["linkId"] { linkId = id }
            return (linkId, path, params)
        }
        func string(_ key: String) -> String? {
            if case .string(let value)? = object[key] { return value }
            return nil
        }
        switch endpoint {
        case .linkData:
            guard let (linkId, path, params) = linkFields() else { return .invalidResponse }
            return .link(
                OptoLinkData(linkId: linkId, path: path, params: params, matchType: .direct, isDeferred: false))
        case .match:
            guard case .bool(let matched)? = object["matched"] else { return .invalidResponse }
            guard matched else { return .match(nil) }
            guard let (linkId, path, params) = linkFields() else { return .invalidResponse }
            var score: Double?
            if case .number(let value)? = object["matchScore"] { score = value }
            return .match(
                OptoLinkData(
                    linkId: linkId, path: path, params: params,
                    matchType: MatchMethod(rawValue: string("matchMethod") ?? ""),
                    confidence: string("matchConfidence").map(MatchConfidence.init(rawValue:)),
                    matchScore: score, isDeferred: true))
        case .session:
            return .session(
                SessionInfo(
                    deviceId: string("deviceId") ?? Self.deviceId, firstSeenAt: string("firstSeenAt") ?? "",
                    lastSeenAt: string("lastSeenAt") ?? ""))
        case .identity, .identityClear:
            let sent = endpoint == .identity ? Self.externalId : nil
            let bound = object["externalId"] == nil ? sent : string("externalId")
            return .identity(
                IdentityBinding(
                    deviceId: string("deviceId") ?? Self.deviceId, externalId: bound,
                    changedAt: string("boundAt") ?? string("unboundAt")))
        case .events:
            return .eventAccepted
        }
    }

    // MARK: Writing JSON

    /// `value` as JSON text (UTF-8, sorted keys, every needed escape; `\u` escapes picked at random
    /// would change nothing the parser must accept, so the writer keeps to one form).
    static func text(_ value: JSONValue, pretty: Bool) -> Data {
        var out = [UInt8]()
        write(value, pretty: pretty, into: &out)
        return Data(out)
    }

    static func text(_ object: [String: JSONValue], pretty: Bool) -> Data { text(.object(object), pretty: pretty) }

    static func write(_ value: JSONValue, pretty: Bool, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let number): out += Array("\(number)".utf8)  // shortest round-trip form, e.g. 1e+308
        case .string(let string): writeString(string, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { out += [0x0A, 0x20, 0x20] }
                write(item, pretty: pretty, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { out += [0x0A, 0x20, 0x20] }
                writeString(key, into: &out)
                out += pretty ? [UInt8(ascii: ":"), 0x20] : [UInt8(ascii: ":")]
                write(members[key]!, pretty: pretty, into: &out)
            }
            if pretty { out.append(0x0A) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: string.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20:
                out += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 15)],
                ]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
