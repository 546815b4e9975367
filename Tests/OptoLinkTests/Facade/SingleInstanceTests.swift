import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One running instance per store (so one per process in an app, which has one store): a second `start`
/// returns the first.
@Suite("One running instance per store")
struct SingleInstanceTests {
    @Test func aSecondStartReturnsTheRunningInstance() async throws {
        // Given a first launch started twice (say by two scenes)
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        let first = device.start()
        let second = device.start()

        // Then both are the same SDK: one /match, one pasteboard read, one delivery
        #expect(first === second)
        let link = try #require(await second.resolveDeferredLink())
        let links = first.links
        await first.shutdown()
        #expect(await collect(links) == [link])
        #expect(await endpoints(device.transport) == [.match])
        #expect(pasteboard.readCount == 1)
    }

    @Test func aSecondStartWithAnotherConfigurationWarnsAndHandsItsLaunchLinkOver() async throws {
        // Given a running instance
        let warnings = Recorder<String>()
        let device = TestDevice(transport: DeferredSequenceTests.answering())
        device.store.set(true, forKey: LaunchState.key)
        let first = device.start(
            Fixtures.configuration(logger: { level, message in
                if level == .warning { warnings.record(message) }
            }))
        let links = first.links

        // When another start comes with other settings and a launch link
        let url = URL(string: "https://links.demo.test/demo/summer")!
        let second = device.start(Fixtures.configuration(maxRetries: 5), launchURL: url)

        // Then it is the running instance, which warned and opened the link
        #expect(second === first)
        #expect(warnings.all.contains { $0.contains("already running") && $0.contains("configuration") })
        // (the handed-over open sends /data; the later launch's /sdk/session may not come: a /data sent with
        // the device id registers the device, so the launch skips the session when that open began first;
        // waiting for two requests hung CI then)
        await device.transport.waitForRequest { $0.url.path.hasSuffix("/data") }
        await first.flushEvents()
        let received = await first.handle(url: url)  // the same open within 5 s: shared, not repeated
        await first.shutdown()
        #expect(await collect(links) == [try #require(received)])
        #expect(await endpoints(device.transport).filter { $0 == .linkData }.count == 1)
    }

    @Test func shutdownFreesTheSlotForARelaunch() async throws {
        let device = TestDevice(transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON))
        let first = device.start()
        _ = await first.resolveDeferredLink()
        await first.shutdown()
        let relaunch = device.start()
        #expect(relaunch !== first)
        #expect(await relaunch.resolveDeferredLink() == nil)  // a later launch now
        // A later launch registers the session after the first-launch result is in (which
        // `resolveDeferredLink` returns): wait for it, or shutdown may stop it before it is sent.
        await device.transport.waitForRequests(2)
        await relaunch.shutdown()
        #expect(await endpoints(device.transport) == [.match, .session])
    }

    @Test func sharedIsTheInstanceTheAppStartedAndNilBeforeAndAfter() async throws {
        // An isolated registry stands for the process (tests in this process run side by side).
        let registry = InstanceRegistry()
        #expect(registry.shared == nil)
        let device = TestDevice(transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON))
        let sdk = OptoLink.start(
            configuration: Fixtures.configuration(), environment: device.environment, launchURL: nil, registry: registry
        )
        #expect(registry.shared === sdk)
        let other = TestDevice(transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON))
        let simulated = OptoLink.start(
            configuration: Fixtures.configuration(), environment: other.environment, launchURL: nil, registry: registry)
        #expect(simulated !== sdk)
        #expect(registry.shared === sdk)  // the first one stays the shared one
        await sdk.shutdown()
        #expect(registry.shared == nil)
        await simulated.shutdown()
    }

    @Test func theLiveEnvironmentIsOneStoreSoEveryStartIsOneInstance() {
        #expect(OptoLinkEnvironment.live.store === OptoLinkEnvironment.live.store)
    }
}
