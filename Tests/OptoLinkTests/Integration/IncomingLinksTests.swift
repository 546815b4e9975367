import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

/// The rules behind the UIKit and SwiftUI helpers (Sources/OptoLink/Integration), which are themselves
/// only type-checked here (Scripts/apple-typecheck.sh): what they hand over, and what happens to it.
@Suite("UIKit and SwiftUI helpers: the platform-free rules")
struct IncomingLinksTests {
    let ours = URL(string: "https://links.demo.test/demo/summer")!
    let other = URL(string: "https://shop.example.com/cart")!

    @Test func onlyABrowsingWebActivityIsAUniversalLink() {
        #expect(IncomingLinks.universalLinkURL(isBrowsingWeb: true, webpageURL: ours) == ours)
        #expect(IncomingLinks.universalLinkURL(isBrowsingWeb: false, webpageURL: ours) == nil)  // Handoff, Spotlight…
        #expect(IncomingLinks.universalLinkURL(isBrowsingWeb: true, webpageURL: nil) == nil)
    }

    @Test func aScenesLinksAreTriedUniversalLinksFirstEachOnce() {
        let scheme = URL(string: "myapp://products/1")!
        #expect(IncomingLinks.candidates(universalLinks: [ours], openedURLs: [scheme, ours]) == [ours, scheme])
        #expect(IncomingLinks.candidates(universalLinks: [], openedURLs: [scheme]) == [scheme])
        #expect(IncomingLinks.candidates(universalLinks: [], openedURLs: []).isEmpty)
    }

    @Test func startHandlingOpensOurLinkInItsOwnTaskAndDeliversIt() async throws {
        // Given a running SDK with a listener
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        let links = sdk.links

        // When a delegate hands over our link synchronously
        let accepted = sdk.startHandling(ours)

        // Then it says so at once, and the link arrives on the stream after one /data request
        #expect(accepted)
        var iterator = links.makeAsyncIterator()
        let link = try #require(await iterator.next())
        #expect(link.matchType == .direct)
        #expect(link.path == "/promo/summer")
        await sdk.shutdown()
        // (a launch may also register a session)
        #expect(await endpoints(device.transport).filter { $0 == .linkData }.count == 1)
    }

    @Test func startHandlingRefusesAURLThatIsNotOursWithoutARequest() async {
        // Given a running SDK
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        let links = sdk.links

        // When a delegate hands over a URL of another host, and a list with one of ours
        let refused = sdk.startHandling(other)
        let some = sdk.startHandling([other, ours])
        _ = await sdk.resolveDeferredLink()

        // Then the first is refused (the app routes it), the list is accepted for our link only
        #expect(!refused)
        #expect(some)
        var iterator = links.makeAsyncIterator()
        #expect(await iterator.next()?.path == "/promo/summer")
        await sdk.shutdown()
        #expect(await endpoints(device.transport).filter { $0 == .linkData }.count == 1)
    }
}
