import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// The inspector's logic against a scripted dashboard on the SDK's manual clock: hello, welcome,
/// streaming in order, commands (refused unless allowed), reconnection with capped backoff, stop.
@Suite("Inspector session")
struct InspectorSessionTests {
    @Test func theHelloSaysWhoTheAppIsWithoutSecrets() async throws {
        // Given an SDK with an event that cannot be sent yet, and the inspector attached
        let fixture = InspectorFixture(eventsHang: true)
        let clock = fixture.device.clock
        _ = await fixture.sdk.trackEvent("a")
        let inspector = fixture.attach(allowsCommands: true)
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the hello carries the token, the device and the SDK's state, and only the key's prefix
        #expect(hello.token == InspectorFixture.token)
        #expect(hello.deviceId == fixture.sdk.deviceId)
        #expect(hello.orgKey == "demo" && hello.baseURLHost == "links.demo.test" && hello.provider == "optolink")
        #expect(hello.apiKeyPrefix == "opl_sdk_demo…" && !hello.apiKeyPrefix.contains(Fixtures.clientKey))
        #expect(hello.fingerprint == Fixtures.fingerprint)
        #expect(hello.launchState == .firstLaunchDone)
        #expect(hello.queuedEvents == 1)
        #expect(hello.clipboardReading == .atFirstLaunch && hello.pasteboard == .empty)
        #expect(hello.allowsCommands)
        #expect(hello.sdkVersion == OptoLink.sdkVersion)
        #expect(hello.clock == clock.now())
        let line = String(decoding: try #require(InspectorLineCodec.encode(.hello(hello))), as: UTF8.self)
        #expect(!line.contains(Fixtures.clientKey))
    }

    @Test(arguments: [
        (ClipboardReading.atFirstLaunch, InspectorClipboardReading.atFirstLaunch, InspectorPasteboardState.empty),
        (.whenAppAsks, .whenAppAsks, .empty), (.never, .never, .unknown),
    ])
    func theHelloNamesThePasteboardSettingTheAppChose(
        reading: ClipboardReading, expected: InspectorClipboardReading, pasteboard: InspectorPasteboardState
    ) async throws {
        // Given an SDK configured with this pasteboard setting, and the inspector attached
        let fixture = InspectorFixture(clipboardReading: reading)
        let inspector = fixture.attach()
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the hello names that setting, and the empty pasteboard as empty unless the app said never
        #expect(hello.clipboardReading == expected)
        #expect(hello.pasteboard == pasteboard)
        #expect(fixture.device.pasteboard.hasStringsCount == (reading == .never ? 0 : 1))
    }

    @Test func theHelloNeverReadsThePasteboardOnlyAsksWhetherItHoldsText() async throws {
        // Given an installed app whose pasteboard holds a click token, and the inspector attached
        let fixture = InspectorFixture(pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let inspector = fixture.attach()
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the hello says "unknown" (it holds text, which one is not looked at), the token is not in
        // the line, and the pasteboard was never read
        #expect(hello.pasteboard == .unknown)
        let line = String(decoding: try #require(InspectorLineCodec.encode(.hello(hello))), as: UTF8.self)
        #expect(!line.contains(Fixtures.token))
        #expect(fixture.device.pasteboard.readCount == 0)
        #expect(fixture.device.pasteboard.content == Fixtures.token)
    }

    @Test func afterTheFirstLaunchReadOtherTextTheHelloSaysOtherTextWithoutReadingAgain() async throws {
        // Given a first launch whose pasteboard held something that is not a click token (the SDK read it,
        // found no token, left it there)
        let copied = "a shopping list, not a token"
        let fixture = InspectorFixture(firstLaunch: true, pasteboard: InMemoryPasteboard(string: copied))
        _ = await fixture.sdk.resolveDeferredLink()
        #expect(fixture.device.pasteboard.readCount == 1)
        let inspector = fixture.attach()
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the hello says "other text" from that read (same change count), without the text and
        // without a read of its own
        #expect(hello.pasteboard == .otherText)
        let line = String(decoding: try #require(InspectorLineCodec.encode(.hello(hello))), as: UTF8.self)
        #expect(!line.contains(copied))
        #expect(fixture.device.pasteboard.readCount == 1)
    }

    @Test func aPasteboardThatChangedSinceTheSDKsReadIsUnknown() async throws {
        // Given a first launch that read other text, then the user copied something new
        let fixture = InspectorFixture(firstLaunch: true, pasteboard: InMemoryPasteboard(string: "first"))
        _ = await fixture.sdk.resolveDeferredLink()
        fixture.device.pasteboard.content = "copied later"
        let inspector = fixture.attach()
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the SDK cannot say what it holds without reading, so it says unknown (and does not read)
        #expect(hello.pasteboard == .unknown)
        #expect(fixture.device.pasteboard.readCount == 1)
    }

    @Test func theReadingRecordsATokenAndTheClearedPasteboardIsEmpty() async throws {
        // Given the SDK's readings box and a pasteboard holding a token
        let readings = PasteboardReadings()
        let board = InMemoryPasteboard(string: Fixtures.token)
        let count = await board.changeCount()
        readings.record(changeCount: count, heldToken: true)
        // Then while the token is still there the state is "token"; once cleared, "empty"
        #expect(await readings.state(of: board) == .token)
        await board.clear(ifChangeCountIs: count)
        #expect(await readings.state(of: board) == .empty)
        #expect(board.readCount == 0)
    }

    @Test func theHelloNamesTheServiceTheSDKTalksTo() async throws {
        // Given an SDK configured for QubeRoute, and the inspector attached
        let device = TestDevice(transport: routedTransport { _, _ in Fixtures.response(200, Fixtures.okJSON) })
        device.store.set(true, forKey: LaunchState.key)
        let sdk = device.start(try .quberoute(publishableKey: "qr_test_demo_publishable_key_0001"))
        let dashboard = ScriptedDashboard()
        let fixture = InspectorFixture(dashboard: dashboard)
        let inspector = OptoLinkInspector(
            optoLink: sdk, dashboard: .address(host: "scripted", port: 7420), token: InspectorFixture.token,
            allowsCommands: false, resolver: dashboard.resolver, settings: InspectorSettings())
        defer { inspector.stop() }

        // When the connection is ready
        let (_, hello, _) = try await fixture.welcomeNext()

        // Then the hello says quberoute, and only the key's prefix
        #expect(hello.provider == "quberoute")
        #expect(!hello.apiKeyPrefix.contains("demo_publishable_key_0001"))
    }

    @Test func diagnosticsFromBeforeTheConnectionThenLiveOnesStreamInOrder() async throws {
        // Given an inspector attached before any dashboard is there
        let fixture = InspectorFixture()
        let inspector = fixture.attach()
        defer { inspector.stop() }
        _ = await fixture.sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!)

        // When the dashboard welcomes it, and the app opens another link
        let (_, _, reader) = try await fixture.welcomeNext()
        let early = await reader.items { if case .linkDelivered? = $0.kind { true } else { false } }
        _ = await fixture.sdk.handle(url: URL(string: "https://links.demo.test/demo/welcome")!)
        let live = await reader.items { if case .linkDelivered? = $0.kind { true } else { false } }

        // Then every diagnostic of the first open came first, numbered 1, 2, 3…, then those of the second
        let all = early + live
        let seqs = all.compactMap { item -> Int? in if case .diagnostic(let seq, _) = item { seq } else { nil } }
        #expect(seqs == Array(1...seqs.count))
        let kinds = all.compactMap(\.kind).map(InspectorDiagnostic.name(of:))
        #expect(kinds.filter { $0 == "requestStarted" }.count == 2)
        #expect(kinds.first == "requestStarted" && kinds.last == "linkDelivered")
        #expect(inspector.status.phase == .streaming("scripted:7420 (scripted-dash)"))
    }

    @Test func theTapTakesNothingFromTheAppsListeners() async throws {
        // Given diagnostics and a cold-start link waiting for the app's first listeners
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let transport = routedTransport { _, _ in Fixtures.response(200, Fixtures.summerJSON) }
        let device = TestDevice(transport: transport, store: store)
        let sdk = device.start(launchURL: URL(string: "https://links.demo.test/demo/summer")!)
        _ = await sdk.resolveDeferredLink()
        _ = await sdk.trackEvent("before-attach")
        let dashboard = ScriptedDashboard()

        // When the inspector attaches (and streams) before the app listens
        let inspector = OptoLinkInspector(
            optoLink: sdk, dashboard: .address(host: "scripted", port: 7420), token: "t",
            allowsCommands: false, resolver: dashboard.resolver, settings: InspectorSettings())
        let connection = await dashboard.next()
        connection.emit(.ready)
        _ = await connection.nextControl()
        connection.emit(.message(.welcome(InspectorWelcome(dashboard: "d"))))
        let reader = OutboxReader(await connection.streaming())
        let sent = await reader.items { if case .eventQueued? = $0.kind { true } else { false } }
        inspector.stop()

        // Then the app's first listeners still get the cold-start link and every diagnostic kept for them
        let links = sdk.links
        let diagnostics = sdk.diagnostics
        await sdk.shutdown()
        let received = await collect(links)
        #expect(received.map(\.path) == ["/promo/summer"])
        let kept = await collect(diagnostics).map(\.kind)
        #expect(kept.contains { if case .linkDelivered = $0 { true } else { false } })
        #expect(kept.contains { if case .eventQueued(name: "before-attach", _) = $0 { true } else { false } })
        // and the inspector got its own copy of them
        #expect(sent.contains { if case .linkDelivered? = $0.kind { true } else { false } })
    }

    @Test func commandsAreRefusedWithoutAllowsCommandsAndSaySo() async throws {
        // Given an inspector attached without allowsCommands
        let fixture = InspectorFixture()
        let inspector = fixture.attach(allowsCommands: false)
        defer { inspector.stop() }
        let (connection, hello, reader) = try await fixture.welcomeNext()
        #expect(!hello.allowsCommands)
        let before = await fixture.sdk.queuedEventCount()

        // When the dashboard asks to track an event
        connection.emit(.message(.command(InspectorCommand(id: 41, name: .trackEvent))))

        // Then the answer is a refusal naming allowsCommands, and nothing was queued
        let result = try #require(await reader.nextResult())
        #expect(result.id == 41 && !result.ok)
        #expect(result.detail.contains("refused") && result.detail.contains("allowsCommands"))
        #expect(await fixture.sdk.queuedEventCount() == before)
    }

    @Test func allowedCommandsRunOnTheSDKAndAreLogged() async throws {
        // Given an inspector attached with allowsCommands
        let fixture = InspectorFixture()
        let inspector = fixture.attach(allowsCommands: true)
        defer { inspector.stop() }
        let (connection, _, reader) = try await fixture.welcomeNext()

        // When the dashboard runs each command
        func run(_ id: Int, _ name: InspectorCommandName, _ args: [String: JSONValue] = [:]) async throws
            -> InspectorCommandResult
        {
            connection.emit(.message(.command(InspectorCommand(id: id, name: name, args: args))))
            let result = try #require(await reader.nextResult())
            #expect(result.id == id)
            return result
        }
        let track = try await run(1, .trackEvent, ["name": "dash_test", "properties": ["from": "test"]])
        let open = try await run(2, .openLink, ["shortCode": "summer"])
        let openURL = try await run(3, .openLink, ["url": "https://go.demo.test/demo/welcome"])
        let notOurs = try await run(4, .openLink, ["url": "https://elsewhere.test/x/y"])
        let identity = try await run(5, .setIdentity, ["externalId": "user-42"])
        let noId = try await run(6, .setIdentity)
        let clear = try await run(7, .clearIdentity)
        let flush = try await run(8, .flushEvents)
        let rerun = try await run(9, .rerunFirstLaunch)
        let unknown = try await run(10, InspectorCommandName(rawValue: "formatDisk"))

        // Then each did what it says, or says why not
        #expect(track.ok && track.detail.contains("dash_test"))
        #expect(open.ok && open.detail.contains("/promo/summer"))
        #expect(openURL.ok)
        #expect(!notOurs.ok && notOurs.detail.contains("not one of this app's links"))
        #expect(identity.ok && clear.ok && !noId.ok)
        #expect(flush.ok)
        #expect(rerun.ok && rerun.detail.contains("first launch re-run: no link"))
        #expect(!unknown.ok && unknown.detail.contains("unknown command formatDisk"))
        // and each command was logged by the SDK (the app's logger and the diagnostics)
        let sent = await fixture.device.transport.requests.compactMap(route(of:))
        #expect(
            sent.contains(.events) && sent.contains(.identity) && sent.contains(.identityClear) && sent.contains(.match)
        )
        connection.emit(.message(.command(InspectorCommand(id: 11, name: .flushEvents))))
        _ = await reader.items { $0.logMessage?.contains("command flushEvents") == true }
        let logged = reader.seen
        #expect(
            logged.contains {
                $0.logMessage?.contains("command trackEvent from the dashboard: queued event dash_test") == true
            })
        #expect(logged.contains { $0.logMessage?.contains("command formatDisk from the dashboard: not run") == true })
    }

    @Test func aFullBufferDropsTheOldestAndTheCountGoesOutFirst() async throws {
        // Given an inspector whose buffer holds 5 items and no dashboard yet
        let fixture = InspectorFixture()
        var settings = InspectorSettings()
        settings.bufferCapacity = 5
        let inspector = fixture.attach(settings: settings)
        defer { inspector.stop() }
        for index in 1...12 { _ = await fixture.sdk.trackEvent("e\(index)") }
        #expect(inspector.status.buffered == 5)
        #expect(inspector.status.dropped > 0)

        // When the dashboard comes
        let (_, _, reader) = try await fixture.welcomeNext()
        let batch = reader.outbox.take(max: 100, armIfDrained: false)

        // Then the batch says how many were dropped, and holds the newest 5, numbered after the gap
        #expect(batch.dropped == inspector.status.dropped)
        #expect(batch.items.count == 5)
        guard case .diagnostic(let firstSeq, _)? = batch.items.first else {
            Issue.record("no diagnostic")
            return
        }
        #expect(firstSeq == batch.dropped + 1)
        var writer = InspectorLineWriter()
        var unsent = 0
        let text = String(decoding: writer.lines(of: batch, unsent: &unsent), as: UTF8.self)
        let lines = text.split(separator: "\n").map { InspectorLineCodec.decode(Array($0.utf8)) }
        #expect(lines.first == .message(.dropped(count: batch.dropped)))
        #expect(lines.count == 6)
    }

    @Test func aDashboardThatIsNotThereIsRetriedWithADoublingWaitCappedAt30SecondsAndLoggedOnce() async throws {
        // Given a dashboard whose connections all fail at once
        let dashboard = ScriptedDashboard { $0.emit(.closed(reason: "connection refused")) }
        let messages = LogBox()
        let fixture = InspectorFixture(dashboard: dashboard, logger: { _, message in messages.add(message) })
        let clock = fixture.device.clock
        let inspector = fixture.attach()
        defer { inspector.stop() }

        // When the clock moves past nine waits, one at a time
        for _ in 0..<9 {
            await clock.waitForSleepers(1)
            await clock.advance(by: clock.requestedSleeps.last ?? 0)
        }
        await clock.waitForSleepers(1)

        // Then the waits were 0.5, 1, 2 … capped at 30, and the problem was logged once
        #expect(clock.requestedSleeps.prefix(10) == [0.5, 1, 2, 4, 8, 16, 30, 30, 30, 30])
        #expect(dashboard.count == 10)
        #expect(
            messages.all.filter { $0.contains("cannot attach to the dashboard at scripted:7420: connection refused") }
                .count == 1)
        guard case .waitingToRetry(let after, let problem) = inspector.status.phase else {
            Issue.record("\(inspector.status.phase)")
            return
        }
        #expect(after == 30 && problem == "connection refused")
    }

