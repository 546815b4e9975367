import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The inspector's `rerunFirstLaunch`: the first-launch sequence again, as on a fresh install, without
/// wiping the app's data; on the manual clock.
@Suite("First launch re-run (inspector command)")
struct FirstLaunchRerunTests {
    /// A device past its first launch: flag set, a device id, the app's own key, a click token on the pasteboard.
    static func installedDevice(transport: ScriptedTransport) -> TestDevice {
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        store.set("kept", forKey: "app.onboardingDone")
        return TestDevice(transport: transport, store: store, pasteboard: InMemoryPasteboard(string: Fixtures.token))
    }

    @Test func aRerunReadsThePasteboardMatchesAndDeliversTheDeferredLinkKeepingTheAppsData() async throws {
        // Given an app past its first launch, with an event queued and a click token on the pasteboard
        let device = Self.installedDevice(transport: DeferredSequenceTests.answering())
        let sdk = device.start()
        #expect(await sdk.resolveDeferredLink() == nil)
        let deviceId = sdk.deviceId
        let links = sdk.links
        let diagnostics = sdk.diagnostics

        // When the first launch is re-run
        let outcome = await sdk.rerunFirstLaunch()

        // Then /match was sent with the same device id and the token, the match delivered as deferred,
        // the token cleared and the flag set again
        guard case .finished(let link?) = outcome else {
            Issue.record("no link: \(outcome)")
            return
        }
        #expect(link.isDeferred && link.matchType == .clipboard && link.path == "/promo/summer")
        let match = try #require(await device.transport.requests.first { route(of: $0) == .match })
        #expect(match.jsonBody?["deviceId"] == .string(deviceId))
        #expect(match.jsonBody?["clipboardToken"] == .string(Fixtures.token))
        #expect(device.pasteboard.content == nil)
        #expect(device.store.bool(forKey: LaunchState.key))
        // and nothing else was wiped: same device id, the app's own key
        #expect(DeviceIdentifierStore(store: device.store).deviceId() == deviceId)
        #expect(device.store.string(forKey: "app.onboardingDone") == "kept")
        // and it was reported like a first launch: a log line first, then the match and the delivery
        let kinds = await Self.kinds(diagnostics, until: { if case .linkDelivered = $0 { true } else { false } })
        let started = try #require(
            kinds.firstIndex {
                if case .log(_, let text) = $0 { text.contains("Re-running the first-launch sequence") } else { false }
            })
        let matched = try #require(
            kinds.firstIndex { if case .matchResult(let result) = $0 { result == link } else { false } })
        #expect(started < matched)
        await sdk.shutdown()
        #expect(await collect(links) == [link])
    }

    @Test func aRerunRetriesItsMatchOnTheSDKsClockLikeTheFirstLaunch() async throws {
        // Given an installed app whose backend answers the next /match 503 once
        let matches = Recorder<Int>()
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .match:
                matches.record(1)
                return matches.all.count == 1
                    ? Fixtures.response(503, #"{"message":"busy"}"#) : Fixtures.response(200, Fixtures.matchedJSON)
            case .session: return Fixtures.response(200, Fixtures.sessionJSON)
            default: return Fixtures.response(200, Fixtures.okJSON)
            }
        }
        let device = Self.installedDevice(transport: transport)
        let sdk = device.start()
        _ = await sdk.resolveDeferredLink()

        // When the first launch is re-run and the clock moves past the retry wait
        let rerun = Task { await sdk.rerunFirstLaunch() }
        await device.clock.waitForSleepers(1)
        let wait = try #require(device.clock.requestedSleeps.last)
        await device.clock.advance(by: wait)
        let outcome = await rerun.value

        // Then the second /match matched, after the policy's first wait
        #expect(wait == 1)
        #expect(matches.all.count == 2)
        guard case .finished(let link?) = outcome else {
            Issue.record("no link: \(outcome)")
            return
        }
        #expect(link.isDeferred)
        await sdk.shutdown()
    }

    @Test func aRerunThatFindsNoMatchSettlesWithoutALinkAndCanRunAgain() async throws {
        // Given an installed app whose backend finds no match
        let device = Self.installedDevice(transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON))
        let sdk = device.start()
        _ = await sdk.resolveDeferredLink()

        // When the first launch is re-run twice
        let first = await sdk.rerunFirstLaunch()
        let second = await sdk.rerunFirstLaunch()

        // Then each ran its own /match and settled without a link
        #expect(first == .finished(nil) && second == .finished(nil))
        #expect(await endpoints(device.transport).filter { $0 == .match }.count == 2)
        #expect(device.store.bool(forKey: LaunchState.key))
        await sdk.shutdown()
    }

    @Test func aRerunIsRefusedWhileAFirstLaunchRunsAfterShutdownAndInAnAppExtension() async throws {
        // Given a fresh install whose /match hangs (its first launch is still running)
        let transport = routedTransport { endpoint, _ in
            if endpoint == .match { return try await ScriptedTransport.Answer.hang.answer() }
            return Fixtures.response(200, Fixtures.okJSON)
        }
        let device = TestDevice(transport: transport)
        let sdk = device.start()
        while await !device.transport.requests.contains(where: { route(of: $0) == .match }) { await Task.yield() }

        // When the dashboard asks for a re-run now, and after shutdown
        let during = await sdk.rerunFirstLaunch()
        await sdk.shutdown()
        let after = await sdk.rerunFirstLaunch()

        // Then both are refused with the reason, and only the first launch's /match was sent
        guard case .refused(let duringReason) = during, case .refused(let afterReason) = after else {
            Issue.record("not refused: \(during), \(after)")
            return
        }
        #expect(duringReason.contains("already running"))
        #expect(afterReason.contains("shut down"))
        #expect(await endpoints(device.transport).filter { $0 == .match }.count == 1)

        // And in an app extension, nothing is read or sent
        let extensionDevice = Self.installedDevice(transport: DeferredSequenceTests.answering())
        var environment = extensionDevice.environment
        environment.isAppExtension = true
        let widget = OptoLink.start(configuration: Fixtures.configuration(), environment: environment)
        guard case .refused(let reason) = await widget.rerunFirstLaunch() else {
            Issue.record("not refused")
            return
        }
        #expect(reason.contains("app extension"))
        #expect(extensionDevice.pasteboard.readCount == 0)
        #expect(extensionDevice.store.bool(forKey: LaunchState.key))
        await widget.shutdown()
    }

    /// The kinds of the diagnostics up to the first satisfying `stop` (included).
    static func kinds(_ stream: AsyncStream<Diagnostic>, until stop: (Diagnostic.Kind) -> Bool) async -> [Diagnostic
        .Kind]
    {
        var kinds: [Diagnostic.Kind] = []
        for await diagnostic in stream {
            kinds.append(diagnostic.kind)
            if stop(diagnostic.kind) { break }
        }
        return kinds
    }
}
