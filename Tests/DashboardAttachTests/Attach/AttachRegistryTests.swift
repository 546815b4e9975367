import OptoLink
import OptoLinkInspectorWire
import Testing

@testable import DashboardAttach
@testable import DashboardCore

/// The bookkeeping behind attach: device keys, launches, clocks, sizes; and the handshake's verdicts.
@Suite("Attach: registry and handshake")
struct AttachRegistryTests {
    @Test func timesMoveOntoTheDashboardsClockAndANewLaunchContinuesTheRequestIds() throws {
        // Given an app whose clock read 50 when the dashboard's read 1 000
        var registry = AttachRegistry()
        let first = registry.attach(connection: 7, hello: AttachFixtures.hello(session: "S1", clock: 50), at: 1_000)
        #expect(first == AttachRegistry.Attachment(key: 1, returning: false, evicted: nil))
        let diagnostic = InspectorDiagnostic(
            seq: 1, time: 52, kind: .known(.requestStarted(requestID: 4, endpoint: .match, attempt: 1)))
        let mappedValue = registry.translate(connection: 7, diagnostic)
        let mapped = try #require(mappedValue)
        #expect(mapped.key == 1 && mapped.time == 1_002)
        #expect(mapped.event == .requestStarted(requestID: 4, endpoint: "match", attempt: 1))

        // When the app goes and comes back in a new launch (ids start at 1 again)
        #expect(registry.detach(connection: 7) == 1)
        let again = registry.attach(connection: 8, hello: AttachFixtures.hello(session: "S2", clock: 5), at: 2_000)
        let nextValue = registry.translate(
            connection: 8,
            InspectorDiagnostic(
                seq: 1, time: 6, kind: .known(.requestStarted(requestID: 1, endpoint: .match, attempt: 1))))
        let next = try #require(nextValue)

        // Then it is the same device, and its rows do not merge with the old ones
        #expect(again.key == 1 && again.returning)
        #expect(next.event == .requestStarted(requestID: 5, endpoint: "match", attempt: 1))
        #expect(next.time == 2_001)
    }

    @Test func aReconnectOfTheSameLaunchKeepsItsIds() throws {
        var registry = AttachRegistry()
        _ = registry.attach(connection: 1, hello: AttachFixtures.hello(session: "S1"), at: 0)
        _ = registry.translate(
            connection: 1,
            InspectorDiagnostic(
                seq: 1, time: 1, kind: .known(.requestStarted(requestID: 9, endpoint: .match, attempt: 1))))
        _ = registry.detach(connection: 1)
        _ = registry.attach(connection: 2, hello: AttachFixtures.hello(session: "S1"), at: 0)
        let mappedValue = registry.translate(
            connection: 2,
            InspectorDiagnostic(
                seq: 2, time: 1,
                kind: .known(.requestFinished(requestID: 9, endpoint: .match, attempts: 1, status: 200))))
        let mapped = try #require(mappedValue)
        #expect(mapped.event == .requestFinished(requestID: 9, endpoint: "match", attempts: 1, status: 200))
    }

    @Test func hostileValuesAreCutOrDropped() {
        var registry = AttachRegistry()
        _ = registry.attach(connection: 1, hello: AttachFixtures.hello(clock: 0), at: 0)
        let long = String(repeating: "é", count: 4_000)
        let log = registry.translate(
            connection: 1, InspectorDiagnostic(seq: 1, time: 1, kind: .known(.log(level: .error, message: long))))
        guard case .log(_, let message)? = log?.event else {
            Issue.record("no log")
            return
        }
        #expect(message.count == AttachRegistry.maxMessageCharacters && message.hasSuffix("…"))
        #expect(
            registry.translate(
                connection: 1,
                InspectorDiagnostic(seq: 2, time: .infinity, kind: .known(.log(level: .error, message: "x")))) == nil)
        #expect(
            registry.translate(
                connection: 1,
                InspectorDiagnostic(
                    seq: 3, time: 1, kind: .known(.requestStarted(requestID: Int.max, endpoint: .match, attempt: 1))))
                == nil)
        #expect(
            registry.translate(connection: 99, InspectorDiagnostic(seq: 1, time: 1, kind: .unknown(name: "x"))) == nil)
        guard
            case .log(_, let unknown)? = registry.translate(
                connection: 1, InspectorDiagnostic(seq: 4, time: 1, kind: .unknown(name: "paywallShown")))?.event
        else {
            Issue.record("unknown kind not shown")
            return
        }
        #expect(unknown.contains("paywallShown"))
    }

    @Test func theRegistryIsBoundedByEvictingTheOldestGoneDevice() {
        var registry = AttachRegistry()
        for index in 0..<AttachRegistry.maxEntries {
            _ = registry.attach(connection: index, hello: AttachFixtures.hello(device: "d\(index)"), at: 0)
            _ = registry.detach(connection: index)
        }
        let newest = registry.attach(connection: 100, hello: AttachFixtures.hello(device: "new"), at: 0)
        #expect(newest.evicted == 1)
        #expect(registry.entries.count == AttachRegistry.maxEntries)
    }

    // MARK: Handshake

    static let token = PairingToken("k7m2-x9qp")!

    @Test func theHelloWithTheTokenIsAcceptedWhateverItsCaseOrDashes() {
        #expect(
            AttachHandshake.judge(first: .message(.hello(AttachFixtures.hello(token: "K7M2X9QP"))), token: Self.token)
                == .accept(AttachFixtures.hello(token: "K7M2X9QP")))
    }

    @Test func aWrongTokenIsRefusedWithoutRepeatingTheRightOne() {
        guard
            case .refuse(let refusal) = AttachHandshake.judge(
                first: .message(.hello(AttachFixtures.hello(token: "aaaa-bbbb"))), token: Self.token)
        else {
            Issue.record("accepted")
            return
        }
        #expect(refusal.reason == .token)
        #expect(!refusal.message.contains("k7m2"))
    }

    @Test func anythingButAHelloFirstIsRefused() {
        let firsts: [InspectorDecoding] = [
            .unknownType("ping"), .message(.dropped(count: 1)),
            .message(.command(InspectorCommand(id: 1, name: .flushEvents))),
            .refused(InspectorRefusal(reason: .version, message: "v2")),
        ]
        for first in firsts {
            guard case .refuse(let refusal) = AttachHandshake.judge(first: first, token: Self.token) else {
                Issue.record("\(first)")
                continue
            }
            #expect(refusal.reason == .malformed || refusal.reason == .version)
        }
        #expect(AttachHandshake.judge(later: .unknownType("ping")) == .skip)
        #expect(AttachHandshake.judge(later: .message(.dropped(count: 2))) == .forward(.dropped(count: 2)))
        guard case .refuse = AttachHandshake.judge(later: .message(.hello(AttachFixtures.hello()))) else {
            Issue.record("second hello")
            return
        }
    }

    @Test func randomTokensAreReadableAndGivenOnesAreChecked() {
        let token = PairingToken.random()
        #expect(token.value.count == 9 && token.value.dropFirst(4).first == "-")
        #expect(!token.value.contains { "01oil".contains($0) })
        #expect(token != PairingToken.random())
        #expect(PairingToken("abc") == nil && PairingToken("has space") == nil && PairingToken("good-token") != nil)
    }
}
