import Foundation
import OptoLink
import OptoLinkInspector
import OptoLinkInspectorWire
import OptoLinkTesting
import TestSupport
import Testing

@testable import DashboardAttach
@testable import DashboardCore

/// The dashboard's listener over real loopback sockets: the real SDK's inspector attaches, streams and
/// answers commands; hostile clients are refused with a reason and the listener goes on.
@Suite("Attach: the listener over sockets", .tags(.realTime), .skippable(.realTime))
struct AttachListenerTests {
    static let token = PairingToken("k7m2-x9qp")!

    /// Collects the listener's events.
    final class Events: @unchecked Sendable {
        // @unchecked: `events` is only touched while `lock` is held.
        private let lock = NSLock()
        private var events: [AttachListenerEvent] = []
        func add(_ event: AttachListenerEvent) {
            lock.lock()
            events.append(event)
            lock.unlock()
        }
        var all: [AttachListenerEvent] {
            lock.lock()
            defer { lock.unlock() }
            return events
        }

        /// Waits (real time: an end-to-end test) until an event matches.
        func wait(timeout: Double = 10, _ match: (AttachListenerEvent) -> Bool) async -> AttachListenerEvent? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let event = all.first(where: match) { return event }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return all.first(where: match)
        }
    }

    func listener(_ events: Events, limits: AttachListener.Limits = AttachListener.Limits()) throws -> AttachListener {
        try AttachListener(
            address: AttachListenAddress(host: "127.0.0.1", port: 0), token: Self.token, clock: SystemDashboardClock(),
            dashboardName: "test-dash", limits: limits
        ) { events.add($0) }
    }

    @Test func aPortInUseIsAnAddressThatCouldNotBeOpenedExit3() throws {
        // Given a listener holding a port
        let events = Events()
        let first = try listener(events)
        defer { first.stop() }
        // When a second asks for the same port
        #expect {
            _ = try AttachListener(
                address: AttachListenAddress(host: "127.0.0.1", port: first.address.port), token: Self.token,
                clock: SystemDashboardClock(), dashboardName: "test-dash", limits: AttachListener.Limits()
            ) { _ in }
        } throws: { error in
            // Then it is refused as an address that could not be opened (exit 3), as the proxy's is
            (error as? DashboardError)?.exitStatus == .exportFailed
                && "\(error)".contains("cannot listen there: Address already in use")
        }
    }

    @Test func theRealInspectorAttachesStreamsAndAnswersACommand() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run { try await self.theRealInspectorAttachesStreamsAndAnswersACommandAlone() }
    }

    private func theRealInspectorAttachesStreamsAndAnswersACommandAlone() async throws {
        // Given a listener on a free port and an SDK whose links resolve
        let events = Events()
        let listener = try listener(events)
        defer { listener.stop() }
        #expect(listener.address.port > 0)
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let transport = ScriptedTransport { _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"linkId":"l1","path":"/promo/summer","params":{}}"#.utf8))
        }
        let sdk = OptoLink.start(
            configuration: try OptoLinkConfiguration.optoLink(
                apiKey: DashboardOptions.demoAPIKey, orgKey: "demo", baseURL: URL(string: "http://127.0.0.1:9")!),
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: transport, clock: SystemClock()))
        defer { Task { await sdk.shutdown() } }

        // When the app attaches with the token and commands allowed
        let inspector = OptoLinkInspector.attach(
            to: sdk, dashboard: .address(host: "127.0.0.1", port: listener.address.port),
            token: "K7M2-X9QP", allowsCommands: true)
        defer { inspector.stop() }
        guard
            case .attached(let connection, let hello, let peer, _)? = await events.wait(matching: {
                if case .attached = $0 { true } else { false }
            })
        else {
            Issue.record("no attach: \(events.all)")
            return
        }
        #expect(hello.deviceId == sdk.deviceId && peer.hasPrefix("127.0.0.1:"))

        // and the dashboard sends a command
        listener.send(.command(InspectorCommand(id: 5, name: .openLink, args: ["shortCode": "summer"])), to: connection)

        // Then the command's result and the open's diagnostics arrive
        let result = await events.wait { if case .message(_, .commandResult) = $0 { true } else { false } }
        guard case .message(_, .commandResult(let answer))? = result else {
            Issue.record("no result: \(events.all)")
            return
        }
        #expect(answer.id == 5 && answer.ok && answer.detail.contains("/promo/summer"))
        #expect(
            events.all.contains {
                if case .message(_, .diagnostic(let d)) = $0, case .known(.linkDelivered) = d.kind {
                    true
                } else {
                    false
                }
            })

        // When the app stops, the connection is reported closed
        inspector.stop()
        #expect(await events.wait { if case .closed(connection, _, _, true) = $0 { true } else { false } } != nil)
    }

    @Test func hostileClientsAreRefusedWithAReasonAndTheListenerGoesOn() async throws {
        // Real sockets and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run {
            try await self.hostileClientsAreRefusedWithAReasonAndTheListenerGoesOnAlone()
        }
    }

    private func hostileClientsAreRefusedWithAReasonAndTheListenerGoesOnAlone() async throws {
        // Given a listener that takes 3 connections and 0.5 s for a hello
        var limits = AttachListener.Limits()
        limits.maxConnections = 3
        limits.helloTimeout = 0.5
        let events = Events()
        let listener = try listener(events, limits: limits)
        defer { listener.stop() }
        let port = listener.address.port
        func hello(token: String = "k7m2-x9qp", version: Int = 1) -> String {
            var line = String(decoding: InspectorLineCodec.encode(.hello(Self.hello(token: token)))!, as: UTF8.self)
            if version != 1 { line = line.replacingOccurrences(of: #""v":1"#, with: #""v":\#(version)"#) }
            return line
        }
        func refusal(after line: String) async -> InspectorRefusal? {
            guard let client = RawAppClient(port: port) else { return nil }
            await client.send(line)
            guard case .message(.refused(let refusal))? = await client.read() else { return nil }
            #expect(await client.isClosed(), "not closed after refusing \(refusal)")
            return refusal
        }

        // Then a wrong token, another version, bad JSON, a line too long, a non-hello first line are each refused
        #expect(await refusal(after: hello(token: "aaaa-bbbb"))?.reason == .token)
        #expect(await refusal(after: hello(version: 2))?.reason == .version)
        #expect(await refusal(after: "{not json\n")?.reason == .malformed)
        #expect(await refusal(after: String(repeating: "x", count: 70_000))?.reason == .tooLong)
        #expect(await refusal(after: #"{"v":1,"type":"dropped","count":1}"# + "\n")?.reason == .malformed)
        // and a client that says nothing is refused after the hello timeout
        let silent = try #require(RawAppClient(port: port))
        guard case .message(.refused(let late))? = await silent.read(timeout: 5) else {
            Issue.record("no timeout refusal")
            return
        }
        #expect(late.reason == .timeout)
        // and an attached app that sends a bad line is refused and reported gone
        let app = try #require(RawAppClient(port: port))
        await app.send(hello())
        guard case .message(.welcome(let welcome))? = await app.read() else {
            Issue.record("no welcome")
            return
        }
        #expect(welcome.dashboard == "test-dash")
        await app.send(#"{"v":1,"type":"diagnostic","seq":"x"}"# + "\n")
        guard case .message(.refused(let bad))? = await app.read() else {
            Issue.record("bad line accepted")
            return
        }
        #expect(bad.reason == .malformed && bad.message.contains("seq"))
        #expect(
            await events.wait {
                if case .closed(_, _, let reason, true) = $0 { reason.contains("refused (malformed)") } else { false }
            } != nil)

        // When 3 connections are open, a 4th is told the dashboard is full
        let held = (0..<3).compactMap { _ in RawAppClient(port: port) }
        #expect(held.count == 3)
        // No wait: the listener accepts in the order the connections were made (one accept loop), so the
        // fourth is counted after the three held ones, well inside their 0.5 s hello timeout.
        let extra = try #require(RawAppClient(port: port))
        guard case .message(.refused(let full))? = await extra.read() else {
            Issue.record("no full refusal")
            return
        }
        #expect(full.reason == .full)

        // Then every refusal was reported, and a good app still attaches once there is room
        _ = held
        let refusals = events.all.compactMap { event -> InspectorRefusal.Reason? in
            if case .refused(_, _, let r) = event { r.reason } else { nil }
        }
        #expect(Set(refusals).isSuperset(of: [.token, .version, .malformed, .tooLong, .timeout, .full]))
    }

    static func hello(token: String) -> InspectorHello {
        InspectorHello(
            token: token, session: "S", app: "raw", sdkVersion: "0.1.0", sdkPlatform: "linux", provider: "optolink",
            orgKey: "demo",
            baseURLHost: "h", apiKeyPrefix: "opl_sdk_…", deviceId: "D", fingerprint: FixedDeviceInfo.iPhone.value,
            launchState: .firstLaunchDone, queuedEvents: 0, clipboardReading: .never, pasteboard: .unknown,
            allowsCommands: false, clock: 1)
    }
}

extension AttachListenerTests.Events {
    func wait(matching match: (AttachListenerEvent) -> Bool) async -> AttachListenerEvent? { await wait(match) }
}
