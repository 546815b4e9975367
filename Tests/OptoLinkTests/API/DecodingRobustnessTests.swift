import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

/// Bodies a 2xx answer must never be accepted with, per endpoint that reads its body.
enum MalformedBodies {
    /// Invalid values for a required string field (nil = the field is missing).
    static let notAString: [String?] = [nil, "1", "-3.5e2", "true", "false", "null", "[]", "[1,2]", "{\"a\":1}"]
    /// Invalid values for an optional object field.
    static let notAnObject: [String?] = ["1", "-3.5e2", "true", "false", "\"text\"", "[]", "[1,2]"]
    /// Invalid values for the required Boolean `matched`.
    static let notABool: [String?] = [nil, "1", "0", "\"true\"", "null", "[]", "{}"]
    static let nonObjects = ["1", "\"x\"", "[]", "[{}]", "null", "true", "1e999", "-", "", " ", "\u{FEFF}"]

    static func generate(
        count: Int, seed: UInt64, valid: [String], invalidFields: [(String, [String?])], topLevel: [String: String?]
    ) -> [Data] {
        var rng = SeededRandom(seed: seed)
        var bodies: [Data] = []
        bodies.append(Data())
        bodies.append(Data("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>".utf8))
        bodies.append(Data(String(repeating: "[", count: 100_000).utf8))
        bodies.append(Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8))
        bodies.append(
            Data((String(repeating: "{\"a\":", count: 5_000) + "1" + String(repeating: "}", count: 5_000)).utf8))
        bodies.append(Data(count: 2 * 1024 * 1024))  // 2 MiB of zero bytes
        bodies.append(Data(("{\"path\":\"" + String(repeating: "x", count: 2 * 1024 * 1024) + "\"}").utf8))
        // {"path":"<bad UTF-8>"}
        bodies.append(Data([0x7B, 0x22, 0x70, 0x61, 0x74, 0x68, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))
        bodies += nonObjects.map { Data($0.utf8) }
        while bodies.count < count {
            switch rng.next() % 4 {
            case 0:  // random bytes that cannot start an object
                var bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if bytes.first == UInt8(ascii: "{")
                    || bytes.first.map({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) == true
                {
                    bytes[0] = UInt8(ascii: "<")
                }
                bodies.append(Data(bytes))
            case 1:  // a valid answer cut short
                let text = valid[Int(rng.next() % UInt64(valid.count))]
                let cut = Int(rng.next() % UInt64(text.utf8.count))
                bodies.append(Data(text.utf8.prefix(cut)))
            case 2:  // one field made invalid (wrong type, or missing when required)
                guard !invalidFields.isEmpty else { fallthrough }
                var object = topLevel
                let (field, invalid) = invalidFields[Int(rng.next() % UInt64(invalidFields.count))]
                object[field] = invalid[Int(rng.next() % UInt64(invalid.count))]
                let members = object.sorted { $0.key < $1.key }.compactMap { member in
                    member.value.map { "\"\(member.key)\":\($0)" }
                }
                bodies.append(Data(("{" + members.joined(separator: ",") + "}").utf8))
            default:  // not an object at all, with some noise around it
                let base = nonObjects[Int(rng.next() % UInt64(nonObjects.count))]
                bodies.append(Data((base + (rng.next() % 2 == 0 ? "" : " }")).utf8))
            }
        }
        return bodies
    }
}

@Suite("Decoding robustness")
struct DecodingRobustnessTests {
    typealias Call = @Sendable (OptoLinkAPI) async throws -> Void

    static let calls: [(Endpoint, Call)] = [
        (.linkData, { api in _ = try await api.linkData(shortCode: "summer", deviceId: "device-1234") }),
        (
            .match,
            { api in
                _ = try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
            }
        ),
        (.session, { api in _ = try await api.registerSession(deviceId: "device-1234", fingerprint: nil) }),
        (
            .identity,
            { api in _ = try await api.setIdentity(externalId: "u", deviceId: "device-1234", fingerprint: nil) }
        ),
        (.identityClear, { api in _ = try await api.clearIdentity(deviceId: "device-1234") }),
        (.events, { api in try await api.sendEvent(name: "e", properties: nil, deviceId: "device-1234") }),
    ]