    @Test func aRefusalIsLoggedAsAnErrorWithItsReasonAndRetried() async throws {
        // Given a dashboard that refuses the token
        let messages = LogBox()
        let fixture = InspectorFixture(logger: { level, message in messages.add("\(level): \(message)") })
        let clock = fixture.device.clock
        let inspector = fixture.attach()
        defer { inspector.stop() }
        let connection = await fixture.dashboard.next()
        connection.emit(.ready)
        _ = await connection.nextControl()

        // When it answers refused
        connection.emit(
            .message(.refused(InspectorRefusal(reason: .token, message: "this dashboard's token is ab12-cd34"))))

        // Then the connection is closed, the error logged, and a new attempt comes after the wait
        await waitForPhase(inspector) { if case .waitingToRetry = $0 { true } else { false } }
        #expect(connection.closeReason != nil)
        #expect(
            messages.all.contains {
                $0.hasPrefix("error: OptoLink inspector: the dashboard at scripted:7420 refused the app (token)")
            })
        await clock.advance(by: 0.5)
        _ = await fixture.dashboard.next()
    }

    @Test func aDashboardThatNeverWelcomesIsClosedAfterTenSeconds() async throws {
        // Given a connection whose dashboard reads the hello but never answers
        let fixture = InspectorFixture()
        let clock = fixture.device.clock
        let inspector = fixture.attach()
        defer { inspector.stop() }
        let connection = await fixture.dashboard.next()
        connection.emit(.ready)
        _ = await connection.nextControl()

        // When 10 s pass on the SDK's clock
        await clock.waitForSleepers(1)
        #expect(connection.closeReason == nil)
        await clock.advance(by: 10)
        await clock.waitForSleepers(1)  // the reconnect wait

        // Then the inspector gave up on it
        #expect(connection.closeReason?.contains("did not answer the hello within 10 s") == true)
    }

    @Test func stopClosesTakesNothingMoreAndIsFinal() async throws {
        // Given a streaming inspector
        let fixture = InspectorFixture()
        let inspector = fixture.attach()
        let (connection, _, reader) = try await fixture.welcomeNext()
        var phases = inspector.statusUpdates.makeAsyncIterator()

        // When it is stopped and the app goes on
        inspector.stop()
        while let phase = await phases.next(), phase != .stopped {}
        _ = reader.outbox.take(max: 1_000, armIfDrained: false)
        _ = await fixture.sdk.trackEvent("after-stop")

        // Then the connection is closed, nothing new is buffered, and stop stays stopped
        #expect(inspector.status.phase == .stopped)
        #expect(reader.outbox.buffered == 0)
        inspector.stop()
        #expect(inspector.status.phase == .stopped)
        while connection.closeReason == nil { await Task.yield() }
    }

    @Test func anEmptyTokenStopsAtOnceAndSaysWhy() async {
        let messages = LogBox()
        let fixture = InspectorFixture(logger: { _, message in messages.add(message) })
        let inspector = OptoLinkInspector.attach(
            to: fixture.sdk, dashboard: .address(host: "127.0.0.1", port: 9), token: "  ")
        #expect(inspector.status.phase == .stopped)
        #expect(messages.all.contains { $0.contains("pairing token must be 1–128 characters") })
    }
}

/// Returns once the inspector's phase satisfies `condition` (no time involved: it follows the updates).
func waitForPhase(_ inspector: OptoLinkInspector, _ condition: (InspectorStatus.Phase) -> Bool) async {
    for await phase in inspector.statusUpdates where condition(phase) { return }
}

/// Collects log messages from any thread.
final class LogBox: @unchecked Sendable {
    // @unchecked: `messages` is only touched while `lock` is held.
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
