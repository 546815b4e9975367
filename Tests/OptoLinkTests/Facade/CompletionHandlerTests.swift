import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The completion-handler forms: same results as the async calls, delivered on the main actor (the main
/// queue), and the state-changing ones run in the order they were made.
@Suite("Completion handlers")
struct CompletionHandlerTests {
    /// Marks the main queue, so a completion can tell it runs there (on Linux the main queue is served by
    /// a worker thread once the main thread parks in `dispatchMain`, so `Thread.isMainThread` says little).
    static let mainQueueKey: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == "main" }

    @Test func handleDeliversTheLinkOnTheMainThread() async throws {
        // Given the SDK on a later launch
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()

        // When a URL is handed over with a completion
        let (link, onMain) = await withCheckedContinuation {
            (continuation: CheckedContinuation<(OptoLinkData?, Bool), Never>) in
            sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!) { link in
                continuation.resume(returning: (link, Self.onMainQueue))
            }
        }
        let count = await withCheckedContinuation { continuation in
            sdk.queuedEventCount { continuation.resume(returning: $0) }
        }
        await sdk.shutdown()

        // Then the completion got the link, on the main queue
        #expect(link?.path == "/promo/summer")
        #expect(onMain)
        #expect(count == 0)
    }

    @Test func stateChangingCallsRunInTheOrderTheyWereMade() async throws {
        // Given a fake client
        let fake = FakeOptoLink()

        // When events and identity calls are made without awaiting, then a flush with a completion
        for index in 0..<20 { fake.trackEvent("e\(index)", completion: nil) }
        fake.setIdentity("user-42") { _ in }
        fake.clearIdentity { _ in }
        let onMain = await withCheckedContinuation { continuation in
            fake.flushEvents { continuation.resume(returning: Self.onMainQueue) }
        }

        // Then the client saw them in that order, and the flush completed on the main queue after them
        let expected: [FakeOptoLink.Call] =
            (0..<20).map { .trackEvent("e\($0)", properties: nil) } + [
                .setIdentity("user-42"), .clearIdentity, .flushEvents,
            ]
        #expect(fake.calls == expected)
        #expect(onMain)
    }

    @Test func eachFormGivesWhatTheAsyncCallGives() async {
        let deferred = OptoLinkData(linkId: "l", path: "/welcome", matchType: .clipboard, isDeferred: true)
        let fake = FakeOptoLink(deferredLink: deferred, succeeds: false)
        let resolved = await withCheckedContinuation { c in fake.resolveDeferredLink { c.resume(returning: $0) } }
        let pasted = await withCheckedContinuation { c in fake.checkPasteboard { c.resume(returning: $0) } }
        let bound = await withCheckedContinuation { c in fake.setIdentity("u") { c.resume(returning: $0) } }
        let queued = await withCheckedContinuation { c in
            fake.trackEvent("x", properties: ["k": 1]) { c.resume(returning: $0) }
        }
        await withCheckedContinuation { c in fake.resetDevice { c.resume() } }
        #expect(resolved == deferred)
        #expect(!pasted && !bound && !queued)
        #expect(fake.calls.last == .resetDevice)
    }
}
