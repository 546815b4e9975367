import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pasteboard read (which may show the paste prompt) is off the launch's critical path: a direct
/// open never waits for it.
@Suite("The paste prompt never holds a direct open")
struct PasteboardPromptTests {
    static let welcomeURL = URL(string: "https://go.demo.test/demo/welcome")!

    @Test func aDirectOpenDuringThePastePromptCompletesAndSettlesTheFirstLaunch() async throws {
        // Given a first launch whose pasteboard read waits for the user to answer the prompt
        let pasteboard = HeldPasteboard(string: Fixtures.token)
        let transport = DeferredSequenceTests.answering()
        let store = InMemoryKeyValueStore()
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: pasteboard, deviceInfo: FixedDeviceInfo.iPhone, transport: transport,
            clock: ManualClock())
        let sdk = OptoLink.start(configuration: Fixtures.configuration(), environment: environment)
        await pasteboard.waitForRead()

        // When a link opens the app while the prompt is shown
        let direct = try #require(await sdk.handle(url: Self.welcomeURL))

        // Then it completed meanwhile, and the first launch is settled by it: no /match, ever
        #expect(direct.matchType == .direct)
        #expect(store.bool(forKey: LaunchState.key))
        await pasteboard.release()
        #expect(await sdk.resolveDeferredLink() == direct)
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [direct])
        #expect(await endpoints(transport) == [.linkData])
        #expect(await pasteboard.clears == 0)
    }

    @Test func whenAppAsksTheMatchWaitsForCheckPasteboardAndUsesItsToken() async throws {
        // Given a first launch that reads the pasteboard only when the app asks
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        let sdk = device.start(Fixtures.configuration(clipboardReading: .whenAppAsks))

        // Then nothing is read or sent while the app has not asked (the SDK waits on its clock)
        await device.clock.waitForSleepers(1)
        #expect(device.clock.requestedSleeps == [60])
        #expect(await device.transport.requests.isEmpty)
        #expect(pasteboard.hasStringsCount == 0)

        // When the app asks (after its onboarding, say)
        #expect(await sdk.checkPasteboard())

        // Then /match goes with the token and its match is delivered; the wait is over
        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.matchType == .clipboard)
        #expect(await device.transport.requests.first?.jsonBody?["clipboardToken"] == .string(Fixtures.token))
        #expect(pasteboard.readCount == 1)
        #expect(pasteboard.content == nil)
        #expect(device.clock.sleeperCount == 0)
        #expect(await sdk.checkPasteboard())  // asking again reads nothing more
        #expect(pasteboard.readCount == 1)
        await sdk.shutdown()
    }

    @Test func whenAppAsksAndItNeverDoesTheMatchGoesWithoutTheTokenAfterTheWait() async throws {
        // Given a first launch waiting for checkPasteboard()
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(
            transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON), pasteboard: pasteboard)
        let sdk = device.start(Fixtures.configuration(clipboardReading: .whenAppAsks))
        await device.clock.waitForSleepers(1)

        // When the wait runs out
        await device.clock.advance(by: 60)

        // Then /match is sent without a token and the pasteboard was never touched, not even by a late ask
        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await sdk.checkPasteboard() == false)
        await sdk.shutdown()
        let match = try #require(await device.transport.requests.first)
        #expect(route(of: match) == .match)
        #expect(match.jsonBody?["clipboardToken"] == nil)
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.readCount == 0)
        #expect(pasteboard.content == Fixtures.token)
    }

    @Test func checkPasteboardDoesNothingOnALaterLaunchOrWhenReadingIsOff() async throws {
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let later = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        later.store.set(true, forKey: LaunchState.key)
        let sdk = later.start(Fixtures.configuration(clipboardReading: .whenAppAsks))
        #expect(await sdk.checkPasteboard() == false)
        await sdk.shutdown()

        let never = TestDevice(
            transport: DeferredSequenceTests.answering(match: Fixtures.noMatchJSON), pasteboard: pasteboard)
        let sdk2 = never.start(Fixtures.configuration(clipboardReading: .never))
        #expect(await sdk2.checkPasteboard() == false)
        #expect(await sdk2.resolveDeferredLink() == nil)
        await sdk2.shutdown()
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.readCount == 0)
    }

    @Test func atFirstLaunchReadsAtOnceWithoutWaitingOnTheClock() async throws {
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), pasteboard: pasteboard)
        let sdk = device.start()
        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.matchType == .clipboard)
        #expect(device.clock.requestedSleeps.isEmpty)
        #expect(await sdk.checkPasteboard())  // the SDK's own read found the token
        #expect(pasteboard.readCount == 1)
        await sdk.shutdown()
    }
}
