import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

/// A transport that hands every answer over early (before its call returns), as `URLSessionTransport`
/// does from URLSession's completion handler, then holds the return until `release` opens.
private struct HoldingTransport: HTTPTransport {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    let release: Gate

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { answer(request) }

    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        let response = answer(request)
        onAnswer(response)
        await release.wait()
        return response
    }
}

/// QubeRoute's and Deep Blue's direct opens take the early path OptoLink's `/data` takes (bench rows 2c
/// and 2d): the link is parsed and put on `links` from the transport's callback, before the task that
/// called `handle(url:)` is woken, and handed over once.
@Suite("Provider direct opens deliver from the transport's callback")
struct ProviderEarlyAnswerTests {
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<100_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }

    /// Opens `url` on a later launch over a holding transport; checks the link is on `links` while the
    /// transport still holds its return, then that `handle` returns the same link, delivered once.
    static func expectEarlyDelivery(
        _ configuration: OptoLinkConfiguration, url: URL, answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) async throws -> OptoLinkData {
        let release = Gate()
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let sdk = OptoLink.start(
            configuration: configuration,
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: HoldingTransport(answer: answer, release: release), clock: ManualClock()))
        let links = sdk.links
        let received = Recorder<OptoLinkData>()
        let listener = Task { for await link in links { received.record(link) } }
        let open = Task { await sdk.handle(url: url) }

        // Then the link arrives while the transport holds its return
        let early = await Self.eventually { received.all.count == 1 }
        await release.open()
        let returned = await open.value
        await sdk.shutdown()
        _ = await listener.value
        #expect(early, "the link was not on links before the transport returned")
        let link = try #require(returned)
        #expect(received.all == [link])
        return link
    }

    @Test func aQubeRouteDirectOpenIsOnLinksBeforeTheTransportReturns() async throws {
        let link = try await Self.expectEarlyDelivery(
            try OptoLinkConfiguration.quberoute(
                publishableKey: "qr_live_demo_publishable_0001", links: .init(domains: ["go.example.com"])),
            url: URL(string: "https://go.example.com/qr/spring")!
        ) { _ in
            Fixtures.response(
                200,
                #"{"link":{"url":"https://shop.example.com/promo/spring","alias":"spring","#
                    + #""data":{"sku":"spring-box"}},"confidence":1,"#
                    + #""reason":"direct","attributed":true,"installId":"ins_1"}"#
            )
        }
        #expect(link.path == "/promo/spring")
        #expect(link.reason == "direct")
    }

    @Test func aDeepBlueDirectOpenIsOnLinksBeforeTheTransportReturns() async throws {
        let link = try await Self.expectEarlyDelivery(
            try OptoLinkConfiguration.deepBlue(
                apiKey: "dbl_sandbox_key", links: .init(domains: ["demo.dev.thedbl.ink"])),
            url: URL(string: "https://demo.dev.thedbl.ink/spring")!
        ) { _ in
            Fixtures.response(
                200,
                #"{"id":1,"longUrl":"https://shop.example.com/products/1234?ref=spring","#
                    + #""shortUrl":"https://demo.dev.thedbl.ink/spring","isSandbox":true}"#
            )
        }
        #expect(link.path == "/products/1234")
    }

    @Test func aQubeRouteAnswerWithoutALinkDeliversNothing() async throws {
        let release = Gate()
        await release.open()
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let sdk = OptoLink.start(
            configuration: try OptoLinkConfiguration.quberoute(
                publishableKey: "qr_live_demo_publishable_0001", links: .init(domains: ["go.example.com"])),
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: HoldingTransport(
                    answer: { _ in
                        Fixtures.response(200, #"{"link":null,"confidence":0,"reason":"not_found","attributed":false}"#)
                    }, release: release),
                clock: ManualClock()))
        let links = sdk.links
        let received = Recorder<OptoLinkData>()
        let listener = Task { for await link in links { received.record(link) } }

        #expect(await sdk.handle(url: URL(string: "https://go.example.com/qr/unknown")!) == nil)
        await sdk.shutdown()
        _ = await listener.value
        #expect(received.all.isEmpty)
    }
}
