import Foundation
import Testing

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// The attach protocol's lines: every message and every diagnostic kind round-trip; other versions,
/// oversized, malformed and mistyped lines are refused with a reason; nothing traps.
@Suite("Inspector wire format")
struct InspectorWireTests {
    static let link = OptoLinkData(
        linkId: "l-summer", path: "/promo/summer",
        params: ["campaign": "summer", "n": 3, "nested": ["a": [1, true, nil]]],
        matchType: .fingerprintScored, confidence: .medium, matchScore: 72.5, isDeferred: true)

    /// One value of every `Diagnostic.Kind` case (a new case fails `everyKindHasAWireName`).
    static let everyKind: [Diagnostic.Kind] = [
        .requestStarted(requestID: 1, endpoint: .match, attempt: 1),
        .responseReceived(requestID: 1, endpoint: .match, attempt: 1, status: 503, duration: 0.0125),
        .requestFailed(requestID: 2, endpoint: .linkData, attempt: 2, reason: "connection refused", duration: 1.5),
        .retryScheduled(requestID: 1, endpoint: .match, attempt: 1, delay: 2),
        .gaveUp(requestID: 3, endpoint: .events, attempts: 3, reason: "HTTP 503"),
        .requestFinished(requestID: 1, endpoint: .match, attempts: 2, status: 200),
        .requestFinished(requestID: 4, endpoint: .identityClear, attempts: 3, status: nil),
        .matchResult(link),
        .matchResult(nil),
        .linkDelivered(OptoLinkData(linkId: nil, path: "/p", matchType: .unknown("FUTURE"), isDeferred: false)),
        .sessionRegistered(
            deviceId: "d-1", firstSeenAt: "2026-01-01T00:00:00.000Z", lastSeenAt: "2026-01-02T00:00:00.000Z"),
        .identityChanged(externalId: "user-42"),
        .identityChanged(externalId: nil),
        .eventQueued(name: "tap", queued: 2),
        .eventSent(name: "tap", queued: 1),
        .eventDropped(name: "tap", reason: "queue full"),
        .log(level: .error, message: "setIdentity refused: \"quotes\", new\nline, ünïcödé ✔"),
    ]

    static let hello = InspectorHello(
        token: "k7m2-x9qp", session: "S-1", app: "com.example.app", sdkVersion: "0.1.0", sdkPlatform: "ios",
        provider: "optolink",
        orgKey: "demo", baseURLHost: "links.demo.test", apiKeyPrefix: "opl_sdk_demo…", deviceId: "D-1",
        fingerprint: Fingerprint(
            platform: "iOS", osVersion: "17.4", deviceModel: "iPhone15,2", language: "en-US",
            timezone: "Europe/Berlin"),
        launchState: .firstLaunchPending, queuedEvents: 2, clipboardReading: .atFirstLaunch, pasteboard: .unknown,
        allowsCommands: true,
        clock: 1234.5)

