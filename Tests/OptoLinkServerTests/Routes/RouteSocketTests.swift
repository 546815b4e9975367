import Foundation
import Testing

@testable import OptoLinkServer

/// Every route over a real loopback socket (127.0.0.1, port 0).
@Suite struct RouteSocketTests {
    static let iPhoneUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"

    func token(in html: String) -> String? {
        guard let range = html.range(of: #"opl_[A-Za-z0-9_-]{22}"#, options: .regularExpression) else { return nil }
        return String(html[range])
    }

    // MARK: health, AASA

    @Test func health() throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try #require(server.request("GET", "/health"))
        #expect(response.status == 200)
        #expect(response.json == ["ok": true])
    }

    @Test func aasaPerHost() throws {
        var seed = ServerSeed.demo
        seed.orgs.append(
            .init(
                orgKey: "acme", name: "Acme", status: "ACTIVE", teamId: "ACME000001", bundleId: "com.acme.app",
                customDomain: "go.acme.test", keys: [], templates: [], links: []))
        let server = try TestServer(seed: seed)
        defer { server.stop() }
        let platform = try #require(
            server.request("GET", "/.well-known/apple-app-site-association", headers: ["Host": "links.optolink.test"]))
        #expect(platform.status == 200)
        #expect(platform.header("Cache-Control") == "max-age=3600")
        let details = platform.json?["applinks"]?["details"]
        #expect(
            details == [
                ["appIDs": ["ABCDE12345.com.example.demo"], "components": [["/": "/demo/*"]]],
                ["appIDs": ["ACME000001.com.acme.app"], "components": [["/": "/acme/*"]]],
            ])  // beta (no teamId) and gone (SUSPENDED) are skipped
        #expect(platform.json?["applinks"]?["apps"] == [])
        #expect(
            platform.json?["webcredentials"]?["apps"] == ["ABCDE12345.com.example.demo", "ACME000001.com.acme.app"])

        let custom = try #require(
            server.request("GET", "/.well-known/apple-app-site-association", headers: ["Host": "go.acme.test:443"]))
        #expect(
            custom.json?["applinks"]?["details"] == [
                ["appIDs": ["ACME000001.com.acme.app"], "components": [["/": "/acme/*"]]]
            ])
        #expect(custom.json?["webcredentials"]?["apps"] == ["ACME000001.com.acme.app"])
    }

    // MARK: redirect page and /data

    @Test func redirectPageRecordsAClickAndShowsTheToken() throws {
        let server = try TestServer()
        defer { server.stop() }
        let page = try #require(
            server.request(
                "GET", "/demo/summer",
                headers: [
                    "User-Agent": Self.iPhoneUA, "Accept-Language": "en-US,en;q=0.9", "X-Forwarded-For": "198.51.100.1",
                ]))
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        let token = try #require(self.token(in: page.text))
        #expect(page.text.contains("navigator.clipboard.writeText"))
        #expect(page.text.contains("apps.apple.com"))
        let state = server.backend.matches.snapshot
        let record = try #require(state.records[token])
        #expect(record.fingerprint == ClickFingerprint(platform: "iOS", osVersion: "17.4.1", language: "en-US"))
        #expect(record.ipHash == server.backend.ipHash("198.51.100.1"))
        #expect(record.expiresAt.timeIntervalSince(record.recordedAt) == 48 * 3600)  // link window wins

        // The token matches by clipboard from any address.
        let match = try #require(
            server.request(
                "POST", "/match", headers: ["X-Forwarded-For": "203.0.113.50"],
                body: "{\"clipboardToken\":\"\(token)\",\"deviceId\":\"device-0001\"}"))
        #expect(match.json?["matchMethod"] == "CLIPBOARD")
        #expect(match.json?["matchConfidence"] == "exact")
        #expect(match.json?["path"] == "/promo/summer")
        #expect(match.json?["params"] == ["campaign": "summer", "utm_source": "newsletter"])
    }

    @Test func matchWindowFallsBackToTemplateThen24Hours() throws {
        let server = try TestServer()
        defer { server.stop() }
        for (code, hours) in [("welcome", 24.0), ("flash", 1.0)] {
            let page = try #require(server.request("GET", "/demo/\(code)"))
            let tok = try #require(token(in: page.text))
            let record = try #require(server.backend.matches.snapshot.records[tok])
            #expect(record.expiresAt.timeIntervalSince(record.recordedAt) == hours * 3600)
        }
        // A link without its own window uses its template's.
        let created = try #require(
            server.request(
                "POST", "/links", headers: bearer(TestServer.serverKey),
                body: #"{"shortCode":"tpl","path":"/t","template":"promo"}"#))
        #expect(created.status == 201)
        let page = try #require(server.request("GET", "/demo/tpl"))
        let tok = try #require(token(in: page.text))
        let record = try #require(server.backend.matches.snapshot.records[tok])
        #expect(record.expiresAt.timeIntervalSince(record.recordedAt) == 24 * 3600)
        #expect(record.params == ["utm_source": "newsletter"])
    }

    @Test func resolutionErrors() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(server.request("GET", "/demo/nothing")?.status == 404)
        #expect(server.request("GET", "/demo/nothing/data")?.status == 404)
        #expect(server.request("GET", "/zzzz/summer")?.status == 404)
        #expect(server.request("GET", "/gone/bye/data")?.status == 404)  // SUSPENDED org
        let bad = try #require(server.request("GET", "/toolong/summer/data"))
        #expect(bad.status == 400)
        #expect(bad.json?["details"] == [["message": "orgKey must match ^[A-Za-z0-9]{4}$", "field": "orgKey"]])
        #expect(server.request("GET", "/de-o/summer")?.status == 400)
    }

    @Test func dataAnswersTheLinkAndUpsertsTheDevice() throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try #require(server.request("GET", "/demo/summer/data?deviceId=device-data-1"))
        #expect(response.status == 200)
        let json = try #require(response.json)
        #expect(json["path"] == "/promo/summer")
        #expect(json["params"] == ["campaign": "summer", "utm_source": "newsletter"])
        #expect(json["linkId"]?.stringValue?.hasPrefix("lnk_") == true)
        #expect(try server.backend.store.demoDevice("device-data-1") != nil)
        #expect(try server.backend.store.clickCount(linkId: json["linkId"]!.stringValue!) == 1)
        let bad = try #require(server.request("GET", "/demo/summer/data?deviceId=short"))
        #expect(bad.status == 400)
        #expect(bad.json?["details"]?.serialized().contains("deviceId") == true)
    }

    // MARK: /match

    @Test func matchValidation() throws {
        let server = try TestServer()
        defer { server.stop() }
        let unknown = try #require(server.request("POST", "/match", body: #"{"screenWidth":390,"platform":"iOS"}"#))
        #expect(unknown.status == 400)
        #expect(
            unknown.json?["details"] == [["message": "property screenWidth should not exist", "field": "screenWidth"]])
        #expect(unknown.json?["requestId"]?.stringValue == unknown.header("X-Request-Id"))
        let long = try #require(
            server.request("POST", "/match", body: "{\"clipboardToken\":\"\(String(repeating: "t", count: 101))\"}"))
        #expect(long.status == 400)
        #expect(server.request("POST", "/match", body: "{not json")?.status == 400)
        #expect(server.request("POST", "/match", body: "[]")?.status == 400)
        // Invalid UTF-8.
        let connection = server.connection()
        connection.send(
            Array("POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nConnection: close\r\n\r\n".utf8) + [
                0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d,
            ])
        #expect(connection.readResponse()?.status == 400)
        // An empty body is an empty request: no match.
        #expect(server.request("POST", "/match", body: "")?.json == ["matched": false, "matchMethod": "NONE"])
    }

    @Test func retriedMatchWithinGraceGetsTheSameAnswerThenNothing() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ip = ["X-Forwarded-For": "198.51.100.77"]
        let simulated = try #require(
            server.request(
                "POST", "/dev/deferred/simulate", headers: ip,
                body: """
                    {"orgKey":"demo","shortCode":"summer","platform":"iOS","osVersion":"17.4.1",\
                    "deviceModel":"iPhone16,1","language":"en-US","timezone":"Europe/Berlin"}
                    """))
        #expect(simulated.status == 200)
        let body =
            #"{"platform":"iOS","osVersion":"17.4.1","deviceModel":"iPhone16,1","#
            + #""language":"en-US","timezone":"Europe/Berlin","deviceId":"device-grace"}"#
        let first = try #require(server.request("POST", "/match", headers: ip, body: body))
        #expect(first.json?["matchMethod"] == "FINGERPRINT_EXACT")
        #expect(first.json?["matchConfidence"] == "high")
        server.clock.advance(by: 29)
        #expect(server.request("POST", "/match", headers: ip, body: body)?.json == first.json)
        server.clock.advance(by: 1)
        #expect(
            server.request("POST", "/match", headers: ip, body: body)?.json == [
                "matched": false, "matchMethod": "NONE",
            ])
    }

    @Test func sharedNetworkGuardOverTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ip = ["X-Forwarded-For": "192.0.2.200"]
        for i in 0..<4 {
            #expect(
                server.request(
                    "POST", "/dev/deferred/simulate", headers: ip,
                    body: """
                        {"orgKey":"demo","shortCode":"welcome","platform":"iOS","osVersion":"17.4.1",\
                        "language":"en-US","timezone":"Europe/Berlin","ageSeconds":\(i * 10)}
                        """)?.status == 200)
        }
        let match = try #require(
            server.request(
                "POST", "/match", headers: ip,
                body:
                    #"{"platform":"iOS","osVersion":"17.4.1","language":"en-US","#
                    + #""timezone":"Europe/Berlin","deviceId":"device-guard"}"#
            ))
        #expect(match.json == ["matched": false, "matchMethod": "NONE"])
        let attempts = try #require(server.request("GET", "/dev/match-attempts?deviceId=device-guard"))
        let attempt = try #require(
            attempts.json?["attempts"].flatMap { if case .array(let a) = $0 { a.first } else { nil } })
        #expect(attempt["guardFired"] == true)
        #expect(attempt["threshold"] == 65)
        if case .array(let candidates)? = attempt["candidates"] {
            #expect(candidates.count == 4)
        } else {
            Issue.record("no candidates")
        }
    }

    // MARK: /sdk/*

    @Test func sdkAuthTiers() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = #"{"deviceId":"device-auth-1"}"#
        func status(_ headers: [String: String]) -> Int? {
            server.request("POST", "/sdk/session", headers: headers, body: body)?.status
        }
        #expect(status([:]) == 401)
        #expect(status(["Authorization": "Basic abc"]) == 401)
        #expect(status(bearer("opl_sdk_demo_client_key_9999999999")) == 401)
        #expect(status(bearer("short")) == 401)
        #expect(status(bearer(TestServer.serverKey)) == 403)
        #expect(status(bearer("opl_sdk_gone_client_key_0000000001")) == 403)  // SUSPENDED org
        #expect(status(bearer("opl_sdk_beta_client_key_0000000001")) == 200)
        #expect(status(bearer(TestServer.clientKey)) == 200)
        // Revoked.
        try server.backend.store.revokeKey(hash: Digest.sha256Hex("opl_sdk_beta_client_key_0000000001"))
        let revoked = try #require(
            server.request("POST", "/sdk/session", headers: bearer("opl_sdk_beta_client_key_0000000001"), body: body))
        #expect(revoked.status == 401)
        #expect(revoked.json?["message"] == "API key revoked")
        // Superseded keys work for 24 h, then expire.
        try server.backend.store.supersedeKey(hash: Digest.sha256Hex(TestServer.clientKey), at: server.clock.now())
        server.clock.advance(by: 24 * 3600 - 1)
        #expect(status(bearer(TestServer.clientKey)) == 200)
        server.clock.advance(by: 1)
        #expect(status(bearer(TestServer.clientKey)) == 401)
    }

    /// Issue 13, item 11: `POST /api-keys/regenerate` (SERVER key) issues a new key; the keys it supersedes
    /// keep working for 24 h, then answer 401. Over the socket, on the injected clock.
    @Test func regeneratingAKeyLeavesTheOldOne24Hours() throws {
        let server = try TestServer()
        defer { server.stop() }
        let session = #"{"deviceId":"device-rotate-1"}"#
        func sessionStatus(_ key: String) -> Int? {
            server.request("POST", "/sdk/session", headers: bearer(key), body: session)?.status
        }
        func linksStatus(_ key: String) -> Int? { server.request("GET", "/links", headers: bearer(key))?.status }

        // Given the org's backend regenerates its CLIENT key.
        let regenerated = try #require(
            server.request(
                "POST", "/api-keys/regenerate", headers: bearer(TestServer.serverKey), body: #"{"tier":"CLIENT"}"#))
        #expect(regenerated.status == 201)
        let newClientKey = try #require(regenerated.json?["key"]?.stringValue)
        #expect(newClientKey.hasPrefix("opl_sdk_") && newClientKey != TestServer.clientKey)
        #expect(regenerated.json?["tier"] == "CLIENT")
        #expect(regenerated.json?["superseded"] == 1)
        #expect(
            regenerated.json?["graceEndsAt"]
                == .string(ISOTime.string(server.clock.now().addingTimeInterval(24 * 3600))))
        // Then both keys work, the old one until its grace ends.
        #expect(sessionStatus(newClientKey) == 200)
        #expect(sessionStatus(TestServer.clientKey) == 200)
        server.clock.advance(by: 24 * 3600 - 1)
        #expect(sessionStatus(TestServer.clientKey) == 200)
        server.clock.advance(by: 1)
        let expired = try #require(
            server.request("POST", "/sdk/session", headers: bearer(TestServer.clientKey), body: session))
        #expect(expired.status == 401)
        #expect(expired.json?["message"] == "API key expired (superseded more than 24 h ago)")
        #expect(sessionStatus(newClientKey) == 200)

        // The SERVER key regenerates itself the same way.
        let server2 = try #require(
            server.request(
                "POST", "/api-keys/regenerate", headers: bearer(TestServer.serverKey), body: #"{"tier":"SERVER"}"#))
        let newServerKey = try #require(server2.json?["key"]?.stringValue)
        #expect(newServerKey.hasPrefix("opl_api_"))
        #expect(linksStatus(TestServer.serverKey) == 200 && linksStatus(newServerKey) == 200)
        // Regenerating again supersedes the newer key only: the first one's grace is not extended.
        server.clock.advance(by: 3600)
        let third = try #require(
            server.request("POST", "/api-keys/regenerate", headers: bearer(newServerKey), body: #"{"tier":"SERVER"}"#))
        #expect(third.json?["superseded"] == 1)
        server.clock.advance(by: 23 * 3600)
        #expect(linksStatus(TestServer.serverKey) == 401)
        #expect(linksStatus(newServerKey) == 200)
        #expect(linksStatus(try #require(third.json?["key"]?.stringValue)) == 200)
        // The raw key is in the answer only, never in the audit trail.
        let trail = try server.backend.store.auditTrail(limit: 3)
        #expect(trail.contains { $0.action == "key.regenerate" })
        #expect(!trail.contains { $0.detail.contains(newClientKey) || $0.detail.contains(newServerKey) })
    }

    @Test func keyRegenerationNeedsAServerKeyAndATier() throws {
        let server = try TestServer()
        defer { server.stop() }
        #expect(server.request("POST", "/api-keys/regenerate", body: #"{"tier":"CLIENT"}"#)?.status == 401)
        #expect(
            server.request(
                "POST", "/api-keys/regenerate", headers: bearer(TestServer.clientKey), body: #"{"tier":"CLIENT"}"#)?
                .status == 403)
        let bad = try #require(
            server.request(
                "POST", "/api-keys/regenerate", headers: bearer(TestServer.serverKey), body: #"{"tier":"ADMIN"}"#))
        #expect(bad.status == 400)
        #expect(bad.json?["details"]?.serialized().contains("tier") == true)
        #expect(
            server.request("POST", "/api-keys/regenerate", headers: bearer(TestServer.serverKey), body: "{}")?.status
                == 400)
        #expect(server.request("GET", "/api-keys/regenerate", headers: bearer(TestServer.serverKey))?.status == 405)
    }

    @Test func expiredKeyIs401() throws {
        var seed = ServerSeed.demo
        seed.orgs[0].keys.append(
            .init(key: "opl_sdk_demo_expired_key_000001", tier: "CLIENT", expiresAt: "2020-01-01T00:00:00Z"))
        let server = try TestServer(seed: seed)
        defer { server.stop() }
        let response = try #require(
            server.request(
                "POST", "/sdk/session", headers: bearer("opl_sdk_demo_expired_key_000001"),
                body: #"{"deviceId":"device-exp-1"}"#))
        #expect(response.status == 401)
        #expect(response.json?["message"] == "API key expired")
    }

    @Test func sessionIdentityClearAndEvents() throws {
        let server = try TestServer()
        defer { server.stop() }
        let auth = bearer(TestServer.clientKey)
        // Unknown device → 404 on identity, clear and events.
        #expect(
            server.request(
                "POST", "/sdk/identity", headers: auth, body: #"{"deviceId":"device-new-1","externalId":"u1"}"#)?.status
                == 404)
        #expect(
            server.request("POST", "/sdk/identity/clear", headers: auth, body: #"{"deviceId":"device-new-1"}"#)?.status
                == 404)
        #expect(
            server.request("POST", "/sdk/events", headers: auth, body: #"{"deviceId":"device-new-1","eventName":"x"}"#)?
                .status == 404)

        let session = try #require(
            server.request(
                "POST", "/sdk/session", headers: auth,
                body: #"{"deviceId":"device-new-1","platform":"iOS","osVersion":"17.4.1","deviceModel":"iPhone16,1"}"#))
        #expect(session.status == 200)
        let iso = ISOTime.string(server.clock.now())
        #expect(
            session.json == [
                "ok": true, "deviceId": "device-new-1", "firstSeenAt": .string(iso), "lastSeenAt": .string(iso),
            ])
        server.clock.advance(by: 60)
        let again = try #require(
            server.request("POST", "/sdk/session", headers: auth, body: #"{"deviceId":"device-new-1"}"#))
        #expect(again.json?["firstSeenAt"] == .string(iso))
        #expect(again.json?["lastSeenAt"] == .string(ISOTime.string(server.clock.now())))

        let bound = try #require(
            server.request(
                "POST", "/sdk/identity", headers: auth, body: #"{"deviceId":"device-new-1","externalId":"user-42"}"#))
        #expect(
            bound.json == [
                "ok": true, "deviceId": "device-new-1", "externalId": "user-42",
                "boundAt": .string(ISOTime.string(server.clock.now())),
            ])
        let cleared = try #require(
            server.request("POST", "/sdk/identity/clear", headers: auth, body: #"{"deviceId":"device-new-1"}"#))
        #expect(
            cleared.json == [
                "ok": true, "deviceId": "device-new-1", "externalId": nil,
                "unboundAt": .string(ISOTime.string(server.clock.now())),
            ])
        #expect(
            server.request("POST", "/sdk/identity/clear", headers: auth, body: #"{"deviceId":"device-new-1"}"#)?.status
                == 200)

        let event = try #require(
            server.request(
                "POST", "/sdk/events", headers: auth,
                body: #"{"deviceId":"device-new-1","eventName":"purchase","properties":{"sku":"a","qty":2}}"#))
        #expect(event.json == ["ok": true])
        #expect(try server.backend.store.demoEventCount("device-new-1") == 1)
        let big =
            "{\"deviceId\":\"device-new-1\",\"eventName\":\"big\","
            + "\"properties\":{\"k\":\"\(String(repeating: "x", count: 10_233))\"}}"
        let rejected = try #require(server.request("POST", "/sdk/events", headers: auth, body: big))
        #expect(rejected.status == 400)
        #expect(rejected.json?["details"]?.serialized().contains("properties") == true)
        #expect(try server.backend.store.demoEventCount("device-new-1") == 1)
        let missing = try #require(
            server.request("POST", "/sdk/identity", headers: auth, body: #"{"deviceId":"device-new-1"}"#))
        #expect(missing.json?["details"] == [["message": "externalId is required", "field": "externalId"]])
    }

    /// A `/match` with the app's `X-API-Key` (as the SDK sends it) makes the device known to that org;
    /// an anonymous one that matched nothing names no org, so no org's key reaches the device.
    @Test func matchMakesADeviceKnownToTheKeysOrg() throws {
        let server = try TestServer()
        defer { server.stop() }
        _ = server.request(
            "POST", "/match", headers: ["X-API-Key": TestServer.clientKey], body: #"{"deviceId":"device-from-match"}"#)
        #expect(
            server.request(
                "POST", "/sdk/identity", headers: bearer(TestServer.clientKey),
                body: #"{"deviceId":"device-from-match","externalId":"u"}"#)?.status == 200)
        #expect(
            server.request(
                "POST", "/sdk/identity", headers: bearer("opl_sdk_beta_client_key_0000000001"),
                body: #"{"deviceId":"device-from-match","externalId":"u"}"#)?.status == 404)
        _ = server.request("POST", "/match", body: #"{"deviceId":"device-anonymous"}"#)
        #expect(
            server.request(
                "POST", "/sdk/identity", headers: bearer(TestServer.clientKey),
                body: #"{"deviceId":"device-anonymous","externalId":"u"}"#)?.status == 404)
    }

    // MARK: /links

    @Test func linkCRUD() throws {
        let server = try TestServer()
        defer { server.stop() }
        let auth = bearer(TestServer.serverKey)
        #expect(server.request("GET", "/links")?.status == 401)
        #expect(server.request("GET", "/links", headers: bearer(TestServer.clientKey))?.status == 403)
        let list = try #require(server.request("GET", "/links", headers: auth))
        if case .array(let links)? = list.json?["links"] { #expect(links.count == 3) } else { Issue.record("no links") }

        let created = try #require(
            server.request(
                "POST", "/links", headers: auth,
                body: #"{"shortCode":"fall","path":"/promo/fall","params":{"campaign":"fall"},"matchWindowHours":12}"#))
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(created.json?["shortCode"] == "fall")
        #expect(created.json?["matchWindowHours"] == 12)
        #expect(
            server.request("POST", "/links", headers: auth, body: #"{"shortCode":"fall","path":"/x"}"#)?.status == 409)
        #expect(
            server.request("POST", "/links", headers: auth, body: #"{"shortCode":"bad code","path":"/x"}"#)?.status
                == 400)
        #expect(
            server.request("POST", "/links", headers: auth, body: #"{"shortCode":"ok","path":"/x","template":"nope"}"#)?
                .status == 400)
        #expect(
            server.request(
                "POST", "/links", headers: auth, body: #"{"shortCode":"ok","path":"/x","matchWindowHours":721}"#)?
                .status == 400)
        #expect(
            server.request("POST", "/links", headers: auth, body: #"{"shortCode":"ok","path":"/x","color":"red"}"#)?
                .json?["details"] == [["message": "property color should not exist", "field": "color"]])

        #expect(server.request("GET", "/links/\(id)", headers: auth)?.json?["path"] == "/promo/fall")
        let patched = try #require(
            server.request(
                "PATCH", "/links/\(id)", headers: auth,
                body: #"{"path":"/promo/autumn","matchWindowHours":null,"template":"promo"}"#))
        #expect(patched.status == 200)
        #expect(patched.json?["path"] == "/promo/autumn")
        #expect(patched.json?["matchWindowHours"] == .null)
        #expect(patched.json?["template"] == "promo")
        #expect(
            server.request("GET", "/demo/fall/data")?.json?["params"] == [
                "campaign": "fall", "utm_source": "newsletter",
            ])

        #expect(server.request("GET", "/links/\(id)/qr.svg", headers: auth)?.status == 200)  // the images: QRRouteTests
        #expect(server.request("GET", "/links/\(id)/qr.png", headers: auth)?.status == 200)
        let deleted = try #require(server.request("DELETE", "/links/\(id)", headers: auth))
        #expect(deleted.json == ["ok": true, "id": .string(id)])
        #expect(server.request("GET", "/links/\(id)", headers: auth)?.status == 404)
        #expect(server.request("DELETE", "/links/\(id)", headers: auth)?.status == 404)
        // Another org's link is invisible.
        let beta = try #require(try server.backend.store.org(key: "beta"))
        let betaLink = try #require(try server.backend.store.links(orgId: beta.id).first)
        #expect(server.request("GET", "/links/\(betaLink.id)", headers: auth)?.status == 404)
    }

    // MARK: dev endpoints

    @Test func simulateAnswersTokenAndTimes() throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try #require(
            server.request(
                "POST", "/dev/deferred/simulate",
                body: """
                    {"orgKey":"demo","shortCode":"flash","platform":"iOS","osVersion":"17.4.1",\
                    "deviceModel":"iPhone16,1","language":"en-US","timezone":"UTC","ageSeconds":600}
                    """))
        #expect(response.status == 200)
        let json = try #require(response.json)
        #expect(RandomToken.isClipboardToken(Substring(json["clipboardToken"]?.stringValue ?? "")))
        let recorded = server.clock.now().addingTimeInterval(-600)
        #expect(json["recordedAt"] == .string(ISOTime.string(recorded)))
        #expect(json["expiresAt"] == .string(ISOTime.string(recorded.addingTimeInterval(3600))))
        // Older than the window: already expired, no match.
        let old = try #require(
            server.request(
                "POST", "/dev/deferred/simulate", headers: ["X-Forwarded-For": "192.0.2.77"],
                body: #"{"orgKey":"demo","shortCode":"flash","ageSeconds":3700}"#))
        let token = try #require(old.json?["clipboardToken"]?.stringValue)
        #expect(
            server.request(
                "POST", "/match", headers: ["X-Forwarded-For": "192.0.2.77"],
                body: "{\"clipboardToken\":\"\(token)\"}")?
                .json
                == ["matched": false, "matchMethod": "NONE"])
        #expect(
            server.request("POST", "/dev/deferred/simulate", body: #"{"orgKey":"demo","shortCode":"nope"}"#)?.status
                == 404)
        #expect(
            server.request(
                "POST", "/dev/deferred/simulate", body: #"{"orgKey":"demo","shortCode":"flash","ageSeconds":-1}"#)?
                .status == 400)
    }

    @Test func matchAttemptsListNewestFirstWithBreakdown() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ip = ["X-Forwarded-For": "198.51.100.9"]
        _ = server.request(
            "POST", "/dev/deferred/simulate", headers: ip,
            body:
                #"{"orgKey":"demo","shortCode":"summer","platform":"iOS","#
                + #""osVersion":"17.4.1","language":"en-US","ageSeconds":12.5}"#
        )
        _ = server.request(
            "POST", "/match", headers: ip,
            body:
                #"{"deviceId":"device-att-1","platform":"iOS","#
                + #""osVersion":"17.4.1","language":"en-US","timezone":"UTC"}"#
        )
        _ = server.request("POST", "/match", headers: ip, body: #"{"deviceId":"device-att-2"}"#)
        let all = try #require(server.request("GET", "/dev/match-attempts"))
        guard case .array(let attempts)? = all.json?["attempts"] else {
            Issue.record("no attempts")
            return
        }
        #expect(attempts.count == 2)
        #expect(attempts[0]["deviceId"] == "device-att-2")  // newest first
        let one = attempts[1]
        #expect(one["ip"] == "198.51.100.9")
        #expect(one["request"] == ["platform": "iOS", "osVersion": "17.4.1", "language": "en-US", "timezone": "UTC"])
        // First match of the record: 30 + 10 + 15 + 10 + 9 = 74, medium.
        #expect(
            one["result"] == [
                "matched": true, "matchMethod": "FINGERPRINT_SCORED", "matchConfidence": "medium", "matchScore": 74,
                "linkId": one["result"]?["linkId"] ?? .null, "path": "/promo/summer",
            ])
        guard case .array(let candidates)? = one["candidates"], let c = candidates.first else {
            Issue.record("no candidates")
            return
        }
        #expect(
            c["points"] == [
                "ip": 30, "platform": 10, "osVersion": 15, "language": 10, "timezone": 0, "deviceModel": 0,
                "recency": 9,
            ])
        #expect(c["total"] == 74)
        #expect(c["ageSeconds"] == 12.5)
        #expect(c["shortCode"] == "summer")
        let filtered = try #require(server.request("GET", "/dev/match-attempts?deviceId=device-att-1&limit=5"))
        if case .array(let a)? = filtered.json?["attempts"] {
            #expect(a.count == 1)
        } else {
            Issue.record("no attempts")
        }
        if case .array(let a)? = server.request("GET", "/dev/match-attempts?limit=1")?.json?["attempts"] {
            #expect(a.count == 1)
        }
        #expect(server.request("GET", "/dev/match-attempts?limit=0")?.status == 400)
        #expect(server.request("GET", "/dev/match-attempts?limit=201")?.status == 400)
    }

    @Test func faultsStatusDropDelayAndClear() throws {
        let server = try TestServer()
        defer { server.stop() }
        let added = try #require(
            server.request("POST", "/dev/faults", body: #"{"route":"match","kind":"status","status":503,"count":2}"#))
        #expect(added.json == ["pending": [["route": "match", "kind": "status", "status": 503, "remaining": 2]]])
        #expect(server.request("GET", "/health")?.status == 200)  // other routes untouched
        #expect(server.request("POST", "/sdk/session", body: "{}")?.status == 401)
        let first = try #require(server.request("POST", "/match", body: "{}"))
        #expect(first.status == 503)
        #expect(first.json?["requestId"] != nil)
        #expect(
            server.request("GET", "/dev/faults")?.json == [
                "pending": [["route": "match", "kind": "status", "status": 503, "remaining": 1]]
            ])
        #expect(server.request("POST", "/match", body: "{}")?.status == 503)
        #expect(server.request("POST", "/match", body: "{}")?.status == 200)

        // 429 fault carries Retry-After.
        _ = server.request("POST", "/dev/faults", body: #"{"route":"sdk","kind":"status","status":429,"count":1}"#)
        let limited = try #require(
            server.request(
                "POST", "/sdk/session", headers: bearer(TestServer.clientKey), body: #"{"deviceId":"device-f-1"}"#))
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "1")
        #expect(limited.json?["message"] == "Retry after 1 second(s)")

        // Drop: the connection closes without an answer.
        _ = server.request("POST", "/dev/faults", body: #"{"route":"data","kind":"drop","count":1}"#)
        let connection = server.connection()
        #expect(connection.request("GET", "/demo/summer/data") == nil)
        #expect(server.request("GET", "/demo/summer/data")?.status == 200)

        // Delay: answers normally after the wait.
        _ = server.request("POST", "/dev/faults", body: #"{"route":"any","kind":"delay","delaySeconds":0.3,"count":1}"#)
        let started = Date()
        #expect(server.request("GET", "/health")?.status == 200)  // health is exempt
        #expect(Date().timeIntervalSince(started) < 0.25)
        let delayed = try #require(server.request("GET", "/demo/summer/data"))
        #expect(delayed.status == 200)
        #expect(Date().timeIntervalSince(started) >= 0.3)

        // Clearing one route family leaves the others; an unknown one is a 400 naming the field.
        _ = server.request("POST", "/dev/faults", body: #"{"route":"match","kind":"status","status":503,"count":2}"#)
        _ = server.request("POST", "/dev/faults", body: #"{"route":"events","kind":"status","status":500,"count":5}"#)
        #expect(
            server.request("DELETE", "/dev/faults?route=match")?.json == [
                "pending": [["route": "events", "kind": "status", "status": 500, "remaining": 5]]
            ])
        #expect(server.request("POST", "/match", body: "{}")?.status == 200)
        let unknownRoute = try #require(server.request("DELETE", "/dev/faults?route=everything"))
        #expect(unknownRoute.status == 400)
        #expect(unknownRoute.json?["details"]?[0]?["field"] == "route")
        #expect(server.request("DELETE", "/dev/faults")?.json == ["pending": []])
        #expect(server.request("GET", "/dev/faults")?.json == ["pending": []])

        let invalid = try #require(
            server.request("POST", "/dev/faults", body: #"{"route":"everything","kind":"status"}"#))
        #expect(invalid.status == 400)
        #expect(
            invalid.json?["details"] == [
                [
                    "message":
                        """
                    route must be one of match, data, sdk, events, qr-resolve, qr-match, \
                    qr-events, dbl-resolve, dbl-check-deferred, af-deeplink, any
                    """,
                    "field": "route",
                ],
                ["message": "status is required for kind status", "field": "status"],
            ])
        // A member of another kind is refused, not silently ignored
        let mixed = try #require(
            server.request("POST", "/dev/faults", body: #"{"route":"match","kind":"drop","status":503}"#))
        #expect(mixed.status == 400)
        #expect(
            mixed.json?["details"] == [["message": "status is taken by kind status only, not drop", "field": "status"]]
        )
        let statusWithDelay = try #require(
            server.request(
                "POST", "/dev/faults", body: #"{"route":"match","kind":"status","status":503,"delaySeconds":5}"#))
        #expect(statusWithDelay.json?["details"]?[0]?["field"] == "delaySeconds")
    }

    @Test func productionHidesDevEndpoints() throws {
        let server = try TestServer(production: true)
        defer { server.stop() }
        for (method, path) in [
            ("POST", "/dev/deferred/simulate"), ("GET", "/dev/match-attempts"), ("GET", "/dev/faults"),
            ("POST", "/dev/faults"), ("DELETE", "/dev/faults"),
        ] {
            let response = try #require(server.request(method, path, body: "{}"))
            #expect(response.status == 404)
            #expect(response.json?["message"] != nil)
            #expect(response.json?["requestId"] != nil)
        }
        #expect(server.request("GET", "/health")?.status == 200)
    }

    // MARK: rate limits

    @Test func matchRateLimitAnswers429WithRetryAfter() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = server.connection()
        let ip = ["X-Forwarded-For": "198.51.100.30"]
        for _ in 0..<30 { #expect(connection.request("POST", "/match", headers: ip, body: "{}")?.status == 200) }
        server.clock.advance(by: 15)
        let limited = try #require(connection.request("POST", "/match", headers: ip, body: "{}"))
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "45")
        #expect(limited.json?["message"] == "Retry after 45 second(s)")
        #expect(limited.json?["requestId"]?.stringValue == limited.header("X-Request-Id"))
        // Another address is not limited; nor are dev and health routes.
        #expect(
            connection.request("POST", "/match", headers: ["X-Forwarded-For": "198.51.100.31"], body: "{}")?.status
                == 200)
        #expect(connection.request("GET", "/health", headers: ip)?.status == 200)
        server.clock.advance(by: 45)
        #expect(connection.request("POST", "/match", headers: ip, body: "{}")?.status == 200)
    }

    @Test func sdkEventsAndResolveFamiliesAreLimitedSeparately() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = server.connection()
        let headers = bearer(TestServer.clientKey).merging(["X-Forwarded-For": "198.51.100.40"]) { a, _ in a }
        for _ in 0..<60 {
            #expect(
                connection.request("POST", "/sdk/session", headers: headers, body: #"{"deviceId":"device-rl-1"}"#)?
                    .status == 200)
        }
        #expect(
            connection.request(
                "POST", "/sdk/identity", headers: headers, body: #"{"deviceId":"device-rl-1","externalId":"u"}"#)?
                .status == 429)
        #expect(
            connection.request(
                "POST", "/sdk/events", headers: headers, body: #"{"deviceId":"device-rl-1","eventName":"e"}"#)?.status
                == 200)
        for _ in 0..<500 { _ = connection.request("GET", "/demo/summer/data", headers: headers) }
        let limited = try #require(connection.request("GET", "/demo/summer", headers: headers))
        #expect(limited.status == 429)  // redirect shares the resolve family
        #expect(limited.header("Retry-After") == "60")
    }
}

@Suite struct PersistenceSocketTests {
    @Test func aDatabaseFileKeepsLinksDevicesBindingsAndTheClicksWaitingForTheirInstall() throws {
        let database = TemporaryDatabase("server")
        defer { database.remove() }
        let path = database.path
        func start() throws -> OptoLinkServer {
            let server = try OptoLinkServer(configuration: .init(port: 0, databasePath: path, trustForwardedFor: true))
            try server.start()
            return server
        }
        let first = try start()
        let c1 = TestConnection(port: first.port)
        let created = try #require(
            c1.request(
                "POST", "/links", headers: bearer(TestServer.serverKey), body: #"{"shortCode":"keep","path":"/kept"}"#))
        #expect(created.status == 201)
        #expect(
            c1.request(
                "POST", "/sdk/session", headers: bearer(TestServer.clientKey), body: #"{"deviceId":"device-persist"}"#)?
                .status == 200)
        #expect(
            c1.request(
                "POST", "/sdk/identity", headers: bearer(TestServer.clientKey),
                body: #"{"deviceId":"device-persist","externalId":"u-1"}"#)?.status == 200)
        let page = try #require(c1.request("GET", "/demo/summer", headers: ["X-Forwarded-For": "192.0.2.44"]))
        let token = try #require(
            page.text.range(of: #"opl_[A-Za-z0-9_-]{22}"#, options: .regularExpression).map { String(page.text[$0]) })
        first.stop()

        let second = try start()
        defer { second.stop() }
        let c2 = TestConnection(port: second.port)
        #expect(c2.request("GET", "/demo/keep/data")?.json?["path"] == "/kept")
        #expect(try second.backend.store.demoDevice("device-persist") != nil)
        #expect(
            c2.request(
                "POST", "/sdk/identity/clear", headers: bearer(TestServer.clientKey),
                body: #"{"deviceId":"device-persist"}"#)?.status == 200)
        // The click made before the restart is still waiting for its install (the engine matches in memory and
        // writes behind it to the file): its token matches, from another address too.
        let matched = c2.request(
            "POST", "/match", headers: ["X-Forwarded-For": "192.0.2.45"], body: "{\"clipboardToken\":\"\(token)\"}")?
            .json
        #expect(matched?["matched"] == true)
        #expect(matched?["matchMethod"] == "CLIPBOARD")
        #expect(matched?["path"] == "/promo/summer")
    }
}
