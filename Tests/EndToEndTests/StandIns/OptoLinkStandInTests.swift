import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The OptoLink stand-in is a working OptoLink deployment for the real SDK (`URLSessionTransport`, the
/// in-memory store, pasteboard and device info), over loopback: direct and cold-start opens, a browser
/// click then a first launch (by the page's clipboard token, and by the scored fingerprint), the
/// `/sdk/*` tiers, and 4xx for bad input.
@Suite("OptoLink stand-in")
struct OptoLinkStandInTests {
    @Test("its own org, keys and link, not the embedded seed's")
    func profileDiffersFromTheEmbeddedSeed() throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }

        #expect(service.orgKey.count == 4 && service.orgKey != "demo")
        #expect(service.apiKey.hasPrefix("opl_sdk_"))
        #expect(service.wrongKindKey.hasPrefix("opl_api_"))
        #expect(service.mainLink.path == "/\(service.orgKey)/" + service.mainLink.lastPathComponent)
        #expect(!["summer", "spring", "welcome"].contains(service.mainLink.lastPathComponent))
        #expect(service.mainLink.host == "127.0.0.1" && service.mainLink.port == service.port)
        #expect(service.baseURL == service.origin)
    }

    @Test("a direct open of the main link delivers its path through /data")
    func directOpenDeliversTheMainPath() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.60")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service))

        let link = try #require(await sdk.handle(url: service.mainLink))

        #expect(link.path == service.mainPath)
        #expect(link.matchType == .direct)
        #expect(link.isDeferred == false)
        #expect(!link.params.isEmpty)
        #expect(service.requests.contains("GET \(service.mainLink.path)/data"))
        #expect(service.clicks.isEmpty)  // an app's open is no browser click
        await sdk.shutdown()
    }

    @Test("a click on the main link, then a first launch on another network: matched by the page's clipboard token")
    func clickThenFirstLaunchMatchesByTheClipboardToken() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let browser = StandInBrowser(address: "198.51.100.62")

        let visit = try await browser.visit(service.mainLink)

        #expect(visit.hops == [service.mainLink])
        #expect(visit.statuses == [200])
        #expect(visit.stoppedBefore?.host == "apps.apple.com")
        let token = try #require(visit.clipboardToken)
        #expect(visit.lastPage.contains("navigator.clipboard.writeText(\"\(token)\")"))
        let click = try #require(service.clicks.first)
        #expect(service.clicks.count == 1)
        #expect(click.address == browser.address)
        #expect(click.userAgent == browser.userAgent)
        #expect(click.language == "en-US")
        #expect(click.link == service.mainLink)
        #expect(click.hops == [service.mainLink])
        #expect(click.destination?.host == "apps.apple.com")

        // The app is installed on another network: only the token can match.
        let device = ProviderDevice(address: "203.0.113.62")
        device.pasteboard.content = token
        let sdk = device.start(try StandInApp.configuration(service))
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.path == service.mainPath)
        #expect(link.isDeferred)
        #expect(link.matchType == .clipboard)
        #expect(link.confidence == .exact)
        #expect(link.matchScore == nil)
        #expect(device.pasteboard.content == nil)
        #expect(device.wire.sent(to: "/match").first?.json["clipboardToken"] as? String == token)
        await sdk.shutdown()

        // Asked again within the grace (as a retry would), the token still matches.
        let retried = try await StandInCall.send(
            "POST", StandInApp.url(service, "/match"), json: ["clipboardToken": token], address: device.address)
        #expect(retried.json["matched"] as? Bool == true)
        #expect(retried.json["matchMethod"] as? String == "CLIPBOARD")
        #expect(retried.json["path"] as? String == service.mainPath)
    }

    @Test("a click, then a first launch on the same network without the token: scored from the page's traits")
    func clickThenFirstLaunchOnTheSameNetworkIsScored() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let address = "198.51.100.63"
        _ = try await StandInBrowser(address: address).visit(service.mainLink)
        let device = ProviderDevice(address: address)
        // The page knew the address, platform, OS version and language (no model, no time zone): the
        // contract's weights, plus the recency bonus of a click under 5 minutes old.
        let expected =
            ContractScore.ip + ContractScore.platform + ContractScore.osExact + ContractScore.language
            + ContractScore.recency(ageSeconds: 0)

        let sdk = device.start(try StandInApp.configuration(service))
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.path == service.mainPath)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.matchScore == Double(expected))
        #expect(link.confidence?.rawValue == ContractScore.confidence(expected))
        await sdk.shutdown()
    }

    @Test("session, identity and events through the SDK; identity for a device never seen is 404")
    func sdkEndpointsServeTheClientKey() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.64")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service))

        #expect(await sdk.setIdentity("customer-42"))
        #expect(await sdk.trackEvent("wishlist_add", properties: ["sku": .string("parka-07")]))
        #expect(await eventually { service.events.count == 1 })
        #expect(await sdk.clearIdentity())

        #expect(service.events.map(\.name) == ["wishlist_add"])
        #expect(service.events.first?.install == sdk.deviceId)
        #expect(service.requests.contains("POST /sdk/session"))
        #expect(service.requests.contains("POST /sdk/identity"))
        #expect(service.requests.contains("POST /sdk/identity/clear"))
        let stranger = try await StandInCall.send(
            "POST", StandInApp.url(service, "/sdk/identity"),
            json: ["deviceId": "never-seen-device", "externalId": "x"],
            headers: ["Authorization": "Bearer \(service.apiKey)"])
        #expect(stranger.status == 404)
        #expect(stranger.json["message"] is String)
        await sdk.shutdown()
    }

    @Test("the SERVER key is refused on /sdk/* (403) and by the SDK's configuration; a wrong or missing key is 401")
    func wrongKindKeyIsRefused() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let session = StandInApp.url(service, "/sdk/session")
        let body: [String: Any] = ["deviceId": "device-0001"]

        let server = try await StandInCall.send(
            "POST", session, json: body, headers: ["Authorization": "Bearer \(service.wrongKindKey)"])
        let wrong = try await StandInCall.send(
            "POST", session, json: body, headers: ["Authorization": "Bearer opl_sdk_not_this_org_key"])
        let missing = try await StandInCall.send("POST", session, json: body)

        #expect(server.status == 403)
        #expect(wrong.status == 401)
        #expect(missing.status == 401)
        for answer in [server, wrong, missing] {
            #expect(answer.json["message"] is String)
            #expect(answer.json["requestId"] as? String == answer.headers["x-request-id"])
        }
        #expect(throws: OptoLinkError.self) {
            try OptoLinkConfiguration.optoLink(
                apiKey: service.wrongKindKey, orgKey: service.orgKey, baseURL: service.baseURL)
        }
    }

    @Test("bad input gets a 4xx in the error envelope; unknown and /dev paths are 404")
    func badInputIsRefused() async throws {
        let service = try StandInService.start(.optoLink)
        defer { service.stop() }
        let bearer = ["Authorization": "Bearer \(service.apiKey)"]

        let unknownField = try await StandInCall.send(
            "POST", StandInApp.url(service, "/match"), json: ["deviceId": "device-0002", "screen": "1179x2556"])
        let notJSON = try await StandInCall.send("POST", StandInApp.url(service, "/match"), body: Data("{oops".utf8))
        let wrongType = try await StandInCall.send(
            "POST", StandInApp.url(service, "/match"), json: ["osVersion": 17])
        let shortOrg = try await StandInCall.send(
            "GET", StandInApp.url(service, "/ac/\(service.mainLink.lastPathComponent)"))
        let hugeProperties = try await StandInCall.send(
            "POST", StandInApp.url(service, "/sdk/events"),
            json: [
                "deviceId": "device-0003", "eventName": "big",
                "properties": ["blob": String(repeating: "x", count: 10_240)],
            ], headers: bearer)
        let unknownCode = try await StandInCall.send(
            "GET", StandInApp.url(service, "/\(service.orgKey)/no-such-code/data"))
        let devRoute = try await StandInCall.send(
            "POST", StandInApp.url(service, "/dev/deferred/simulate"), json: ["shortCode": "x"])
        let unknownPath = try await StandInCall.send("GET", StandInApp.url(service, "/no/such/route/here"))
        let health = try await StandInCall.send("GET", StandInApp.url(service, "/health"))

        #expect(unknownField.status == 400)
        let details = try #require(unknownField.json["details"] as? [[String: Any]])
        #expect(details.contains { $0["field"] as? String == "screen" })
        #expect(notJSON.status == 400)
        #expect(wrongType.status == 400)
        #expect(shortOrg.status == 400)
        #expect(hugeProperties.status == 400)
        #expect(unknownCode.status == 404)
        #expect(devRoute.status == 404)
        #expect(unknownPath.status == 404)
        for answer in [unknownField, notJSON, wrongType, shortOrg, hugeProperties, unknownCode, devRoute, unknownPath] {
            #expect(answer.json["message"] is String)
        }
        #expect(health.status == 200)
    }
}
