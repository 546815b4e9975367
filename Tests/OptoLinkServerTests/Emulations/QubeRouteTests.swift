import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The emulated QubeRoute (seed 001) through the router, no socket.
@Suite struct QubeRouteTests {
    static let live = "qr_live_demo_publishable_key_0001"
    static let test = "qr_test_demo_publishable_key_0001"
    static let secret = "qr_sk_demo_secret_key_000000001"
    static let token = "9f3a0c6e2b4d4e8f9a1b2c3d4e5f6a7b"

    func post(
        _ emulation: EmulationRouter, _ path: String, key: String? = QubeRouteTests.live, body: String,
        from ip: String = "198.51.100.10",
        headers: [(name: String, value: String)] = []
    ) throws -> (HTTPResponse, JSON?) {
        var all = headers + [("Content-Type", "application/json")]
        if let key { all.append(("Authorization", "Bearer \(key)")) }
        let response = try emulation.respond("POST", path, from: ip, headers: all, body: body)
        return (response, EmulationRouter.json(response))
    }

    func click(
        _ emulation: EmulationRouter, _ path: String, from ip: String, userAgent: String = EmulationRouter.iPhoneUA
    ) throws -> HTTPResponse {
        try emulation.respond(
            "GET", path, from: ip, headers: [("User-Agent", userAgent), ("Accept-Language", "en-US,en;q=0.9")])
    }

    // MARK: resolve

