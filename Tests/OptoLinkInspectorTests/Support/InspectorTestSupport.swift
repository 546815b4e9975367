import Foundation
import OptoLinkTesting

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// The pieces of an inspector test: an SDK on a manual clock (not a first launch, so no `/match`),
/// backend answers for every route, and a scripted dashboard.
struct InspectorFixture {
    static let token = "k7m2-x9qp"
    let device: TestDevice
    let sdk: OptoLink
    let dashboard: ScriptedDashboard

    init(
        firstLaunch: Bool = false, eventsHang: Bool = false, dashboard: ScriptedDashboard = ScriptedDashboard(),
        logger: OptoLinkLogger? = nil, clipboardReading: ClipboardReading = .atFirstLaunch,
        pasteboard: InMemoryPasteboard = InMemoryPasteboard()
    ) {
        let store = InMemoryKeyValueStore()
        if !firstLaunch { store.set(true, forKey: LaunchState.key) }
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .linkData: return Fixtures.response(200, Fixtures.summerJSON)
            case .match: return Fixtures.response(200, Fixtures.noMatchJSON)
            case .session: return Fixtures.response(200, Fixtures.sessionJSON)
            case .identity: return Fixtures.response(200, Fixtures.identityJSON)
            case .identityClear: return Fixtures.response(200, Fixtures.clearJSON)
            case .events:
                if eventsHang { _ = try await ScriptedTransport.Answer.hang.answer() }
                return Fixtures.response(200, Fixtures.okJSON)
            }
        }
        device = TestDevice(transport: transport, store: store, pasteboard: pasteboard)
        sdk = device.start(Fixtures.configuration(clipboardReading: clipboardReading, logger: logger))
        self.dashboard = dashboard
    }

    func attach(allowsCommands: Bool = false, settings: InspectorSettings = InspectorSettings()) -> OptoLinkInspector {
        OptoLinkInspector(
            optoLink: sdk, dashboard: .address(host: "scripted", port: 7420), token: Self.token,
            allowsCommands: allowsCommands, resolver: dashboard.resolver, settings: settings)
    }

    /// Connects the next connection, checks the hello arrives, welcomes it; returns the connection, the
    /// hello and a reader of what the inspector streams.
    func welcomeNext() async throws -> (ScriptedInspectorConnection, InspectorHello, OutboxReader) {
        let connection = await dashboard.next()
        connection.emit(.ready)
        guard case .message(.hello(let hello)) = await connection.nextControl() else { throw FixtureError("no hello") }
        connection.emit(.message(.welcome(InspectorWelcome(dashboard: "scripted-dash"))))
        return (connection, hello, OutboxReader(await connection.streaming()))
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Reads what an inspector puts in its outbox, waiting (on its wake-up, never on time) for more.
final class OutboxReader: @unchecked Sendable {
    // @unchecked: `history` is only touched while `lock` is held.
    let outbox: InspectorOutbox
    private let lock = NSLock()
    private var history: [InspectorOutbox.Item] = []
    private let signals: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init(_ outbox: InspectorOutbox) {
        self.outbox = outbox
        var captured: AsyncStream<Void>.Continuation?
        signals = AsyncStream(bufferingPolicy: .bufferingNewest(1)) { captured = $0 }
        continuation = captured!
        let continuation = self.continuation
        outbox.setWakeHandler { continuation.yield() }
    }

    /// Items until one matches `stop` (included), waiting for pushes as needed.
    func items(until stop: (InspectorOutbox.Item) -> Bool) async -> [InspectorOutbox.Item] {
        var all: [InspectorOutbox.Item] = []
        var iterator = signals.makeAsyncIterator()
        while true {
            let batch = outbox.take(max: 10_000, armIfDrained: true)
            record(batch.items)
            for item in batch.items {
                all.append(item)
                if stop(item) { return all }
            }
            if batch.items.isEmpty { _ = await iterator.next() }
        }
    }

    private func record(_ items: [InspectorOutbox.Item]) {
        lock.lock()
        history += items
        lock.unlock()
    }

    /// Every item read so far.
    var seen: [InspectorOutbox.Item] {
        lock.lock()
        defer { lock.unlock() }
        return history
    }

    /// The next command result.
    func nextResult() async -> InspectorCommandResult? {
        let items = await items { if case .commandResult = $0 { true } else { false } }
        if case .commandResult(let result)? = items.last { return result }
        return nil
    }
}

extension InspectorOutbox.Item {
    /// The diagnostic kind, for diagnostics.
    var kind: Diagnostic.Kind? {
        if case .diagnostic(_, let diagnostic) = self { return diagnostic.kind }
        return nil
    }

    /// The log message, for `.log` diagnostics.
    var logMessage: String? {
        if case .log(_, let message)? = kind { return message }
        return nil
    }
}
