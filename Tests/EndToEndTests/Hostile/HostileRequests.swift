import Foundation

/// Builds hostile requests: raw byte strings, and the table of every route with a JSON body, each
/// field's type and limits, from which the wrong-type / oversized / missing inputs are generated.
enum HostileRequests {
    static let clientKey = "opl_sdk_demo_client_key_0000000001"
    static let serverKey = "opl_api_demo_server_key_0000000001"

    /// What a field may hold on the server (README-SERVER "Validation and limits").
    enum Kind {
        case string(min: Int, max: Int)
        case integer
        case number
        case object(maxBytes: Int)
    }

    struct Field {
        var name: String
        var kind: Kind
        var required: Bool
    }

    struct Route {
        var method: String
        var path: String
        /// `Authorization` value, if the route needs one.
        var authorization: String?
        /// A body the server accepts (every generated input changes exactly one thing in it).
        var base: [String: String]
        var fields: [Field]
    }

    /// One input and what the server must answer.
    struct Probe {
        enum Expect {
            /// Any 4xx.
            case clientError
            /// This exact status.
            case status(Int)
            /// 400 whose `details` name this field.
            case invalidField(String)
        }

        var label: String
        var bytes: [UInt8]
        var expect: Expect
    }

    static let deviceId = "\"hostile-device-0001\""

    /// Every route that takes a JSON body. `linkId` is an existing link's id (for PATCH).
    static func routes(linkId: String) -> [Route] {
        let text = 100
        let fingerprint = ["platform", "osVersion", "deviceModel", "language", "timezone"].map {
            Field(name: $0, kind: .string(min: 0, max: text), required: false)
        }
        return [
            Route(
                method: "POST", path: "/match", authorization: nil,
                base: ["deviceId": deviceId, "platform": "\"iOS\""],
                fields: [
                    Field(name: "clipboardToken", kind: .string(min: 0, max: 100), required: false),
                    Field(name: "installReferrer", kind: .string(min: 0, max: 100), required: false),
                    Field(name: "deviceId", kind: .string(min: 8, max: 100), required: false),
                ] + fingerprint),
            Route(
                method: "POST", path: "/sdk/session", authorization: "Bearer \(clientKey)",
                base: ["deviceId": deviceId],
                fields: [
                    Field(name: "deviceId", kind: .string(min: 8, max: 100), required: true)
                ] + fingerprint.prefix(3)),
            Route(
                method: "POST", path: "/sdk/identity", authorization: "Bearer \(clientKey)",
                base: ["deviceId": deviceId, "externalId": "\"user-1\""],
                fields: [
                    Field(name: "deviceId", kind: .string(min: 8, max: 100), required: true),
                    Field(name: "externalId", kind: .string(min: 1, max: 255), required: true),
                ] + fingerprint.prefix(3)),
            Route(
                method: "POST", path: "/sdk/identity/clear", authorization: "Bearer \(clientKey)",
                base: ["deviceId": deviceId],
                fields: [
                    Field(name: "deviceId", kind: .string(min: 8, max: 100), required: true)
                ]),
            Route(
                method: "POST", path: "/sdk/events", authorization: "Bearer \(clientKey)",
                base: ["deviceId": deviceId, "eventName": "\"purchase\""],
                fields: [
                    Field(name: "deviceId", kind: .string(min: 8, max: 100), required: true),
                    Field(name: "eventName", kind: .string(min: 1, max: 100), required: true),
                    Field(name: "properties", kind: .object(maxBytes: 10_240), required: false),
                ]),
            Route(
                method: "POST", path: "/links", authorization: "Bearer \(serverKey)",
                base: ["shortCode": "\"hostile1\"", "path": "\"/h\""],
                fields: [
                    Field(name: "shortCode", kind: .string(min: 1, max: 64), required: true),
                    Field(name: "path", kind: .string(min: 1, max: 2048), required: true),
                    Field(name: "params", kind: .object(maxBytes: 10_240), required: false),
                    Field(name: "template", kind: .string(min: 1, max: 100), required: false),
                    Field(name: "matchWindowHours", kind: .integer, required: false),
                ]),
            Route(
                method: "PATCH", path: "/links/\(linkId)", authorization: "Bearer \(serverKey)", base: [:],
                fields: [
                    Field(name: "shortCode", kind: .string(min: 1, max: 64), required: false),
                    Field(name: "path", kind: .string(min: 1, max: 2048), required: false),
                    Field(name: "params", kind: .object(maxBytes: 10_240), required: false),
                    Field(name: "template", kind: .string(min: 1, max: 100), required: false),
                    Field(name: "matchWindowHours", kind: .integer, required: false),
                ]),
            Route(
                method: "POST", path: "/dev/deferred/simulate", authorization: nil,
                base: ["orgKey": "\"demo\"", "shortCode": "\"summer\""],
                fields: [
                    Field(name: "orgKey", kind: .string(min: 1, max: 100), required: true),
                    Field(name: "shortCode", kind: .string(min: 1, max: 64), required: true),
                    Field(name: "ageSeconds", kind: .number, required: false),
                ] + fingerprint),
            Route(
                method: "POST", path: "/dev/faults", authorization: nil,
                base: ["route": "\"match\"", "kind": "\"status\"", "status": "503", "count": "1"],
                fields: [
                    Field(name: "route", kind: .string(min: 1, max: 20), required: true),
                    Field(name: "kind", kind: .string(min: 1, max: 20), required: true),
                    Field(name: "status", kind: .integer, required: false),
                    Field(name: "delaySeconds", kind: .number, required: false),
                    Field(name: "count", kind: .integer, required: false),
                ]),
        ]
    }

