import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// App code written against `any OptoLinkClient`: the real SDK in the app, `FakeOptoLink` in its tests.
@Suite("The facade protocol and its fake")
struct OptoLinkClientTests {
    static let summerURL = URL(string: "https://links.demo.test/demo/summer")!
    static let summer = OptoLinkData(
        linkId: "l-summer", path: "/promo/summer", params: ["campaign": "summer"], matchType: .direct,
        isDeferred: false)
    static let deferred = OptoLinkData(
        linkId: "l-welcome", path: "/onboarding", matchType: .clipboard, isDeferred: true)

    /// What an app might write: route the first `count` links and count an event for each.
    static func route(_ client: any OptoLinkClient, count: Int) async -> [String] {
        var paths: [String] = []
        for await link in client.links {
            paths.append(link.path)
            await client.trackEvent("routed")
            if paths.count == count { break }
        }
        return paths
    }

    @Test func appCodeRunsAgainstTheFakeWhichRecordsItsCalls() async throws {
        // Given a fake that knows one link, with a link pushed before anyone listens
        let fake = FakeOptoLink(resolve: { $0 == Self.summerURL ? Self.summer : nil }, deferredLink: Self.deferred)
        fake.push(Self.deferred)

        // When app code listens, and a URL is handed over the way a delegate does
        async let routed = Self.route(fake, count: 2)
        #expect(fake.canHandle(url: Self.summerURL))
        #expect(!fake.canHandle(url: URL(string: "https://shop.example.com/cart")!))
        #expect(await fake.handle(url: Self.summerURL) == Self.summer)
        let paths = await routed

        // Then it got the kept link first, then the handled one, and each call is on record
        #expect(paths == ["/onboarding", "/promo/summer"])
        #expect(fake.trackedEvents.map(\.name) == ["routed", "routed"])
        #expect(fake.calls.contains(.handle(Self.summerURL)))
        #expect(fake.calls.first == .canHandle(Self.summerURL))
        #expect(await fake.resolveDeferredLink() == Self.deferred)
    }

    @Test func theFakeFollowsThePrivacySwitchAndReset() async {
        let fake = FakeOptoLink()
        #expect(await fake.trackEvent("a", properties: ["k": 1]))
        #expect(await fake.queuedEventCount() == 1)
        let before = fake.deviceId
        await fake.resetDevice()
        #expect(fake.deviceId != before)
        #expect(await fake.queuedEventCount() == 0)
        fake.setEnabled(false)
        #expect(!fake.isEnabled)
        #expect(await fake.trackEvent("b") == false)
        #expect(await fake.setIdentity("u") == false)
        #expect(fake.calls.suffix(3) == [.setEnabled(false), .trackEvent("b", properties: nil), .setIdentity("u")])
    }

    @Test func theDelegateHelpersRuleWorksOnAnyClient() async throws {
        // Given a fake behind the protocol
        let fake = FakeOptoLink(resolve: { $0 == Self.summerURL ? Self.summer : nil })
        let client: any OptoLinkClient = fake
        let links = client.links

        // When a delegate hands over our URL and one that is not ours, synchronously
        let accepted = client.startHandling(Self.summerURL)
        let refused = client.startHandling(URL(string: "myapp://other")!)

        // Then ours is opened in a task of its own and arrives on the stream
        #expect(accepted && !refused)
        var iterator = links.makeAsyncIterator()
        #expect(await iterator.next() == Self.summer)
        fake.finish()
        #expect(fake.calls.contains(.handle(Self.summerURL)))
    }

    @Test func theSDKIsAClient() async throws {
        // Given the real SDK seen through the protocol
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        let client: any OptoLinkClient = sdk

        // When the app calls it through the protocol
        let opened = await client.handle(url: Self.summerURL)
        let tracked = await client.trackEvent("opened")
        await client.flushEvents()
        let queued = await client.queuedEventCount()
        await sdk.shutdown()

        // Then it behaves as the SDK
        #expect(opened == Self.summer)
        #expect(tracked && queued == 0)
        #expect(client.deviceId == sdk.deviceId && client.isEnabled)
        #expect(await endpoints(device.transport).contains(.events))
    }
}
