import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// The request → response core without a socket.
@Suite struct RouterTests {
    func router(production: Bool = false, trust: Bool = true) throws -> (Router, ManualServerClock) {
        let clock = ManualServerClock()
        let store = try Store(path: nil)
        try store.apply(.demo, now: clock.now())
        let backend = Backend(
            store: store, clock: clock, options: .init(trustForwardedFor: trust, production: production))
        return (Router(backend: backend), clock)
    }

    func respond(
        _ router: Router, _ method: String, _ target: String, headers: [(name: String, value: String)] = [],
        body: String = ""
    ) throws -> HTTPResponse {
        let request = try HTTPRequest(method: method, target: target, headers: headers, body: Array(body.utf8))
        guard case .respond(let response) = router.handle(request, peer: "127.0.0.1") else {
            throw OptoLinkServerError.startup("not a response")
        }
        return response
    }

    @Test func literalPrefixesWinOverTheCatchAll() throws {
        let (router, _) = try router()
        #expect(try respond(router, "GET", "/sdk/session").status == 405)
        #expect(try respond(router, "GET", "/match/x").status == 404)
        #expect(try respond(router, "GET", "/dev/anything").status == 404)
        #expect(try respond(router, "GET", "/links/x/y/z").status == 404)
        #expect(try respond(router, "GET", "/health").status == 200)
        #expect(try respond(router, "GET", "/demo/summer").status == 200)
    }

    @Test func methodNotAllowedListsTheAllowedMethods() throws {
        let (router, _) = try router()
        let response = try respond(router, "PUT", "/dev/faults")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, POST, DELETE")
    }

    @Test func everyResponseCarriesARequestId() throws {
        let (router, _) = try router()
        for target in ["/health", "/nope", "/demo/summer/data"] {
            let response = try respond(router, "GET", target)
            #expect(response.header("X-Request-Id")?.hasPrefix("req_") == true)
        }
        let error = try respond(router, "GET", "/nope")
        let json = try JSONParser.parse(error.body)
        #expect(json["requestId"]?.stringValue == error.header("X-Request-Id"))
        #expect(json["message"]?.stringValue != nil)
    }

    @Test func forwardedForIsOnlyTrustedWhenConfiguredAndTheRightMostEntryCounts() throws {
        let (trusting, _) = try router(trust: true)
        let (plain, _) = try router(trust: false)
        // A proxy appends the address it saw: the client can only write what comes before it.
        let request = try HTTPRequest(method: "GET", target: "/", headers: [("X-Forwarded-For", "10.0.0.5, 10.0.0.1")])
        #expect(try trusting.backend.clientIP(request, peer: "127.0.0.1") == "10.0.0.1")
        #expect(try plain.backend.clientIP(request, peer: "127.0.0.1") == "127.0.0.1")
    }

    @Test func deferredFlowThroughTheRouter() throws {
        let (router, clock) = try router()
        let click = try respond(
            router, "GET", "/demo/summer",
            headers: [
                ("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15"),
                ("Accept-Language", "de-DE,de;q=0.9"), ("X-Forwarded-For", "198.51.100.20"),
            ])
        #expect(click.status == 200)
        clock.advance(by: 120)
        let match = try respond(
            router, "POST", "/match", headers: [("X-Forwarded-For", "198.51.100.20")],
            body:
                #"{"platform":"iOS","osVersion":"17.4.1","language":"de-DE","#
                + #""timezone":"Europe/Berlin","deviceId":"device-0001"}"#
        )
        let json = try JSONParser.parse(match.body)
        // 30 + 10 + 15 + 10 language + 9 recency = 74 (browser gives no timezone or model).
        #expect(json["matchMethod"] == "FINGERPRINT_SCORED")
        #expect(json["matchScore"] == .number(74))
        #expect(json["matchConfidence"] == "medium")
        #expect(json["params"] == ["campaign": "summer", "utm_source": "newsletter"])
        #expect(
            try router.backend.store.device(
                orgId: try #require(try router.backend.store.org(key: "demo")).id, id: "device-0001")?.platform == "iOS"
        )
    }