    /// JSON values of the wrong type for a field of `kind` (null is not among them: on an optional
    /// field it counts as absent).
    static func wrongTypes(_ kind: Kind) -> [String] {
        switch kind {
        case .string: ["1", "-1.5", "0", "true", "false", "[]", "[\"x\"]", "{}", "{\"a\":\"b\"}"]
        case .integer: ["\"5\"", "\"x\"", "true", "[]", "[5]", "{}", "1.5", "-1", "1e12"]
        case .number: ["\"5\"", "\"x\"", "true", "[]", "{}", "-1", "1e12"]
        case .object: ["\"x\"", "\"{}\"", "1", "true", "[]", "[1]"]
        }
    }

    /// Values out of a field's limits: one code point too many, one too few, an object over its size.
    static func outOfLimits(_ kind: Kind) -> [String] {
        switch kind {
        case .string(let min, let max):
            var values = ["\"" + String(repeating: "é", count: max + 1) + "\""]
            if min > 0 { values.append("\"" + String(repeating: "x", count: min - 1) + "\"") }
            return values
        case .integer, .number: return []
        case .object(let maxBytes): return ["{\"k\":\"" + String(repeating: "x", count: maxBytes) + "\"}"]
        }
    }

    /// Every generated body input for `route`: wrong types and out-of-limit values for every field,
    /// missing required fields, null in required fields, an unknown field, non-object and broken JSON,
    /// deep nesting, invalid UTF-8 and a body over 1 MiB.
    static func bodyProbes(_ route: Route) -> [Probe] {
        var probes: [Probe] = []
        func body(_ members: [String: String]) -> [UInt8] {
            Array(
                ("{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
                    + "}").utf8)
        }
        for field in route.fields {
            for value in wrongTypes(field.kind) + outOfLimits(field.kind) {
                var members = route.base
                members[field.name] = value
                probes.append(
                    Probe(
                        label: "\(route.path) \(field.name)=\(value.prefix(20))",
                        bytes: request(route, body: body(members)),
                        expect: .invalidField(field.name)))
            }
            if field.required {
                var members = route.base
                members[field.name] = nil
                probes.append(
                    Probe(
                        label: "\(route.path) without \(field.name)", bytes: request(route, body: body(members)),
                        expect: .invalidField(field.name)))
                members[field.name] = "null"
                probes.append(
                    Probe(
                        label: "\(route.path) \(field.name)=null", bytes: request(route, body: body(members)),
                        expect: .invalidField(field.name)))
            }
        }
        var unknown = route.base
        unknown["isAdmin"] = "true"
        probes.append(
            Probe(
                label: "\(route.path) unknown field", bytes: request(route, body: body(unknown)),
                expect: .invalidField("isAdmin")))
        let broken: [(String, [UInt8])] = [
            ("array", Array("[]".utf8)), ("string", Array("\"x\"".utf8)), ("number", Array("1".utf8)),
            ("null", Array("null".utf8)),
            ("true", Array("true".utf8)), ("truncated", Array("{\"deviceId\":\"abc".utf8)),
            ("no value", Array("{\"a\":}".utf8)),
            ("trailing data", body(route.base) + Array("{}".utf8)), ("single quotes", Array("{'a':1}".utf8)),
            ("comment", Array("{/* x */}".utf8)), ("NaN", Array("{\"a\":NaN}".utf8)),
            ("number out of range", Array("{\"a\":1e999}".utf8)),
            ("nesting 65", Array((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8)),
            (
                "nesting 10 000",
                Array((String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)).utf8)
            ),
            ("unclosed 100 000", Array(String(repeating: "[", count: 100_000).utf8)),
            ("invalid UTF-8 in a string", Array("{\"deviceId\":\"ab".utf8) + [0xFF, 0xFE] + Array("cdefgh\"}".utf8)),
            ("invalid UTF-8 in a key", Array("{\"".utf8) + [0xC3, 0x28] + Array("\":1}".utf8)),
            ("lone surrogate", Array("{\"deviceId\":\"\\ud800abcdefgh\"}".utf8)),
            ("raw control byte", Array("{\"deviceId\":\"ab\u{01}cdefgh\"}".utf8)),
            ("UTF-16", Array("{\"a\":1}".data(using: .utf16)!)),
        ]
        for (label, bytes) in broken {
            probes.append(
                Probe(label: "\(route.path) \(label)", bytes: request(route, body: bytes), expect: .status(400)))
        }
        probes.append(
            Probe(
                label: "\(route.path) body over 1 MiB",
                bytes: request(route, body: Array(repeating: UInt8(ascii: " "), count: 1024 * 1024 + 1)),
                expect: .status(413)))
        return probes
    }

    /// The number of inputs ``bodyProbes(_:)`` makes for `route`, counted from the table.
    static func expectedBodyProbeCount(_ route: Route) -> Int {
        route.fields.reduce(0) { sum, field in
            sum + wrongTypes(field.kind).count + outOfLimits(field.kind).count + (field.required ? 2 : 0)
        } + 1 + 20 + 1
    }

    private static let addresses = HostileCounter()

    /// A complete request for `route` with `body`, from its own client address (so no rate limit
    /// interferes: the server trusts `X-Forwarded-For` in these tests).
    static func request(_ route: Route, body: [UInt8]) -> [UInt8] {
        var headers = [("Content-Type", "application/json")]
        if let authorization = route.authorization { headers.append(("Authorization", authorization)) }
        return request(route.method, route.path, headers: headers, body: body)
    }

    /// A complete request: `Host`, `Content-Length`, `Connection: close` and a fresh `X-Forwarded-For`.
    static func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = [])
        -> [UInt8]
    {
        let n = addresses.take() + 1
        var head =
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            + "X-Forwarded-For: 10.66.\(n / 250 % 250).\(n % 250 + 1)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
