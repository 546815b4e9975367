import Foundation
import TestSupport
import Testing

@testable import OptoLink

/// ``JSONBodyEncoder`` writes the bytes `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`
/// (this machine's, Linux): on the SDK's request bodies and on seeded random values of every kind.
@Suite("JSON bodies: the SDK's encoder writes what JSONEncoder writes")
struct JSONBodyEncoderTests {
    static func reference<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func expectSame<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try JSONBodyEncoder.encode(value)
        let theirs = try reference(value)
        #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self),
            sourceLocation: sourceLocation)
    }

    struct Resolve: Encodable {
        var url: String
        var installToken: String?
    }

    /// AppsFlyer's body as a struct, the way `JSONEncoder` would write it.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    struct AppsFlyerBody: Encodable {
        var is_first: String
        var lang: String
        var os: String
        var timestamp: String
        var type: String
        var ip: String?
        var request_id: String
    }

    struct Nested: Encodable {
        struct Device: Encodable {
            var screenWidth: Int
            var screenHeight: Int
            var language: String
        }
        var timezone: String
        var device: Device?
        var events: [Resolve]
        var flags: [Bool?]
        var sizes: [Int8: UInt64]
        var limits: [Int64]
        var ratio: Double
        var small: Float
        var data: Data
        var link: URL
    }

    @Test func theSDKsBodiesAreTheSameBytes() throws {
        try Self.expectSame(
            MatchBody(
                clipboardToken: "opl_abc", deviceId: "d-1", platform: "iOS", osVersion: "17.4",
                deviceModel: "iPhone16,1",
                language: "en-US", timezone: "Europe/Berlin"))
        try Self.expectSame(
            MatchBody(
                clipboardToken: nil, deviceId: "d-1", platform: "iOS", osVersion: "17.4", deviceModel: "iPhone16,1",
                language: "en-US", timezone: "Europe/Berlin"))
        try Self.expectSame(SessionBody(deviceId: "d-1", platform: nil, osVersion: "17", deviceModel: nil))
        try Self.expectSame(
            IdentityBody(
                deviceId: "d", externalId: "user/42 \"quoted\"", platform: "iOS", osVersion: nil, deviceModel: nil))
        try Self.expectSame(IdentityClearBody(deviceId: "d"))
        try Self.expectSame(
            EventBody(
                deviceId: "d", eventName: "purchase",
                properties: ["sku": "SKU-1", "price": 9.99, "qty": 2, "gift": true, "note": nil, "tags": ["a", "b"]]))
        // AppsFlyer's first-launch body is written from its strings (JSONBody.encode(strings:)).
        #expect(
            JSONBody.encode(strings: [
                "is_first": "true", "lang": "en-US", "os": "17.4", "timestamp": "2015-01-22T08:45:33.412",
                "type": "iPhone16,1", "ip": "203.0.113.7", "request_id": "r",
            ])
                == (try Self.reference(
                    AppsFlyerBody(
                        is_first: "true", lang: "en-US", os: "17.4", timestamp: "2015-01-22T08:45:33.412",
                        type: "iPhone16,1", ip: "203.0.113.7", request_id: "r"))))
        try Self.expectSame(Resolve(url: "https://demo.dev.thedbl.ink/spring?open=1", installToken: nil))
        try Self.expectSame(
            Nested(
                timezone: "Asia/Kolkata",
                device: .init(screenWidth: 1179, screenHeight: 2556, language: "hi-IN"),
                events: [Resolve(url: "u", installToken: "t"), Resolve(url: "", installToken: nil)],
                flags: [true, nil, false], sizes: [-128: UInt64.max, 127: 0], limits: [Int64.min, Int64.max, 0],
                ratio: 0.1, small: 1.1, data: Data([0, 1, 2, 250]), link: URL(string: "https://x.test/a?b=c")!))
    }

    /// A seeded random JSON value: keys, strings and numbers from pools that reach every rule (control
    /// characters, quotes, slashes, non-ASCII, keys that sort differently as bytes, numbers in exponent form).
    static func randomValue(_ random: inout SeededRandom, depth: Int = 0) -> JSONValue {
        let keys = [
            "a", "A", "b", "B", "_", "Z", "ab", "a\u{0301}", "\u{E1}", "item2", "item10", "é", "e", "ﬀ", "", " ", "a b",
            "😀", "\u{1F}", "url", "installToken", "/",
        ]
        let characters: [String] = [
            "a", "Z", "0", "/", "\"", "\\", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}",
            "\u{7F}",
            "é", "\u{2028}", "😀", " ", "<", "&", "\u{FEFF}",
        ]
        let numbers: [Double] = [
            0, -0.0, 1, -1, 20, 1.5, 0.1, 1e21, 1e-7, 1e16, 123_456_789_012_345_680, .leastNonzeroMagnitude,
            1.7976931348623157e308,
            3.141592653589793, -2.5e-10, 999_999_999_999_999,
        ]
        let kind = random.next() % (depth >= 4 ? 4 : 6)
        switch kind {
        case 0: return random.next() % 3 == 0 ? .null : .bool(random.next() % 2 == 0)
        case 1:
            if random.next() % 2 == 0 { return .number(numbers[Int(random.next() % UInt64(numbers.count))]) }
            let bits = Double(bitPattern: random.next())
            return .number(bits.isFinite ? bits : 0.5)
        case 2, 3:
            let count = Int(random.next() % 6)
            return .string((0..<count).map { _ in characters[Int(random.next() % UInt64(characters.count))] }.joined())
        case 4:
            return .array((0..<Int(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 6) {
                members[keys[Int(random.next() % UInt64(keys.count))]] = randomValue(&random, depth: depth + 1)
            }
            return .object(members)
        }
    }

    @Test(.tags(.load), .skippable(.load)) func seededRandomValuesAreTheSameBytes() async throws {
        // Tens of thousands of inputs on one thread: never beside the real-clock tests (see QuietMachine).
        try await QuietMachine.shared.run { try Self.seededValuesAreTheSame() }
    }

    static func seededValuesAreTheSame() throws {
        var random = SeededRandom(seed: 0x0B0D_1E5)
        var same = 0
        for _ in 0..<3_000 {
            let value = Self.randomValue(&random)
            let ours = try JSONBodyEncoder.encode(["v": value])
            let theirs = try Self.reference(["v": value])
            #expect(
                ours == theirs, "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))"
            )
            if ours == theirs { same += 1 }
        }
        #expect(same == 3_000)
    }

    @Test func stringObjectsAreTheSameBytesAsTheirEncodableForm() throws {
        // The direct opens' bodies, written without an Encoder, against JSONEncoder on the struct and the
        // dictionary, including keys that sort by their bytes and strings that need escaping.
        for resolve in [
            Resolve(url: "https://demo.dev.thedbl.ink/spring?open=1", installToken: nil),
            Resolve(
                url: "https://l.quberoute.test/qr/spring?a=1&b=/x", installToken: "0123456789abcdef0123456789abcdef"),
            Resolve(url: "quote \" backslash \\ tab \t nl \n bell \u{07} é 🙂 \u{2028}", installToken: ""),
        ] {
            var members = ["url": resolve.url]
            if let token = resolve.installToken { members["installToken"] = token }
            let ours = JSONBody.encode(strings: members)
            #expect(ours == (try Self.reference(resolve)))
            #expect(ours == (try Self.reference(members)))
        }
        var random = SeededRandom(seed: 0x57_21_46)
        let alphabet = Array("aZ09_-\"\\/\u{00}\u{1F}\u{7F}é€🙂 \n\t")
        func text() -> String {
            String((0..<Int(random.next() % 8)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        }
        for _ in 0..<500 {
            var members: [String: String] = [:]
            for _ in 0..<Int(random.next() % 5) { members[text()] = text() }
            #expect(JSONBody.encode(strings: members) == (try Self.reference(members)), "\(members)")
        }
    }

    @Test func aNonFiniteNumberIsAnEncodingErrorAsInJSONEncoder() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONBodyEncoder.encode(["v": value]) }
            #expect(throws: EncodingError.self) { try Self.reference(["v": value]) }
        }
    }

    @Test func whatTheSDKWritesReadsBackAsTheSameValue() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<500 {
            let value = Self.randomValue(&random)
            let data = try JSONBodyEncoder.encode(value)
            #expect(JSONValueParser.parse(data) == value)
        }
    }
}