    /// Issue 13, item 8: `ios` is not ua-parser's `iOS`, and the match breakdown says so.
    @Test func aLowerCasedPlatformScoresZeroAndTheAttemptSaysWhy() throws {
        let (router, clock) = try router()
        _ = try respond(
            router, "GET", "/demo/summer",
            headers: [
                ("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15"),
                ("Accept-Language", "en-US,en;q=0.9"), ("X-Forwarded-For", "198.51.100.21"),
            ])
        clock.advance(by: 60)
        let match = try respond(
            router, "POST", "/match", headers: [("X-Forwarded-For", "198.51.100.21")],
            body: #"{"platform":"ios","osVersion":"17.4.1","language":"en-us","deviceId":"device-lower"}"#)
        // 30 IP + 15 OS + 9 recency: platform and language score nothing, so no match.
        #expect(try JSONParser.parse(match.body)["matchMethod"] == "IP_FUZZY")
        let attempts = try JSONParser.parse(
            try respond(router, "GET", "/dev/match-attempts?deviceId=device-lower").body)
        let candidate = attempts["attempts"].flatMap { if case .array(let a) = $0 { a.first } else { nil } }?[
            "candidates"
        ]
        .flatMap { if case .array(let c) = $0 { c.first } else { nil } }
        #expect(candidate?["points"]?["platform"] == 0)
        #expect(candidate?["total"] == 54)
        #expect(
            candidate?["reasons"] == [
                #"platform 0: "ios" ≠ "iOS""#, #"language 0: "en-us" ≠ "en-US""#,
                "timezone 0: unknown on the click", "deviceModel 0: unknown on the click",
            ])
    }