    @Test func resolveAnswersTheLinkOfTheKeysEnvironment() throws {
        let emulation = try EmulationRouter()
        // Given the demo project's live and test "spring" links
        // When each key resolves its own environment's click URL
        let (live, liveJSON) = try post(
            emulation, "/api/v1/sdk/resolve", body: #"{"url":"https://go.example/qr/spring"}"#)
        let (test, testJSON) = try post(
            emulation, "/api/v1/sdk/resolve", key: Self.test, body: #"{"url":"http://127.0.0.1:8787/qr/test/spring"}"#)
        // Then each gets its own link, confidence 1, reason direct
        #expect(live.status == 200 && test.status == 200)
        #expect(
            liveJSON == [
                "link": [
                    "url": "https://shop.example.com/promo/spring", "alias": "spring", "data": ["sku": "spring-box"],
                    "campaign": "spring-sale", "channel": "email", "feature": "promo",
                ],
                "confidence": 1, "reason": "direct", "attributed": false, "installId": nil,
            ])
        #expect(testJSON?["link"]?["url"] == "https://staging.shop.example.com/promo/spring")
        #expect(testJSON?["link"]?["data"] == ["sku": "spring-box", "env": "test"])
    }

    @Test func aLiveKeyDoesNotSeeTestLinksNorUnknownOnes() throws {
        let emulation = try EmulationRouter()
        for url in [
            "https://go.example/qr/test/spring", "https://go.example/qr/nope", "https://shop.example.com/promo/spring",
        ] {
            let (response, json) = try post(emulation, "/api/v1/sdk/resolve", body: #"{"url":"\#(url)"}"#)
            #expect(response.status == 200)
            #expect(json?["link"] == .null)
            #expect(json?["reason"] == "not_found")
            #expect(json?["confidence"] == 0)
        }
    }

    @Test func resolveWithAnInstallTokenCreatesTheInstallAndAttributesADirectOpen() throws {
        let emulation = try EmulationRouter()
        // Given an install that opens a link before ever asking match
        let (_, first) = try post(
            emulation, "/api/v1/sdk/resolve",
            body: #"{"url":"https://go.example/qr/spring","installToken":"\#(Self.token)"}"#)
        let installId = try #require(first?["installId"]?.stringValue)
        #expect(installId.hasPrefix("ins_") && installId.count == 20)
        #expect(first?["attributed"] == true)
        // When it later asks match
        let (match, json) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        // Then the install was already attributed by the direct open: no link, the same install id
        #expect(match.status == 200)
        #expect(
            json == [
                "link": nil, "confidence": 0, "reason": "already_attributed", "attributed": true,
                "installId": .string(installId),
            ])
    }

    // MARK: keys

    @Test func secretMissingAndUnknownKeysAreRefused() throws {
        let emulation = try EmulationRouter()
        let body = #"{"url":"https://go.example/qr/spring"}"#
        for (key, status, code) in [
            (Self.secret, 403, "secret_key_refused"), ("qr_sk_not_even_a_real_key_000", 403, "secret_key_refused"),
            ("qr_live_unknown_key_00000000000", 401, "invalid_key"), (nil, 401, "missing_key"),
        ] as [(String?, Int, String)] {
            for path in ["/api/v1/sdk/resolve", "/api/v1/sdk/match", "/api/v1/sdk/events"] {
                let (response, json) = try post(emulation, path, key: key, body: body)
                #expect(response.status == status, "\(path) \(key ?? "no key")")
                #expect(json?["error"]?["code"]?.stringValue == code)
                #expect(json?["requestId"]?.stringValue == response.header("X-Request-Id"))
            }
        }
    }

    // MARK: match

    @Test func matchFindsTheClickOnceAndTheSecondCallIsAlreadyAttributed() throws {
        let emulation = try EmulationRouter()
        // Given an iPhone browser's click on the live spring link from 203.0.113.7
        #expect(try click(emulation, "/qr/spring", from: "203.0.113.7").status == 200)
        let headers = [("User-Agent", EmulationRouter.iPhoneUA), ("Accept-Language", "en-US")]
        // When the install on the same network asks match twice
        let (first, json) = try post(
            emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#, from: "203.0.113.7",
            headers: headers)
        let (second, again) = try post(
            emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#, from: "203.0.113.7",
            headers: headers)
        // Then the first finds the link by fingerprint: ip 30 + platform 10 + OS 15 + language 10 + recency 9 = 74
        // points → 0.74
        #expect(first.status == 200)
        #expect(json?["link"]?["alias"] == "spring")
        #expect(json?["reason"] == "fingerprint")
        #expect(json?["confidence"] == 0.74)
        #expect(json?["attributed"] == true)
        // and the second answers already_attributed without a link
        #expect(second.status == 200)
        #expect(again?["reason"] == "already_attributed")
        #expect(again?["link"] == .null)
        #expect(again?["installId"] == json?["installId"])
        // and only the first ran the engine: one attempt, tagged with the service, with its breakdown
        let attempts = emulation.backend.attempts.recent(deviceId: Self.token, service: "quberoute", limit: 10)
        #expect(attempts.count == 1)
        #expect(attempts.first?["result"]?["matchMethod"] == "FINGERPRINT_SCORED")
        #expect(attempts.first?["answer"]?["confidence"] == 0.74)
        #expect(attempts.first?["candidates"]?[0]?["total"] == 74)
    }

    @Test func anInstallReferrerCarryingTheClickTokenIsExact() throws {
        let emulation = try EmulationRouter()
        // Given an Android click whose page sends the phone to Google Play with the click's token as referrer
        let page = try click(emulation, "/qr/spring", from: "203.0.113.8", userAgent: EmulationRouter.androidUA)
        let html = String(decoding: page.body, as: UTF8.self)
        let range = try #require(html.range(of: #"referrer=opl_[A-Za-z0-9_-]{22}"#, options: .regularExpression))
        let token = String(html[range].dropFirst("referrer=".count))
        // When the install asks match from another network with that referrer
        let (_, json) = try post(
            emulation, "/api/v1/sdk/match",
            body: #"{"installToken":"\#(Self.token)","referrer":"utm_source=qr&click=\#(token)"}"#,
            from: "192.0.2.99")
        // Then it is exact
        #expect(json?["reason"] == "referrer")
        #expect(json?["confidence"] == 1)
        #expect(json?["link"]?["alias"] == "spring")
    }

    @Test func withoutAClickMatchAnswersNoMatchAndStillCountsAsAsked() throws {
        let emulation = try EmulationRouter()
        let (response, json) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        #expect(response.status == 200)
        #expect(json?["reason"] == "no_match")
        #expect(json?["confidence"] == 0)
        #expect(json?["attributed"] == false)
        // A click made after that first call does not change the answer: the install was asked once.
        _ = try click(emulation, "/qr/spring", from: "198.51.100.10")
        let (_, again) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        #expect(again?["reason"] == "already_attributed")
    }

    @Test func aDirectOpenAfterAMatchThatFoundNothingAttributesTheInstallAndTheMatchStaysAsked() throws {
        // Given an install whose first-launch match found no click
        let emulation = try EmulationRouter()
        let (_, matched) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        #expect(matched?["reason"] == "no_match")
        // When the app then opens one of the links
        let (_, opened) = try post(
            emulation, "/api/v1/sdk/resolve",
            body: #"{"url":"https://h.example/qr/spring","installToken":"\#(Self.token)"}"#)
        // Then the open attributes it (as the docs say: an install not attributed to a link yet)
        #expect(opened?["reason"] == "direct")
        #expect(opened?["attributed"] == true)
        let installs = EmulationRouter.json(
            try emulation.respond("GET", "/dev/quberoute/installs?installToken=\(Self.token)"))
        #expect(installs?["installs"]?[0]?["attribution"] == "direct")
        // And a second match is still refused: the install was asked once
        let (_, again) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        #expect(again?["reason"] == "already_attributed")
    }

    @Test(arguments: [
        "2024-02-30T00:00:00Z", "2023-02-29T12:00:00.000Z", "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z",
        // offsets that do not exist (RFC 3339: hours 00–23, minutes 00–59)
        "2024-01-01T00:00:00+99:99", "2024-01-01T00:00:00.000-24:00", "2024-01-01T00:00:00+01:60",
    ])
    func aClientTimestampOfADayThatDoesNotExistRefusesTheBatch(_ stamp: String) throws {
        let emulation = try EmulationRouter()
        let body =
            #"{"installToken":"\#(Self.token)","events":[{"eventId":"t1","#
            + #""name":"open","clientTimestamp":"\#(stamp)"}]}"#
        let (response, json) = try post(emulation, "/api/v1/sdk/events", body: body)
        #expect(response.status == 400)
        #expect(json?["error"]?["details"]?[0]?["field"] == "events[0].clientTimestamp")
        // while 29 February of a leap year is a day
        let leap = body.replacingOccurrences(of: stamp, with: "2024-02-29T00:00:00Z")
        #expect(try post(emulation, "/api/v1/sdk/events", body: leap).0.status == 200)
    }

    @Test func aTestKeyDoesNotMatchLiveClicks() throws {
        let emulation = try EmulationRouter()
        _ = try click(emulation, "/qr/spring", from: "203.0.113.9")
        let (_, json) = try post(
            emulation, "/api/v1/sdk/match", key: Self.test, body: #"{"installToken":"\#(Self.token)"}"#,
            from: "203.0.113.9",
            headers: [("User-Agent", EmulationRouter.iPhoneUA)])
        #expect(json?["reason"] == "no_match")
        // while the test link's own click matches the test key
        _ = try click(emulation, "/qr/test/spring", from: "203.0.113.9")
        let (_, testMatch) = try post(
            emulation, "/api/v1/sdk/match", key: Self.test, body: #"{"installToken":"another-install-0001"}"#,
            from: "203.0.113.9", headers: [("User-Agent", EmulationRouter.iPhoneUA)])
        #expect(testMatch?["link"]?["url"] == "https://staging.shop.example.com/promo/spring")
    }

    @Test func theSharedNetworkGuardAnswersSharedNetwork() throws {
        let emulation = try EmulationRouter()
        for _ in 0..<4 { _ = try click(emulation, "/qr/spring", from: "203.0.113.10") }
        let (_, json) = try post(
            emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#, from: "203.0.113.10",
            headers: [("User-Agent", EmulationRouter.iPhoneUA), ("Accept-Language", "en-US")])
        #expect(json?["reason"] == "shared_network")
        #expect(json?["link"] == .null)
    }

    @Test func devClicksCarryExplicitFieldsAndAge() throws {
        let emulation = try EmulationRouter()
        let made = try emulation.respond(
            "POST", "/dev/quberoute/click", from: "203.0.113.11",
            body: #"""
                {"alias":"welcome","platform":"iOS","osVersion":"17.4.1","deviceModel":"iPhone16,1",\#
                "language":"en-US","ageSeconds":3600}
                """#)
        #expect(made.status == 200)
        #expect(EmulationRouter.json(made)?["linkId"] == "qr:live/welcome")
        let (_, json) = try post(
            emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#, from: "203.0.113.11",
            headers: [("User-Agent", EmulationRouter.iPhoneUA), ("Accept-Language", "en-US")])
        // ip 30 + platform 10 + OS 15 + language 10 + recency (1 h: < 6 h) 3 = 68
        #expect(json?["link"]?["alias"] == "welcome")
        #expect(json?["confidence"] == 0.68)
        #expect(
            try emulation.respond("POST", "/dev/quberoute/click", body: #"{"alias":"spring","environment":"prod"}"#)
                .status == 400)
        #expect(try emulation.respond("POST", "/dev/quberoute/click", body: #"{"alias":"nope"}"#).status == 404)
    }

    // MARK: events

    @Test func aResentEventIdIsRefusedWithoutCountingTwice() throws {
        let emulation = try EmulationRouter()
        let first =
            #"{"installToken":"\#(Self.token)","events":[{"eventId":"e1","name":"purchase","valueMinor":499,"#
            + #""currency":"GBP","properties":{"sku":"spring-box"},"#
            + #""clientTimestamp":"2026-09-01T12:00:00.000Z"},{"eventId":"e2","name":"open"}]}"#
        // Given a batch of two events that was recorded
        let (recorded, json) = try post(emulation, "/api/v1/sdk/events", body: first)
        #expect(recorded.status == 200)
        #expect(json?["accepted"] == ["e1", "e2"])
        #expect(json?["duplicates"] == [])
        // When it is sent again with one more event (a retry after a lost answer), e3 twice in the batch
        let retry =
            #"{"installToken":"\#(Self.token)","events":[{"eventId":"e1","name":"purchase","valueMinor":499,"#
            + #""currency":"GBP"},{"eventId":"e2","name":"open"},"#
            + #"{"eventId":"e3","name":"open"},{"eventId":"e3","name":"open"}]}"#
        let (again, againJSON) = try post(emulation, "/api/v1/sdk/events", body: retry)
        // Then only e3 is recorded, once; the others are named as duplicates
        #expect(again.status == 200)
        #expect(againJSON?["accepted"] == ["e3"])
        #expect(againJSON?["duplicates"] == ["e1", "e2", "e3"])
        #expect(againJSON?["installId"] == json?["installId"])
        let installs = EmulationRouter.json(
            try emulation.respond("GET", "/dev/quberoute/installs?installToken=\(Self.token)"))
        #expect(installs?["installs"]?[0]?["eventCount"] == 3)
        // and the install shows the three refusals (e1, e2 and the second e3), the first batch's none
        #expect(installs?["installs"]?[0]?["duplicateEvents"] == 3)
        #expect(installs?["installs"]?[0]?["events"]?[0]?["valueMinor"] == 499)
        #expect(installs?["installs"]?[0]?["events"]?[0]?["properties"] == ["sku": "spring-box"])
    }

    @Test func aValueWithoutACurrencyRefusesTheWholeBatch() throws {
        let emulation = try EmulationRouter()
        let body =
            #"{"installToken":"\#(Self.token)","events":[{"eventId":"ok","#
            + #""name":"open"},{"eventId":"bad","name":"purchase","valueMinor":499}]}"#
        let (response, json) = try post(emulation, "/api/v1/sdk/events", body: body)
        #expect(response.status == 400)
        #expect(json?["error"]?["code"] == "invalid_request")
        #expect(json?["error"]?["details"]?[0]?["field"] == "events[1].currency")
        // Nothing of the batch was recorded (not even the install)
        let installs = EmulationRouter.json(
            try emulation.respond("GET", "/dev/quberoute/installs?installToken=\(Self.token)"))
        #expect(installs?["installs"] == [])
    }

    @Test func malformedBodiesNameEveryProblem() throws {
        let emulation = try EmulationRouter()
        let cases: [(String, String, [String])] = [
            ("/api/v1/sdk/resolve", #"{"installToken":"x"}"#, ["url"]),
            ("/api/v1/sdk/resolve", #"{"url":"not a url","extra":1}"#, ["extra"]),
            ("/api/v1/sdk/resolve", #"{"url":"relative/path"}"#, ["url"]),
            ("/api/v1/sdk/match", #"{}"#, ["installToken"]),
            ("/api/v1/sdk/match", #"{"installToken":"has space"}"#, ["installToken"]),
            ("/api/v1/sdk/events", #"{"installToken":"t"}"#, ["events"]),
            ("/api/v1/sdk/events", #"{"installToken":"t","events":[]}"#, ["events"]),
            (
                "/api/v1/sdk/events",
                #"{"events":[{"name":"x","currency":"gbp","valueMinor":1.5,"clientTimestamp":"yesterday"}, 3]}"#,
                ["installToken", "events[0].eventId", "events[0].valueMinor", "events[1]"]
            ),
            (
                "/api/v1/sdk/events",
                #"{"installToken":"t","events":[{"eventId":"e","name":"x","#
                    + #""currency":"gbp","clientTimestamp":"yesterday"}]}"#,
                ["events[0].currency", "events[0].clientTimestamp"]
            ),
        ]
        for (path, body, fields) in cases {
            let (response, json) = try post(emulation, path, body: body)
            #expect(response.status == 400, "\(path) \(body)")
            let named = json?["error"]?["details"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
            #expect(Set(named) == Set(fields), "\(path) \(body): \(named)")
        }
        let (notJSON, json) = try post(emulation, "/api/v1/sdk/match", body: "{nope")
        #expect(notJSON.status == 400)
        #expect(json?["error"]?["code"] == "invalid_request")
    }

    // MARK: faults, limits, methods

    @Test func faultsHitOneEmulatedRouteAndAnswerInQubeRoutesShape() throws {
        let emulation = try EmulationRouter()
        let added = try emulation.respond(
            "POST", "/dev/faults", body: #"{"route":"qr-match","kind":"status","status":503,"count":1}"#)
        #expect(added.status == 200)
        // resolve is not hit; match is, once
        #expect(
            try post(emulation, "/api/v1/sdk/resolve", body: #"{"url":"https://go.example/qr/spring"}"#).0.status == 200
        )
        let (faulted, json) = try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#)
        #expect(faulted.status == 503)
        #expect(json?["error"]?["code"] == "unavailable")
        #expect(try post(emulation, "/api/v1/sdk/match", body: #"{"installToken":"\#(Self.token)"}"#).0.status == 200)
        // an injected 429 carries Retry-After
        _ = try emulation.respond("POST", "/dev/faults", body: #"{"route":"qr-events","kind":"status","status":429}"#)
        let (limited, limitedJSON) = try post(
            emulation, "/api/v1/sdk/events", body: #"{"installToken":"t","events":[{"eventId":"e","name":"x"}]}"#)
        #expect(limited.status == 429)
        #expect(limited.header("Retry-After") == "1")
        #expect(limitedJSON?["error"]?["code"] == "rate_limited")
        // unknown route names are refused, listing the emulated ones
        let refused = try emulation.respond("POST", "/dev/faults", body: #"{"route":"qr-nope","kind":"drop"}"#)
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("qr-resolve, qr-match, qr-events"))
    }

    @Test func theRateLimitAnswersInQubeRoutesShape() throws {
        let emulation = try EmulationRouter()
        var last: (HTTPResponse, JSON?)?
        for i in 0...RateLimiter.Family.match.limit {
            last = try post(
                emulation, "/api/v1/sdk/match", body: #"{"installToken":"install-\#(i)"}"#, from: "203.0.113.12")
        }
        let (response, json) = try #require(last)
        #expect(response.status == 429)
        #expect(response.header("Retry-After") != nil)
        #expect(json?["error"]?["code"] == "rate_limited")
    }

    @Test func aWrongMethodIs405InQubeRoutesShape() throws {
        let emulation = try EmulationRouter()
        let response = try emulation.respond("GET", "/api/v1/sdk/resolve")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "POST")
        #expect(EmulationRouter.json(response)?["error"]?["code"] == "method_not_allowed")
        #expect(try emulation.respond("GET", "/api/v1/sdk/nope").status == 404)
    }

    @Test func theMappingIsAPureFunctionOfTheDecision() {
        let record = MatchRecord(
            token: "opl_aaaaaaaaaaaaaaaaaaaaaa", orgId: 0, linkId: "qr:live/spring", shortCode: "spring", path: "u",
            params: [:],
            ipHash: "h", fingerprint: ClickFingerprint(), recordedAt: Date(), expiresAt: Date())
        let referrer = MatchEngine.Decision(
            result: .init(method: "INSTALL_REFERRER", confidence: "exact", record: record), guardFired: false,
            candidates: [])
        #expect(
            QubeRouteMatchMapping.outcome(of: referrer)
                == .init(linkId: "qr:live/spring", confidence: 1, reason: "referrer"))
        let scored = MatchEngine.Decision(
            result: .init(method: "FINGERPRINT_SCORED", confidence: "high", score: 96, record: record),
            guardFired: false, candidates: [])
        #expect(QubeRouteMatchMapping.outcome(of: scored).confidence == 0.96)
        let fuzzy = MatchEngine.Decision(
            result: .init(method: "IP_FUZZY", confidence: "low", record: record), guardFired: false, candidates: [])
        #expect(
            QubeRouteMatchMapping.outcome(of: fuzzy)
                == .init(linkId: "qr:live/spring", confidence: 0.3, reason: "ip_address"))
        #expect(
            QubeRouteMatchMapping.outcome(of: .init(result: nil, guardFired: true, candidates: [])).reason
                == "shared_network")
        #expect(
            QubeRouteMatchMapping.outcome(of: .init(result: nil, guardFired: false, candidates: []))
                == .init(linkId: nil, confidence: 0, reason: "no_match"))
    }
}
