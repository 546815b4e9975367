import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// The faster pieces of the request path against the code they replaced, written out here as the
/// reference: route matching, response and JSON bytes, header checks and lookups, request ids.
@Suite struct RequestPathEquivalenceTests {
    /// The original `Route.match`: split pattern, `hasPrefix(":")`, Substring comparison.
    static func referenceMatch(_ pattern: String, _ segments: [String]) -> [String: String]? {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var params = [String: String]()
        for (part, segment) in zip(parts, segments) {
            if part.hasPrefix(":") { params[String(part.dropFirst())] = segment } else if part != segment { return nil }
        }
        return params
    }

    @Test func routesMatchAsTheSplitPatternsDid() {
        let words = [
            "links", "lnk_1", "qr.svg", "qr.png", "dev", "faults", "deferred", "simulate", "match-attempts", "demo",
            "summer",
            "data", "health", "match", "sdk", "session", "identity", "clear", "events", ".well-known",
            "apple-app-site-association", "", "é", "Data", "LINKS", "data\u{301}",
        ]
        var rng = SplitMix64(seed: 11)
        var lists: [[String]] = [
            [], ["health"], ["demo", "summer"], ["demo", "summer", "data"], ["links", "x", "qr.svg"],
        ]
        for _ in 0..<2000 {
            lists.append((0..<Int.random(in: 0...4, using: &rng)).map { _ in words.randomElement(using: &rng)! })
        }
        for route in RouteTable.all {
            #expect(route.isCatchAll == route.pattern.hasPrefix("/:"))
            for segments in lists {
                #expect(
                    route.match(segments) == Self.referenceMatch(route.pattern, segments),
                    "\(route.pattern) \(segments)")
            }
        }
        var route = RouteTable.all[0]
        route.pattern = "/:a/b"
        #expect(route.isCatchAll && route.match(["x", "b"]) == ["a": "x"] && route.match(["x", "c"]) == nil)
    }

    @Test func responseBytesAreTheOriginalHeadPlusBody() {
        let responses = [
            HTTPResponse(
                status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("X-Request-Id", "req_1")],
                body: Array("{}".utf8)),
            HTTPResponse(status: 204),
            HTTPResponse(status: 599, headers: [("X-É", "välue")], body: [0, 1, 2, 255]),
            HTTPResponse.envelope(.tooManyRequests(retryAfter: 3), requestId: "req_x"),
        ]
        for response in responses {
            for keepAlive in [true, false] {
                var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
                for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
                head += "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                head += "Content-Length: \(response.body.count)\r\n"
                head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
                #expect(
                    response.serialized(keepAlive: keepAlive, date: "Sun, 06 Nov 1994 08:49:37 GMT") == Array(head.utf8)
                        + response.body)
            }
        }
    }

    /// The server's original JSON writer (on Strings, by Unicode scalar), replaced by the byte writer:
    /// kept as the oracle.
    static func jsonTextOracle(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSON.format(n)
        case .string(let s):
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        case .array(let items): return "[" + items.map(jsonTextOracle).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map {
                    jsonTextOracle(.string($0.key)) + ":" + jsonTextOracle($0.value)
                }
                .joined(separator: ",") + "}"
        }
    }

    @Test func jsonBytesAreWhatTheTextWriterWrote() {
        var values: [JSON] = [
            nil, true, false, 0, -3, 12.5, 1e20, .number(.nan), "", "plain", "q\"\\\u{1}\n\r\t", "é😀\u{301}",
            "\u{1f}\u{7f}\u{0}",
            ["b": 1, "a": ["x": "q\"\\\u{1}"], "n": 12.5, "é": [1, "two", nil, [:], []]],
            [["linkId": "lnk_1", "params": ["k": "v\u{7f}"]]],
        ]
        let pieces = ["a", "\"", "\\", "\n", "\u{1}", "\u{1f}", " ", "é", "\u{301}", "😀", "/", "\u{2028}"]
        var rng = SplitMix64(seed: 16)
        for _ in 0..<1000 {
            values.append(
                .string(
                    (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()))
        }
        for value in values {
            #expect(value.serializedBytes() == Array(Self.jsonTextOracle(value).utf8), "\(value)")
            #expect(value.serialized() == Self.jsonTextOracle(value))
            #expect(HTTPResponse.json(value).body == Array(Self.jsonTextOracle(value).utf8))
        }
    }

    @Test func headerProblemsInTheOriginalOrder() throws {
        func problem(_ version: String, _ headers: [(String, String)]) throws -> String? {
            try HTTPParser.headerProblem(
                HTTPRequest(
                    method: "GET", target: "/", version: version, headers: headers.map { (name: $0.0, value: $0.1) }))?
                .message
        }
        #expect(try problem("HTTP/1.1", [("Host", "a")]) == nil)
        #expect(try problem("HTTP/1.0", []) == nil)
        #expect(try problem("HTTP/1.1", []) == "HTTP/1.1 requests must have a Host header")
        #expect(try problem("HTTP/1.1", [("Host", "a"), ("HOST", "a")]) == "More than one Host header")
        #expect(
            try problem("HTTP/1.1", [("Authorization", "a"), ("x-api-key", "1"), ("X-API-KEY", "2")])
                == "HTTP/1.1 requests must have a Host header")
        #expect(
            try problem(
                "HTTP/1.1",
                [("host", "h"), ("x-api-key", "1"), ("X-Api-Key", "2"), ("authorization", "a"), ("Authorization", "b")])
                == "More than one authorization header")
        #expect(
            try problem("HTTP/1.0", [("x-api-key", "1"), ("X-Api-Key", "2"), ("Host", "a"), ("Host", "b")])
                == "More than one Host header")
        #expect(try problem("HTTP/1.0", [("x-api-key", "1"), ("X-Api-Key", "2")]) == "More than one x-api-key header")
        #expect(
            try problem("HTTP/1.1", [("Host", "a"), ("Hostx", "b"), ("X-Authorization", "c"), ("Authorization", "d")])
                == nil)
    }

    /// Field names are tokens: compared case-insensitively in ASCII only (RFC 9110 §5.1), so `K` and the
    /// Kelvin sign `\u{212A}` (which `lowercased()` folds to `k`) are different names.
    static func referenceSameName(_ a: String, _ b: String) -> Bool {
        func folded(_ s: String) -> [UInt8] { s.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 } }
        return folded(a) == folded(b)
    }

    @Test func headerLookupsAgreeWithTheASCIICaseInsensitiveComparison() throws {
        let names = [
            "Host", "host", "HOST", "X-Forwarded-For", "x-forwarded-for", "Connection", "X-API-Key", "x-api-\u{212A}ey",
            "Authorization", "authorizatioN", "É", "é", "Content-Length", "content-lengtH", "X", "[", "{", "@", "`",
        ]
        var rng = SplitMix64(seed: 13)
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 0...5, using: &rng)).map { i in
                (name: names.randomElement(using: &rng)!, value: "v\(i)")
            }
            var request = try HTTPRequest(method: "GET", target: "/", headers: fields)
            for round in 0..<2 {
                for name in names {
                    #expect(
                        request.header(name) == request.headers.first { Self.referenceSameName($0.name, name) }?.value,
                        "\(fields) \(name)")
                    #expect(
                        request.count(ofFieldsNamed: name)
                            == request.headers.filter { Self.referenceSameName($0.name, name) }.count)
                }
                if round == 0 { request.headers.append((name: names.randomElement(using: &rng)!, value: "added")) }
            }
        }
        #expect(!HTTPRequest.sameFieldName("X-API-Key", "x-api-\u{212A}ey"))
    }

    @Test func isoTimestampsAreWhatTheFormatStringGave() {
        func reference(_ date: Date) -> String {
            let interval = date.timeIntervalSince1970
            let whole = interval.rounded(.down)
            var millis = Int(((interval - whole) * 1000).rounded())
            var seconds = time_t(whole)
            if millis >= 1000 {
                millis -= 1000
                seconds += 1
            }
            var parts = tm()
            gmtime_r(&seconds, &parts)
            return String(
                format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld.%03ldZ",
                Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), millis)
        }
        var rng = SplitMix64(seed: 14)
        var intervals: [TimeInterval] = [
            0, -0.0004, -0.0005, -1, 0.9995, 0.0005, 59.9999, 1_800_000_000.123, 1_800_000_000.9996,
            -62_135_596_800, -62_135_596_801, -70_000_000_000, 253_402_300_799.999, 253_402_300_800, 1e12,
        ]
        for _ in 0..<3000 { intervals.append(Double.random(in: -3e9...8e9, using: &rng)) }
        for interval in intervals {
            let date = Date(timeIntervalSince1970: interval)
            #expect(ISOTime.string(date) == reference(date), "\(interval)")
        }
    }

    @Test func theAttemptLogKeepsTheNewest500NewestFirst() throws {
        let clock = ManualServerClock()
        let store = try Store(path: nil)
        try store.apply(.demo, now: clock.now())
        let router = Router(backend: Backend(store: store, clock: clock, options: .init(trustForwardedFor: true)))
        func ids(_ target: String) throws -> [String] {
            let request = try HTTPRequest(method: "GET", target: target)
            guard case .respond(let response) = router.handle(request, peer: "127.0.0.1"),
                case .array(let list)? = try JSONParser.parse(response.body)["attempts"]
            else { return [] }
            return list.compactMap { $0["id"]?.stringValue }
        }
        for count in 1...620 {
            let body = "{\"deviceId\":\"ring-device-\(count % 3)\"}"
            let request = try HTTPRequest(
                method: "POST", target: "/match", headers: [("X-Forwarded-For", "10.9.\(count / 250).\(count % 250)")],
                body: Array(body.utf8))
            _ = router.handle(request, peer: "127.0.0.1")
            if [1, 2, 499, 500, 501, 620].contains(count) {
                let kept = min(count, 500)
                #expect(try ids("/dev/match-attempts?limit=200") == (0..<min(kept, 200)).map { "att_\(count - $0)" })
                let mine = (count - kept + 1...count).reversed().filter { $0 % 3 == 1 }.prefix(200).map { "att_\($0)" }
                #expect(try ids("/dev/match-attempts?limit=200&deviceId=ring-device-1") == mine)
            }
        }
        #expect(try ids("/dev/match-attempts?limit=3&deviceId=ring-device-2") == ["att_620", "att_617", "att_614"])
    }

    @Test func bodyValidationReportsUnknownFieldsSortedAndOnlyThen() throws {
        let validator = MatchRoute.validator
        #expect(
            try validator.validate(Array(#"{"deviceId":"abcdefgh","platform":"iOS","timezone":null}"#.utf8)) == [
                "deviceId": "abcdefgh", "platform": "iOS",
            ])
        #expect(throws: OptoLinkServerError.self) {
            try validator.validate(Array(#"{"deviceId":"abcdefgh","x":null}"#.utf8))
        }
        for body in [#"{"zeta":1,"alpha":2,"deviceId":"abcdefgh","beta":null}"#, #"{"platform":1,"b":2,"a":3}"#] {
            do {
                _ = try validator.validate(Array(body.utf8))
                Issue.record("accepted \(body)")
            } catch {
                let unknown = error.details.filter { $0.message.hasSuffix("should not exist") }.compactMap(\.field)
                #expect(unknown == unknown.sorted() && !unknown.isEmpty, "\(error.details)")
            }
        }
        var changed = BodyValidator(fields: [.init(name: "a", kind: .string(min: 0, max: 5), required: false)])
        #expect(throws: OptoLinkServerError.self) { try changed.validate(Array(#"{"b":"x"}"#.utf8)) }
        changed.fields.append(.init(name: "b", kind: .string(min: 0, max: 5), required: false))
        #expect(try changed.validate(Array(#"{"b":"x"}"#.utf8)) == ["b": "x"])
    }

    @Test func requestAndLinkIdsAreRandomHex() {
        var seen = Set<String>()
        for _ in 0..<2000 {
            for (id, prefix) in [(RandomToken.requestID(), "req_"), (RandomToken.linkID(), "lnk_")] {
                #expect(id.hasPrefix(prefix) && id.utf8.count == 20)
                #expect(id.utf8.dropFirst(4).allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
                seen.insert(id)
            }
        }
        #expect(seen.count == 4000)
    }
}
