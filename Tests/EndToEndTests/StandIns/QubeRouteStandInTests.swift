import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The QubeRoute stand-in is a working QubeRoute deployment for the real SDK, over loopback: resolve on
/// a direct and a cold-start open, a browser click (302 to a landing page that sends the phone to the
/// App Store) then a first launch matched once per install, batched events with `eventId`
/// deduplication, the secret key refused, and 4xx for bad input.
@Suite("QubeRoute stand-in")
struct QubeRouteStandInTests {
    static func bearer(_ key: String) -> [String: String] { ["Authorization": "Bearer \(key)"] }

    @Test("a direct open of the main link resolves to its path, confidence 1")
    func directOpenDeliversTheMainPath() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.80")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service))

        let link = try #require(await sdk.handle(url: service.mainLink))

        #expect(link.path == service.mainPath)
        #expect(link.matchType == .direct)
        #expect(link.confidenceScore == 1)
        #expect(!link.params.isEmpty)
        #expect(!service.mainLink.path.hasPrefix("/qr/"))
        let resolves = device.wire.sent(to: "/api/v1/sdk/resolve")
        #expect(resolves.map { $0.json["url"] as? String } == [service.mainLink.absoluteString])
        await sdk.shutdown()
    }

    @Test("a click (302 to the landing page, then the App Store), a first launch matched below 1, asked once")
    func clickThenFirstLaunchMatchesOnce() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        let browser = StandInBrowser(address: "198.51.100.82")

        let visit = try await browser.visit(service.mainLink)

        #expect(visit.statuses == [302, 200])
        #expect(visit.hops.first == service.mainLink)
        #expect(visit.hops.count == 2 && visit.hops[1].host == "127.0.0.1")
        #expect(visit.stoppedBefore?.scheme == "itms-apps")
        #expect(visit.clipboardToken == nil)
        let click = try #require(service.clicks.first)
        #expect(click.address == browser.address)
        #expect(click.language == "en-US")
        #expect(click.hops == visit.hops)
        #expect(click.destination == visit.stoppedBefore)

        let device = ProviderDevice(address: browser.address)
        let sdk = device.start(try StandInApp.configuration(service))
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.path == service.mainPath)
        #expect(link.isDeferred)
        let confidence = try #require(link.confidenceScore)
        #expect(confidence > 0 && confidence < 1)
        #expect(link.reason?.isEmpty == false)
        await sdk.shutdown()

        // The next launch asks nothing; asked anyway, the service answers already_attributed.
        let relaunch = device.start(try StandInApp.configuration(service))
        #expect(await relaunch.resolveDeferredLink() == nil)
        #expect(device.wire.sent(to: "/api/v1/sdk/match").count == 1)
        await relaunch.shutdown()
        let again = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/match"), json: ["installToken": sdk.deviceId],
            headers: Self.bearer(service.apiKey), address: device.address)
        #expect(again.status == 200)
        #expect(again.json["link"] is NSNull)
        #expect(again.json["reason"] as? String == "already_attributed")
    }

    @Test("a first launch on another network than the click finds no link")
    func firstLaunchElsewhereFindsNothing() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        _ = try await StandInBrowser(address: "198.51.100.83").visit(service.mainLink)
        let device = ProviderDevice(address: "203.0.113.83")

        let sdk = device.start(try StandInApp.configuration(service))

        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(device.wire.sent(to: "/api/v1/sdk/match").first?.answerJSON["reason"] as? String == "no_recent_click")
        await sdk.shutdown()
    }

    @Test("events go in batches with an eventId; a batch sent again is refused, not counted twice")
    func eventsAreDeduplicatedByEventId() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.84")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service))

        #expect(try await #require(sdk.quberoute).trackEvent("box_ordered", valueMinor: 2499, currency: "EUR"))
        #expect(await eventually { service.events.count == 1 })
        let sent = try #require(device.wire.sent(to: "/api/v1/sdk/events").last)
        let resent = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/events"), body: sent.body, headers: Self.bearer(service.apiKey)
        )

        #expect(resent.status == 200)
        #expect(resent.json["accepted"] as? Int == 0)
        let eventId = try #require(service.events.first?.eventId)
        #expect(resent.json["duplicates"] as? [String] == [eventId])
        #expect(service.events.map(\.name) == ["box_ordered"])
        await sdk.shutdown()
    }

    @Test("the secret key is refused (403) here and by the SDK's configuration; an unknown key is 401")
    func secretKeyIsRefused() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        let resolve = StandInApp.url(service, "/api/v1/sdk/resolve")
        let body = ["url": service.mainLink.absoluteString]

        let secret = try await StandInCall.send("POST", resolve, json: body, headers: Self.bearer(service.wrongKindKey))
        let unknown = try await StandInCall.send("POST", resolve, json: body, headers: Self.bearer("qr_live_unknown"))
        let missing = try await StandInCall.send("POST", resolve, json: body)

        #expect(service.wrongKindKey.hasPrefix("qr_sk_"))
        #expect(secret.status == 403)
        #expect(unknown.status == 401)
        #expect(missing.status == 401)
        for answer in [secret, unknown, missing] {
            #expect((answer.json["error"] as? [String: Any])?["message"] is String)
        }
        #expect(throws: OptoLinkError.self) {
            try OptoLinkConfiguration.quberoute(publishableKey: service.wrongKindKey, baseURL: service.baseURL)
        }
    }

    @Test("bad input gets a 4xx: no body, a value without a currency, a match without a token; unknown paths 404")
    func badInputIsRefused() async throws {
        let service = try StandInService.start(.quberoute)
        defer { service.stop() }
        let key = Self.bearer(service.apiKey)

        let notJSON = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/resolve"), body: Data("url=x".utf8), headers: key)
        let noCurrency = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/events"),
            json: [
                "installToken": "0123456789abcdef0123456789abcdef",
                "events": [["eventId": "e1", "name": "buy", "valueMinor": 499]],
            ],
            headers: key)
        let noToken = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/match"), json: ["referrer": "x"], headers: key)
        let notALink = try await StandInCall.send(
            "POST", StandInApp.url(service, "/api/v1/sdk/resolve"), json: ["url": "https://elsewhere.test/page"],
            headers: key)
        let unknownAlias = try await StandInCall.send("GET", StandInApp.url(service, "/go/nope"))
        let unknownPath = try await StandInCall.send("GET", StandInApp.url(service, "/api/v2/nothing"), headers: key)

        #expect(notJSON.status == 400)
        #expect(noCurrency.status == 400)
        #expect((noCurrency.json["error"] as? [String: Any])?["param"] as? String == "events[0].currency")
        #expect(noToken.status == 400)
        #expect(notALink.status == 200)
        #expect(notALink.json["link"] is NSNull)
        #expect(unknownAlias.status == 404)
        #expect(unknownPath.status == 404)
        #expect(service.events.isEmpty)
    }
}
