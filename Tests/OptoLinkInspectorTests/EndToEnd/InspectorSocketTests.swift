import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// The inspector over real loopback sockets (Linux: POSIX sockets on a thread of their own) against a
/// hand-played dashboard: backpressure, refused and reset connections, a dashboard that goes away.
@Suite("Inspector over sockets", .tags(.realTime), .skippable(.realTime))
struct InspectorSocketTests {
    /// Waits (real time: this is an end-to-end test) until `condition` holds; false after `timeout` s.
    func eventually(timeout: Double = 20, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }

    func attach(_ fixture: InspectorFixture, port: Int, allowsCommands: Bool = false) -> OptoLinkInspector {
        OptoLinkInspector.attach(
            to: fixture.sdk, dashboard: .address(host: "127.0.0.1", port: port), token: InspectorFixture.token,
            allowsCommands: allowsCommands)
    }

    /// Accepts the inspector's connection, reads its hello and welcomes it.
    func welcome(_ server: RawDashboard) async throws -> (RawPeer, InspectorHello) {
        let peer = try #require(await server.accept())
        guard case .message(.hello(let hello))? = await peer.read() else { throw FixtureError("no hello") }
        await peer.send(.welcome(InspectorWelcome(dashboard: "raw")))
        return (peer, hello)
    }

