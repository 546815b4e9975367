import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The Deep Blue Links stand-in is a working Deep Blue deployment for the real SDK, over loopback:
/// resolve with `Api-Key` on a direct and a cold-start open, a browser click through the preview and
/// continue pages then a first launch found by check-deferred, a revoked key refused, and 4xx for bad input.
@Suite("Deep Blue stand-in")
struct DeepBlueStandInTests {
    @Test("a direct open of the main link resolves to its longUrl's path")
    func directOpenDeliversTheMainPath() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.90")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service))

        let link = try #require(await sdk.handle(url: service.mainLink))

        #expect(link.path == service.mainPath)
        #expect(link.matchType == .direct)
        #expect(link.providerFields["shortUrl"] == .string(service.mainLink.absoluteString))
        #expect(link.providerFields["notShortLink"] == nil)
        let resolves = device.wire.sent(to: "/api/links/resolve")
        #expect(resolves.first?.headers["Api-Key"] == service.apiKey)
        await sdk.shutdown()
    }

    @Test("a click through the preview and continue pages, then a first launch: check-deferred finds the link")
    func clickThenFirstLaunchFindsTheLink() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        let browser = StandInBrowser(address: "198.51.100.92")

        let visit = try await browser.visit(service.mainLink)

        #expect(visit.statuses == [200, 200])
        #expect(visit.hops.first == service.mainLink)
        #expect(visit.hops.last?.path == service.mainLink.path + "/continue")
        #expect(visit.stoppedBefore?.host == "apps.apple.com")
        #expect(visit.lastPage.contains("Open the App") && visit.lastPage.contains("Get the App"))
        let click = try #require(service.clicks.first)
        #expect(service.clicks.count == 1)
        #expect(click.link == service.mainLink)
        #expect(click.hops == visit.hops)
        #expect(click.address == browser.address)
        #expect(click.language == "en-US")

        let device = ProviderDevice(address: browser.address)
        let sdk = device.start(try StandInApp.configuration(service))
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.path == service.mainPath)
        #expect(link.isDeferred)
        let asked = try #require(device.wire.sent(to: "/api/links/check-deferred").first)
        #expect(asked.json["timezone"] as? String == "America/New_York")
        #expect((asked.json["device"] as? [String: Any])?["language"] as? String == "en-US")
        await sdk.shutdown()
    }

    @Test("a first launch on another network gets 404, the normal no-link answer")
    func firstLaunchElsewhereFindsNothing() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        _ = try await StandInBrowser(address: "198.51.100.93").visit(service.mainLink)
        let device = ProviderDevice(address: "203.0.113.93")

        let sdk = device.start(try StandInApp.configuration(service))

        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(device.wire.sent(to: "/api/links/check-deferred").map(\.status) == [404])
        await sdk.shutdown()
    }

    @Test("a revoked key is refused (403): the SDK opens nothing; an unknown key is 401")
    func revokedKeyIsRefused() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.94")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service, key: service.wrongKindKey))

        let opened = await sdk.handle(url: service.mainLink)
        let unknown = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/resolve"), json: ["url": service.mainLink.absoluteString],
            headers: ["Api-Key": "dbl_live_not_a_key"])

        #expect(opened == nil)
        #expect(device.wire.sent(to: "/api/links/resolve").map(\.status) == [403])
        #expect(unknown.status == 401)
        await sdk.shutdown()
    }

    @Test("bad input gets a 4xx: no url, no timezone, a non-JSON body; a URL that is no short link is 404")
    func badInputIsRefused() async throws {
        let service = try StandInService.start(.deepBlue)
        defer { service.stop() }
        let key = ["Api-Key": service.apiKey]

        let noURL = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/resolve"), json: [:], headers: key)
        let noTimezone = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/check-deferred"), json: ["device": ["screenWidth": 1179]],
            headers: key)
        let badScreen = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/check-deferred"),
            json: ["timezone": "Europe/Paris", "device": ["screenWidth": "wide"]], headers: key)
        let notJSON = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/resolve"), body: Data([0xff, 0x00]), headers: key)
        let longURL = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/links/resolve"),
            json: ["url": "https://store.acme.test/catalog/fall"],
            headers: key)
        let unknownPath = try await StandInCall.send("GET", StandInApp.url(service, "/api/links"), headers: key)

        #expect(noURL.status == 400)
        #expect(noTimezone.status == 400)
        #expect(badScreen.status == 400)
        #expect(notJSON.status == 400)
        #expect(longURL.status == 404)
        #expect(unknownPath.status == 404)
        for answer in [noURL, noTimezone, badScreen, notJSON, longURL, unknownPath] {
            #expect(answer.json["message"] is String)
        }
    }
}