    /// Issue 13, item 9: a device belongs to the org whose key registered it; another org's client key
    /// cannot bind an identity to it or track its events (404: unknown to that org), and registering the
    /// same id under another org makes a second, separate profile.
    @Test func aDeviceIsUnknownToOtherOrgs() throws {
        let (router, _) = try router()
        let demo = [("Authorization", "Bearer \(TestServer.clientKey)")]
        let beta = [("Authorization", "Bearer opl_sdk_beta_client_key_0000000001")]
        let device = #"{"deviceId":"shared-device-01"}"#
        #expect(try respond(router, "POST", "/sdk/session", headers: demo, body: device).status == 200)
        #expect(
            try respond(
                router, "POST", "/sdk/identity", headers: demo,
                body: #"{"deviceId":"shared-device-01","externalId":"demo-user"}"#
            ).status == 200)
        // Org beta's key: the device is unknown to beta.
        #expect(
            try respond(
                router, "POST", "/sdk/identity", headers: beta,
                body: #"{"deviceId":"shared-device-01","externalId":"intruder"}"#
            ).status == 404)
        #expect(
            try respond(
                router, "POST", "/sdk/events", headers: beta,
                body: #"{"deviceId":"shared-device-01","eventName":"spoof"}"#
            ).status == 404)
        #expect(try respond(router, "POST", "/sdk/identity/clear", headers: beta, body: device).status == 404)
        // Beta registering the same id gets its own profile; demo's binding and events are untouched.
        #expect(try respond(router, "POST", "/sdk/session", headers: beta, body: device).status == 200)
        #expect(
            try respond(
                router, "POST", "/sdk/events", headers: beta,
                body: #"{"deviceId":"shared-device-01","eventName":"beta-event"}"#
            ).status == 200)
        let store = router.backend.store
        let demoOrg = try #require(try store.org(key: "demo"))
        let betaOrg = try #require(try store.org(key: "beta"))
        #expect(try store.openBinding(orgId: demoOrg.id, deviceId: "shared-device-01")?.externalId == "demo-user")
        #expect(try store.openBinding(orgId: betaOrg.id, deviceId: "shared-device-01") == nil)
        #expect(try store.device(orgId: demoOrg.id, id: "shared-device-01")?.orgId == demoOrg.id)
        #expect(try store.device(orgId: betaOrg.id, id: "shared-device-01")?.orgId == betaOrg.id)
        #expect(try store.eventCount(orgId: demoOrg.id, deviceId: "shared-device-01") == 0)
        #expect(try store.eventCount(orgId: betaOrg.id, deviceId: "shared-device-01") == 1)
    }

    /// Issue 13, item 10: a deleted link's pending clicks go with it: neither its clipboard token nor the
    /// address's fingerprint matches it any more (they did until the records expired).
    @Test func deletingALinkRemovesItsPendingMatches() throws {
        let (router, clock) = try router()
        let ua = ("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15")
        let page = try respond(router, "GET", "/demo/summer", headers: [ua, ("X-Forwarded-For", "198.51.100.30")])
        let html = String(decoding: page.body, as: UTF8.self)
        let token = try #require(
            html.range(of: #"opl_[A-Za-z0-9_-]{22}"#, options: .regularExpression).map { String(html[$0]) })
        // another link's click stays
        _ = try respond(router, "GET", "/demo/welcome", headers: [ua, ("X-Forwarded-For", "198.51.100.31")])
        let summer = try #require(router.backend.matches.snapshot.records[token]?.linkId)
        // When the org deletes the link.
        let auth = [("Authorization", "Bearer \(TestServer.serverKey)")]
        #expect(try respond(router, "DELETE", "/links/\(summer)", headers: auth).status == 200)
        // Then its clicks are gone: no clipboard match, no fingerprint or IP match on that address.
        clock.advance(by: 30)
        let byToken = try respond(
            router, "POST", "/match", headers: [("X-Forwarded-For", "203.0.113.60")],
            body: "{\"clipboardToken\":\"\(token)\"}")
        #expect(try JSONParser.parse(byToken.body) == ["matched": false, "matchMethod": "NONE"])
        let byAddress = try respond(
            router, "POST", "/match", headers: [("X-Forwarded-For", "198.51.100.30")],
            body: #"{"platform":"iOS","osVersion":"17.4.1"}"#)
        #expect(try JSONParser.parse(byAddress.body) == ["matched": false, "matchMethod": "NONE"])
        #expect(!router.backend.matches.snapshot.records.values.contains { $0.linkId == summer })
        // And the other link's click still matches.
        let other = try respond(
            router, "POST", "/match", headers: [("X-Forwarded-For", "198.51.100.31")], body: #"{"platform":"iOS"}"#)
        #expect(try JSONParser.parse(other.body)["path"] == "/onboarding/welcome")
    }

    @Test func matchUpsertsTheDeviceOfTheKeysOrgEvenWithoutAMatch() throws {
        let (router, _) = try router()
        let demo = try #require(try router.backend.store.org(key: "demo"))
        let response = try respond(
            router, "POST", "/match", headers: [("X-API-Key", TestServer.clientKey)],
            body: #"{"deviceId":"lonely-device","platform":"iOS"}"#)
        #expect(try JSONParser.parse(response.body) == ["matched": false, "matchMethod": "NONE"])
        #expect(try router.backend.store.device(orgId: demo.id, id: "lonely-device") != nil)
        // Without a key and without a match no org is known: no profile (an org's key would not reach it).
        _ = try respond(router, "POST", "/match", body: #"{"deviceId":"orphan-device","platform":"iOS"}"#)
        #expect(try router.backend.store.device(orgId: demo.id, id: "orphan-device") == nil)
    }

    @Test func matchAuditsAttributionByKeyPrefixOnly() throws {
        let (router, _) = try router()
        _ = try respond(router, "POST", "/match", headers: [("X-API-Key", TestServer.clientKey)], body: "{}")
        _ = try respond(router, "POST", "/match", body: "{}")
        let trail = try router.backend.store.auditTrail(limit: 2)
        #expect(trail.map(\.actor) == ["anonymous", "sdk:opl_sdk_"])
        #expect(trail[1].orgId != nil)
        #expect(!trail.contains { $0.actor.contains(TestServer.clientKey) || $0.detail.contains(TestServer.clientKey) })
    }
}