    static func bodies(for endpoint: Endpoint, count: Int) -> [Data] {
        switch endpoint {
        case .linkData:
            return MalformedBodies.generate(
                count: count, seed: 1, valid: [Fixtures.summerJSON],
                invalidFields: [("path", MalformedBodies.notAString), ("params", MalformedBodies.notAnObject)],
                topLevel: ["linkId": "\"l\"", "path": "\"/p\"", "params": "{}"])
        case .match:
            return MalformedBodies.generate(
                count: count, seed: 2, valid: [Fixtures.matchedJSON, Fixtures.noMatchJSON],
                invalidFields: [
                    ("matched", MalformedBodies.notABool), ("path", MalformedBodies.notAString),
                    ("params", MalformedBodies.notAnObject),
                ],
                topLevel: ["matched": "true", "path": "\"/p\"", "params": "{}", "matchMethod": "\"CLIPBOARD\""])
        case .session, .identity, .identityClear, .events:
            return MalformedBodies.generate(
                count: count, seed: 3 + UInt64(endpoint.rawValue.count),
                valid: [Fixtures.sessionJSON, Fixtures.identityJSON, Fixtures.clearJSON],
                invalidFields: [], topLevel: [:])
        }
    }

    @Test func malformedSuccessBodiesBecomeInvalidResponseErrors() async throws {
        var checked = 0
        for (endpoint, call) in Self.calls where endpoint != .events {  // events ignore the body of a 2xx
            let bodies = Self.bodies(for: endpoint, count: 500)
            let transport = ScriptedTransport(bodies.map { .response(status: 200, body: $0) })
            let api = try OptoLinkAPI(
                configuration: Fixtures.configuration(maxRetries: 0), transport: transport, clock: ManualClock())
            for (index, body) in bodies.enumerated() {
                do {
                    try await call(api)
                    Issue.record(
                        """
                        \(endpoint) accepted malformed body #\(index): \
                        \(String(decoding: body.prefix(120), as: UTF8.self))
                        """
                    )
                } catch let error as OptoLinkError {
                    #expect(error == .invalidResponse, "\(endpoint) #\(index): \(error)")
                    #expect(error.status == 200)
                }
                checked += 1
            }
        }
        #expect(checked == 2500)
    }

    @Test func malformedErrorBodiesBecomeHTTPErrorsOnEveryEndpoint() async throws {
        var rng = SeededRandom(seed: 42)
        let statuses = [400, 401, 403, 404, 409, 422, 429, 451]
        var checked = 0
        for (endpoint, call) in Self.calls {
            let bodies = Self.bodies(for: endpoint, count: 300)
            let answers = bodies.map { body in
                ScriptedTransport.Answer.response(
                    status: statuses[Int(rng.next() % UInt64(statuses.count))], body: body)
            }
            let transport = ScriptedTransport(answers)
            let api = try OptoLinkAPI(
                configuration: Fixtures.configuration(maxRetries: 0), transport: transport, clock: ManualClock())
            for index in bodies.indices {
                do {
                    try await call(api)
                    Issue.record("\(endpoint) accepted an error answer #\(index)")
                } catch let error as OptoLinkError {
                    #expect(error == .httpStatus, "\(endpoint) #\(index): \(error)")
                    #expect(statuses.contains(error.status))
                    #expect(!error.message.isEmpty)
                }
                checked += 1
            }
        }
        #expect(checked == 1800)
    }

    @Test func validAnswersDecodeLeniently() async throws {
        let transport = ScriptedTransport([
            .response(status: 200, json: #"{"linkId":"l","path":"/p","params":null,"extra":[1,{"x":null}]}"#),
            .response(
                status: 200,
                json:
                    #"{"matched":true,"matchMethod":"TELEPATHY","#
                    + #""matchConfidence":"certain","matchScore":78.5,"path":"/p"}"#
            ),
            .response(status: 200, json: #"{"ok":true}"#),
        ])
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: ManualClock())
        let link = try await api.linkData(shortCode: "s", deviceId: nil)
        #expect(link == OptoLinkData(linkId: "l", path: "/p", params: [:], matchType: .direct, isDeferred: false))
        let match = try #require(
            try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint))
        #expect(match.matchType == .unknown("TELEPATHY"))
        #expect(match.confidence == .unknown("certain"))
        #expect(match.matchScore == 78.5)
        #expect(match.linkId == nil)
        #expect(match.isDeferred)
        let session = try await api.registerSession(deviceId: "device-1234", fingerprint: nil)
        #expect(session == SessionInfo(deviceId: "device-1234", firstSeenAt: "", lastSeenAt: ""))
    }
}