    @Test func aDashboardThatReadsNothingCostsTheAppOnlyTheBoundedBufferAndTheDropsAreReported() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run {
            try await self.aDashboardThatReadsNothingCostsTheAppOnlyTheBoundedBufferAndTheDropsAreReportedAlone()
        }
    }

    private func aDashboardThatReadsNothingCostsTheAppOnlyTheBoundedBufferAndTheDropsAreReportedAlone() async throws {
        // Given a dashboard with a 4 KiB receive buffer that welcomes the app, then stops reading
        let server = try RawDashboard(receiveBufferBytes: 4_096)
        defer { server.stop() }
        let fixture = InspectorFixture()
        let inspector = attach(fixture, port: server.port)
        defer { inspector.stop() }
        let (peer, hello) = try await welcome(server)
        defer { peer.close() }
        #expect(hello.token == InspectorFixture.token)
        #expect(await eventually { if case .streaming = inspector.status.phase { true } else { false } })

        // When the SDK emits 20 MB of diagnostics (5 000 log lines of 4 KiB) and opens a link
        let filler = String(repeating: "x", count: 4_000)
        for index in 1...5_000 { fixture.sdk.inspection.log(.warning, "\(index) \(filler)") }
        let link = await fixture.sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!)

        // Then every call returned, the SDK still works, the buffer stayed bounded and the drops are counted
        #expect(link?.path == "/promo/summer")
        #expect(inspector.status.buffered <= OptoLinkInspector.bufferCapacity)
        #expect(await eventually { inspector.status.dropped > 0 }, "\(inspector.status)")
        fixture.sdk.inspection.log(.warning, "the last line")

        // When the dashboard reads again, it gets a dropped count before each gap, and the numbers add up
        var expected = 1
        var droppedSeen = 0
        var pendingDrop = 0
        var sawLast = false
        while !sawLast, let decoded = await peer.read() {
            guard case .message(let message) = decoded else {
                Issue.record("\(decoded)")
                break
            }
            switch message {
            case .dropped(let count):
                pendingDrop += count
                droppedSeen += count
            case .diagnostic(let diagnostic):
                #expect(
                    diagnostic.seq == expected + pendingDrop,
                    "seq \(diagnostic.seq) after \(expected - 1) and \(pendingDrop) dropped")
                expected = diagnostic.seq + 1
                pendingDrop = 0
                if case .known(.log(_, "the last line")) = diagnostic.kind { sawLast = true }
            default:
                Issue.record("unexpected \(message.type)")
            }
        }
        #expect(sawLast)
        #expect(droppedSeen == inspector.status.dropped)
        #expect(droppedSeen >= 5_000 - OptoLinkInspector.bufferCapacity - 2_000, "only \(droppedSeen) dropped")
    }

    @Test func aRefusedConnectionNeverReachesTheAppAndIsRetried() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run { try await self.aRefusedConnectionNeverReachesTheAppAndIsRetriedAlone() }
    }

    private func aRefusedConnectionNeverReachesTheAppAndIsRetriedAlone() async throws {
        // Given a port nobody listens on
        let messages = LogBox()
        let fixture = InspectorFixture(logger: { _, message in messages.add(message) })
        let port = unusedPort()

        // When the inspector attaches there
        let inspector = attach(fixture, port: port)
        defer { inspector.stop() }

        // Then it waits to retry, says why once, and the app's calls work as ever
        #expect(await eventually { if case .waitingToRetry = inspector.status.phase { true } else { false } })
        guard case .waitingToRetry(_, let problem) = inspector.status.phase else { return }
        #expect(
            problem.contains("cannot connect to 127.0.0.1:\(port)") && problem.lowercased().contains("refused"),
            "\(problem)")
        #expect(messages.all.contains { $0.contains("cannot attach to the dashboard at 127.0.0.1:\(port)") })
        #expect(await fixture.sdk.trackEvent("still-fine"))
        #expect(await fixture.sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!) != nil)
    }

    @Test func aConnectionResetMidLineAndADashboardThatGoesAwayAreReconnectedAndNothingIsLost() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run {
            try await self.aConnectionResetMidLineAndADashboardThatGoesAwayAreReconnectedAndNothingIsLostAlone()
        }
    }

    private func aConnectionResetMidLineAndADashboardThatGoesAwayAreReconnectedAndNothingIsLostAlone() async throws {
        // Given a streaming inspector
        let server = try RawDashboard()
        defer { server.stop() }
        let fixture = InspectorFixture()
        let clock = fixture.device.clock
        let inspector = attach(fixture, port: server.port)
        defer { inspector.stop() }
        let (first, hello) = try await welcome(server)
        #expect(await eventually { if case .streaming = inspector.status.phase { true } else { false } })

        // When the dashboard resets the connection in the middle of a line of its own
        await first.send(Array(#"{"v":1,"type":"comm"#.utf8))
        first.close(reset: true)
        #expect(await eventually { if case .waitingToRetry = inspector.status.phase { true } else { false } })

        // and the app goes on meanwhile, and the wait passes on the SDK's clock
        _ = await fixture.sdk.trackEvent("while-away")
        await clock.waitForSleepers(1)
        await clock.advance(by: 0.5)

        // Then the inspector comes back with the same session and sends what happened meanwhile
        let (second, again) = try await welcome(server)
        defer { second.close() }
        #expect(again.session == hello.session)
        var found = false
        while !found, let decoded = await second.read() {
            if case .message(.diagnostic(let diagnostic)) = decoded,
                case .known(.eventQueued(name: "while-away", _)) = diagnostic.kind
            {
                found = true
            }
        }
        #expect(found)
    }

    @Test func aDashboardThatSendsAHostileLineIsLeftAndTheAppIsUntouched() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run {
            try await self.aDashboardThatSendsAHostileLineIsLeftAndTheAppIsUntouchedAlone()
        }
    }

    private func aDashboardThatSendsAHostileLineIsLeftAndTheAppIsUntouchedAlone() async throws {
        // Given a streaming inspector
        let server = try RawDashboard()
        defer { server.stop() }
        let messages = LogBox()
        let fixture = InspectorFixture(logger: { _, message in messages.add(message) })
        let inspector = attach(fixture, port: server.port, allowsCommands: true)
        defer { inspector.stop() }
        let (peer, _) = try await welcome(server)
        defer { peer.close() }

        // When the dashboard sends a line longer than the protocol allows
        await peer.send(Array(repeating: UInt8(ascii: "x"), count: InspectorProtocol.maxLineBytes + 10))

        // Then the inspector closes it, says why, and the app's calls work as ever
        #expect(await eventually { if case .waitingToRetry = inspector.status.phase { true } else { false } })
        #expect(
            messages.all.contains { $0.contains("lost the dashboard") && $0.contains("longer than 65536 bytes") },
            "\(messages.all)")
        #expect(await fixture.sdk.trackEvent("still-fine"))
    }
}