    static func roundTrip(_ message: InspectorMessage) throws -> InspectorDecoding {
        let line = try #require(InspectorLineCodec.encode(message))
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A), "a line holds exactly one newline, at its end")
        return InspectorLineCodec.decode(line.dropLast())
    }

    @Test func everyDiagnosticKindRoundTripsWithItsTimeAndSequence() throws {
        for (index, kind) in Self.everyKind.enumerated() {
            let wire = InspectorDiagnostic(seq: index + 1, Diagnostic(time: 100 + Double(index) / 8, kind: kind))
            #expect(try Self.roundTrip(.diagnostic(wire)) == .message(.diagnostic(wire)), "\(kind)")
        }
    }

    @Test func tinyAndHugeNumbersTheEncoderWritesWithAnExponentRoundTrip() throws {
        // JSONEncoder writes 0.00001 as 1e-05: the decoder must accept what the encoder writes.
        let wire = InspectorDiagnostic(
            seq: 1,
            Diagnostic(
                time: 1e21,
                kind: .responseReceived(
                    requestID: 1, endpoint: .linkData, attempt: 1, status: 200, duration: 0.00001)))
        let line = try #require(InspectorLineCodec.encode(.diagnostic(wire)))
        #expect(String(decoding: line, as: UTF8.self).contains("e-05"))
        #expect(InspectorLineCodec.decode(line.dropLast()) == .message(.diagnostic(wire)))
    }

    @Test func everyKindHasAWireName() {
        let names = Set(Self.everyKind.map(InspectorDiagnostic.name(of:)))
        #expect(names.count == 14)
    }

    @Test func everyOtherMessageRoundTrips() throws {
        let messages: [InspectorMessage] = [
            .hello(Self.hello),
            .welcome(InspectorWelcome(dashboard: "optolink-dash 0.1.0")),
            .refused(InspectorRefusal(reason: .token, message: "wrong token")),
            .refused(
                InspectorRefusal(
                    reason: InspectorRefusal.Reason(rawValue: "future"), message: "a reason of a newer peer")),
            .dropped(count: 17),
            .command(InspectorCommand(id: 7, name: .openLink, args: ["shortCode": "summer"])),
            .command(InspectorCommand(id: 8, name: InspectorCommandName(rawValue: "future"))),
            .commandResult(
                InspectorCommandResult(id: 7, ok: false, detail: "refused: the app did not set allowsCommands")),
        ]
        for message in messages {
            #expect(try Self.roundTrip(message) == .message(message), "\(message.type)")
        }
    }

    @Test func linesAreFlatObjectsWithVersionAndType() throws {
        let line = try #require(
            InspectorLineCodec.encode(
                .diagnostic(
                    InspectorDiagnostic(
                        seq: 3,
                        Diagnostic(
                            time: 2.5, kind: .retryScheduled(requestID: 1, endpoint: .match, attempt: 1, delay: 1))))))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["v"] as? Int == 1)
        #expect(object["type"] as? String == "diagnostic")
        #expect(object["kind"] as? String == "retryScheduled")
        #expect(object["endpoint"] as? String == "match")
        #expect(object["delay"] as? Double == 1)
        #expect(object["seq"] as? Int == 3)
        let dropped = String(decoding: try #require(InspectorLineCodec.encode(.dropped(count: 3))), as: UTF8.self)
        #expect(dropped.contains(#""count":3"#) && dropped.contains(#""type":"dropped""#))
    }

    @Test func theHelloNeverCarriesTheWholeKey() {
        let key = "opl_sdk_demo_client_key_0000000001"
        let prefix = InspectorHello.prefix(ofKey: key)
        #expect(prefix == "opl_sdk_demo…")
        #expect(!prefix.contains(key))
    }

    // MARK: Versions

    @Test func anotherVersionIsRefusedAndSaysWhichOnes() {
        for version in ["2", "0", "1.5", "-1"] {
            let line = #"{"v":\#(version),"type":"hello"}"#
            guard case .refused(let refusal) = InspectorLineCodec.decode(Array(line.utf8)) else {
                Issue.record("v\(version) accepted")
                continue
            }
            #expect(refusal.reason == .version)
            #expect(refusal.message.contains("v1") && refusal.message.contains("v\(version)"), "\(refusal.message)")
        }
    }

    @Test func aMissingOrNonNumericVersionIsMalformed() {
        for line in [#"{"type":"hello"}"#, #"{"v":"1","type":"hello"}"#, #"{"v":null,"type":"dropped","count":1}"#] {
            #expect(Self.reason(line) == .malformed, "\(line)")
        }
    }

    @Test func everyLineShownInTheAttachGuideDecodes() throws {
        // Given the JSON lines of docs/attach.md's examples (captured from optolink-example-app)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/attach.md"), encoding: .utf8)
        var inBlock = false
        var lines: [String] = []
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```json"
                continue
            }
            if inBlock, line.hasPrefix("{") { lines.append(String(line)) }
        }

        // When each is decoded, then it is a message of this version (hello, diagnostics, commands, results)
        #expect(lines.count >= 9)
        var types: Set<String> = []
        for line in lines {
            guard case .message(let message) = InspectorLineCodec.decode(Array(line.utf8)) else {
                Issue.record("does not decode: \(line)")
                continue
            }
            types.insert(message.type)
        }
        #expect(types == ["hello", "diagnostic", "command", "commandResult"])
    }

    @Test func anUnknownTypeOfThisVersionIsIgnoredNotRefused() {
        #expect(InspectorLineCodec.decode(Array(#"{"v":1,"type":"ping","extra":[1,2]}"#.utf8)) == .unknownType("ping"))
    }

    @Test func anUnknownDiagnosticKindOrEndpointIsKeptByName() {
        let future = #"{"v":1,"type":"diagnostic","seq":1,"time":1,"kind":"paywallShown","screen":"home"}"#
        #expect(
            InspectorLineCodec.decode(Array(future.utf8))
                == .message(.diagnostic(InspectorDiagnostic(seq: 1, time: 1, kind: .unknown(name: "paywallShown")))))
        let endpoint =
            #"{"v":1,"type":"diagnostic","seq":2,"time":1,"kind":"requestStarted","#
            + #""requestID":1,"endpoint":"sdk/future","attempt":1}"#
        #expect(
            InspectorLineCodec.decode(Array(endpoint.utf8))
                == .message(.diagnostic(InspectorDiagnostic(seq: 2, time: 1, kind: .unknown(name: "requestStarted")))))
        let level = #"{"v":1,"type":"diagnostic","seq":3,"time":1,"kind":"log","level":"trace","message":"m"}"#
        #expect(
            InspectorLineCodec.decode(Array(level.utf8))
                == .message(
                    .diagnostic(InspectorDiagnostic(seq: 3, time: 1, kind: .known(.log(level: .warning, message: "m"))))
                ))
    }

    // MARK: Hostile lines

    static func reason(_ line: String) -> InspectorRefusal.Reason? {
        if case .refused(let refusal) = InspectorLineCodec.decode(Array(line.utf8)) { return refusal.reason }
        return nil
    }

    @Test func aLineOverTheLimitIsRefusedBeforeParsing() {
        let huge =
            #"{"v":1,"type":"dropped","count":1,"pad":""#
            + String(repeating: "x", count: InspectorProtocol.maxLineBytes) + #""}"#
        #expect(Self.reason(huge) == .tooLong)
    }

    @Test func malformedJSONIsRefused() {
        let lines = [
            "", "not json", "{", #"{"v":1,"type":"hello""#, "[1,2,3]", "42", #""a string""#, "null",
            #"{"v":1,"type":"dropped","count":1} trailing"#, #"{"v":1,"type":"dropped","count":1}{"v":1}"#,
            "{\"v\":1,\"type\":\"log\u{01}\"}", #"{'v':1}"#, #"{"v":1,"type":"dropped","count":01}"#,
        ]
        for line in lines {
            #expect(Self.reason(line) == .malformed, "\(line.debugDescription)")
        }
    }

    @Test func invalidUTF8AndDeepNestingAreRefusedWithoutTrapping() {
        var bytes = Array(#"{"v":1,"type":"hello","token":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        guard case .refused(let refusal) = InspectorLineCodec.decode(bytes) else {
            Issue.record("bad UTF-8 accepted")
            return
        }
        #expect(refusal.reason == .malformed)
        bytes =
            Array(#"{"v":1,"type":"command","id":1,"name":"x","args":{"a":"#.utf8)
            + Array(repeating: UInt8(ascii: "["), count: 30_000)
            + Array(repeating: UInt8(ascii: "]"), count: 30_000) + Array("}}".utf8)
        #expect(InspectorLineCodec.decode(bytes) != .message(.dropped(count: 0)))
        guard case .refused(let deep) = InspectorLineCodec.decode(bytes) else {
            Issue.record("30 000 levels accepted")
            return
        }
        #expect(deep.reason == .malformed)
    }

    @Test func wrongTypesAndMissingFieldsNameTheField() {
        let cases: [(String, String)] = [
            (#"{"v":1,"type":"diagnostic","seq":"one","time":1,"kind":"log","level":"error","message":"m"}"#, "seq"),
            (
                #"{"v":1,"type":"diagnostic","seq":1,"time":1,"kind":"requestStarted","#
                    + #""requestID":1.5,"endpoint":"match","attempt":1}"#,
                "requestID"
            ),
            (
                #"{"v":1,"type":"diagnostic","seq":1,"time":1,"kind":"requestStarted","endpoint":"match","attempt":1}"#,
                "requestID"
            ),
            (#"{"v":1,"type":"diagnostic","seq":1,"time":1,"kind":"linkDelivered","link":{"path":7}}"#, "link"),
            (#"{"v":1,"type":"command","id":1,"name":"openLink","args":[1]}"#, "args"),
            (#"{"v":1,"type":"commandResult","id":1,"ok":"yes","detail":"d"}"#, "ok"),
            (#"{"v":1,"type":"hello","token":"t"}"#, "session"),
            (#"{"v":1,"type":"dropped","count":-3}"#, "count"),
            (#"{"v":1,"type":"dropped","count":1e300}"#, "count"),
            (#"{"v":1,"type":7}"#, "type"),
        ]
        for (line, field) in cases {
            guard case .refused(let refusal) = InspectorLineCodec.decode(Array(line.utf8)) else {
                Issue.record("accepted: \(line)")
                continue
            }
            #expect(refusal.reason == .malformed, "\(line)")
            #expect(refusal.message.contains(field), "\(refusal.message) should name \(field)")
        }
    }

    @Test func aHelloWithOversizedFieldsIsRefused() throws {
        var hello = Self.hello
        hello.deviceId = String(repeating: "d", count: 129)
        let line = try #require(InspectorLineCodec.encode(.hello(hello)))
        guard case .refused(let refusal) = InspectorLineCodec.decode(line.dropLast()) else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.reason == .malformed && refusal.message.contains("deviceId"))
    }

    @Test func aTrailingCarriageReturnIsTolerated() {
        #expect(
            InspectorLineCodec.decode(Array("{\"v\":1,\"type\":\"dropped\",\"count\":2}\r".utf8))
                == .message(.dropped(count: 2)))
    }

    // MARK: Bounds on what the SDK sends

    @Test func longStringsAreCutAtACharacterBoundary() throws {
        let message = String(repeating: "é", count: 5_000)  // 10 000 bytes
        let wire = InspectorDiagnostic(seq: 1, Diagnostic(time: 0, kind: .log(level: .error, message: message)))
        guard case .known(.log(_, let cut)) = wire.kind else {
            Issue.record("kind changed")
            return
        }
        #expect(cut.utf8.count <= InspectorProtocol.maxStringBytes)
        #expect(cut.hasSuffix("…") && cut.dropLast().allSatisfy { $0 == "é" })
    }

    @Test func aLinkWithHugeParamsIsSentWithoutThem() throws {
        let big = OptoLinkData(
            linkId: "l", path: "/big", params: ["blob": .string(String(repeating: "x", count: 70_000))],
            matchType: .direct, isDeferred: false)
        let line = try #require(
            InspectorLineCodec.encode(
                .diagnostic(InspectorDiagnostic(seq: 1, Diagnostic(time: 0, kind: .linkDelivered(big))))))
        #expect(line.count <= InspectorProtocol.maxLineBytes)
        guard case .message(.diagnostic(let wire)) = InspectorLineCodec.decode(line.dropLast()),
            case .known(.linkDelivered(let sent)) = wire.kind
        else {
            Issue.record("not decoded")
            return
        }
        #expect(sent.path == "/big" && sent.params["blob"] == nil && sent.params["_optolinkInspector"] != nil)
    }
}
