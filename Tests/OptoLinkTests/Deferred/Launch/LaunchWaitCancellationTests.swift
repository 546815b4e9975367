import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

/// A task waiting on the launch returns as soon as it is cancelled, while the launch goes on.
@Suite("Cancelled launch waits")
struct LaunchWaitCancellationTests {
    /// Yields until `done` has recorded a return; false if it never did (the waiting task did not return).
    static func returns(_ done: Recorder<Bool>) async -> Bool {
        for _ in 0..<100_000 {
            if !done.all.isEmpty { return true }
            await Task.yield()
        }
        return !done.all.isEmpty
    }

    @Test func aCancelledResolveDeferredLinkReturnsNilWhileThePastePromptHoldsTheFirstLaunch() async {
        // Given a first launch held by the paste prompt, and the app waiting for its link
        let pasteboard = HeldPasteboard(string: Fixtures.token)
        let transport = DeferredSequenceTests.answering()
        let environment = OptoLinkEnvironment(
            store: InMemoryKeyValueStore(), pasteboard: pasteboard, deviceInfo: FixedDeviceInfo.iPhone,
            transport: transport, clock: ManualClock())
        let sdk = OptoLink.start(configuration: Fixtures.configuration(), environment: environment)
        await pasteboard.waitForRead()
        let returned = Recorder<Bool>()
        let waiting = Task {
            let link = await sdk.resolveDeferredLink()
            returned.record(true)
            return link
        }

        // When the app's task is cancelled while the prompt is still shown
        waiting.cancel()

        // Then the wait ends at once, with nil, and the first launch goes on
        #expect(await Self.returns(returned))
        await pasteboard.release()
        #expect(await waiting.value == nil)
        let link = await sdk.resolveDeferredLink()
        #expect(link?.isDeferred == true)
        await sdk.shutdown()
    }

    @Test func aCancelledIdentityWaitReturnsFalseBeforeTheLaunchSettles() async {
        // Given a first launch held by the paste prompt (identity calls wait for the launch to settle)
        let pasteboard = HeldPasteboard(string: Fixtures.token)
        let transport = DeferredSequenceTests.answering()
        let environment = OptoLinkEnvironment(
            store: InMemoryKeyValueStore(), pasteboard: pasteboard, deviceInfo: FixedDeviceInfo.iPhone,
            transport: transport, clock: ManualClock())
        let sdk = OptoLink.start(configuration: Fixtures.configuration(), environment: environment)
        await pasteboard.waitForRead()
        let returned = Recorder<Bool>()
        let waiting = Task {
            let sent = await sdk.setIdentity("user-42")
            returned.record(true)
            return sent
        }

        // When its task is cancelled
        waiting.cancel()

        // Then it returns false at once, and nothing was sent for it
        #expect(await Self.returns(returned))
        await pasteboard.release()
        _ = await sdk.resolveDeferredLink()
        await sdk.shutdown()
        #expect(await waiting.value == false)
        #expect(await endpoints(transport).contains(.identity) == false)
    }
}
