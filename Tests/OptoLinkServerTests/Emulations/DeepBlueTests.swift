import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The emulated Deep Blue Links (seed 004) through the router, no socket.
@Suite struct DeepBlueTests {
    static let sandbox = "dbl_sandbox_demo_key_000000001"
    static let live = "dbl_live_demo_key_0000000001"
    static let deferred =
        #"{"timezone":"Europe/Berlin","device":{"screenWidth":1179,"screenHeight":2556,"language":"en-US"}}"#

    func post(
        _ emulation: EmulationRouter, _ path: String, key: String? = DeepBlueTests.sandbox, body: String,
        from ip: String = "198.51.100.20",
        headers: [(name: String, value: String)] = []
    ) throws -> (HTTPResponse, JSON?) {
        var all = headers + [("Content-Type", "application/json")]
        if let key { all.append(("Api-Key", key)) }
        let response = try emulation.respond("POST", path, from: ip, headers: all, body: body)
        return (response, EmulationRouter.json(response))
    }

    /// A browser's click as the preview page's script sends it.
    func click(
        _ emulation: EmulationRouter, code: String = "spring", from ip: String,
        query: String = "timezone=Europe%2FBerlin&screenWidth=1179&screenHeight=2556&language=en-US"
    ) throws -> HTTPResponse {
        try emulation.respond(
            "GET", "/dbl/\(code)?\(query)", from: ip,
            headers: [("User-Agent", EmulationRouter.iPhoneUA), ("Accept-Language", "en-US")])
    }

    // MARK: resolve

    @Test func resolveAnswersTheShortLinkAndIsSandboxFollowsTheKey() throws {
        let emulation = try EmulationRouter()
        for (key, sandbox) in [(Self.sandbox, true), (Self.live, false)] {
            for url in [
                "https://demo.dev.thedbl.ink/spring", "https://DEMO.dev.thedbl.ink/spring?utm_source=notes",
                "http://127.0.0.1:8787/dbl/spring",
            ] {
                let (response, json) = try post(emulation, "/api/links/resolve", key: key, body: #"{"url":"\#(url)"}"#)
                #expect(response.status == 200, "\(url)")
                #expect(
                    json == [
                        "id": 1, "longUrl": "https://shop.example.com/products/1234?ref=spring",
                        "shortUrl": "https://demo.dev.thedbl.ink/spring", "isSandbox": .bool(sandbox),
                    ])
            }
        }
    }

    @Test func aURLThatIsNotOneOfTheAppsShortLinksIs404() throws {
        let emulation = try EmulationRouter()
        for url in [
            "https://shop.example.com/products/1234?ref=spring", "https://demo.dev.thedbl.ink/nope",
            "https://other.dev.thedbl.ink/spring",
            "myapp://products/1234", "https://demo.dev.thedbl.ink/spring/extra", "not even a url",
        ] {
            let (response, json) = try post(emulation, "/api/links/resolve", body: #"{"url":"\#(url)"}"#)
            #expect(response.status == 404, "\(url)")
            #expect(json == ["detail": "Not found."])
        }
    }

    @Test func twoApiKeyHeadersAreRefusedWhicheverIsValid() throws {
        let emulation = try EmulationRouter()
        let (response, json) = try post(
            emulation, "/api/links/resolve", body: #"{"url":"https://demo.dev.thedbl.ink/spring"}"#,
            headers: [("Api-Key", "dbl_unknown_key_00000000001")])
        #expect(response.status == 400)
        #expect(json?["detail"] == "More than one Api-Key header.")
    }

    @Test func theApiKeyIsRequired() throws {
        let emulation = try EmulationRouter()
        let (missing, missingJSON) = try post(
            emulation, "/api/links/resolve", key: nil, body: #"{"url":"https://demo.dev.thedbl.ink/spring"}"#)
        #expect(missing.status == 401)
        #expect(missingJSON == ["detail": "Authentication credentials were not provided."])
        let (wrong, wrongJSON) = try post(
            emulation, "/api/links/check-deferred", key: "dbl_nobody_key_0000000000000", body: Self.deferred)
        #expect(wrong.status == 401)
        #expect(wrongJSON == ["detail": "Invalid API key."])
        // an OptoLink or QubeRoute key is no Deep Blue key
        #expect(
            try post(emulation, "/api/links/resolve", key: "opl_sdk_demo_client_key_0000000001", body: "{}").0.status
                == 401)
    }

    // MARK: check-deferred

    @Test func checkDeferredMatchesTheClickTheSameDeviceMade() throws {
        let emulation = try EmulationRouter()
        // Given an iPhone that clicked in Safari (the page's script sent the zone, the screen in pixels, the language)
        let page = try click(emulation, from: "203.0.113.30")
        #expect(page.status == 200)
        // When the app launches for the first time on the same network, in landscape
        let (response, json) = try post(
            emulation, "/api/links/check-deferred", key: Self.live,
            body: #"{"timezone":"Europe/Berlin","device":{"screenWidth":2556,"screenHeight":1179,"language":"en-US"}}"#,
            from: "203.0.113.30")
        // Then the link comes back, isSandbox following the live key
        #expect(response.status == 200)
        #expect(
            json == [
                "id": 1, "longUrl": "https://shop.example.com/products/1234?ref=spring",
                "shortUrl": "https://demo.dev.thedbl.ink/spring", "isSandbox": false,
            ])
        // and the attempt is logged with its breakdown: ip 30 + timezone 10 + screen 12 + language 10 + recency 9 = 71
        let attempt = try #require(
            emulation.backend.attempts.recent(deviceId: nil, service: "deepblue", limit: 1).first)
        #expect(attempt["candidates"]?[0]?["total"] == 71)
        #expect(attempt["request"]?["deviceModel"] == "screen:1179x2556")
        #expect(attempt["answer"] == ["status": 200, "id": 1, "isSandbox": false])
        #expect(attempt["service"] == "deepblue")
    }

    @Test func withoutAMatchingClickCheckDeferredIs404() throws {
        let emulation = try EmulationRouter()
        let (response, json) = try post(emulation, "/api/links/check-deferred", body: Self.deferred)
        #expect(response.status == 404)
        #expect(json == ["detail": "No deferred link found."])
        #expect(
            emulation.backend.attempts.recent(deviceId: nil, service: "deepblue", limit: 5).first?["answer"]?["status"]
                == 404)
        // A device field is optional: the time zone and the address alone still run the engine (here: nothing to find).
        #expect(try post(emulation, "/api/links/check-deferred", body: #"{"timezone":"UTC"}"#).0.status == 404)
    }

    @Test func theSharedNetworkGuardIsA404() throws {
        let emulation = try EmulationRouter()
        for _ in 0..<4 { _ = try click(emulation, from: "203.0.113.31") }
        #expect(
            try post(emulation, "/api/links/check-deferred", body: Self.deferred, from: "203.0.113.31").0.status == 404)
        #expect(
            emulation.backend.attempts.recent(deviceId: nil, service: "deepblue", limit: 1).first?["guardFired"] == true
        )
    }

    @Test func malformedCheckDeferredBodiesNameEachField() throws {
        let emulation = try EmulationRouter()
        let cases: [(String, [String])] = [
            (#"{}"#, ["timezone"]),
            (#"{"timezone":"Not a zone!"}"#, ["timezone"]),
            (
                #"{"timezone":"Europe/Berlin","device":{"screenWidth":0,"screenHeight":2556}}"#,
                ["device.screenWidth", "device.language"]
            ),
            (#"{"timezone":"Europe/Berlin","device":"iPhone"}"#, ["device"]),
            (#"{"timezone":"Europe/Berlin","screenWidth":1179}"#, ["screenWidth"]),
        ]
        for (body, fields) in cases {
            let (response, json) = try post(emulation, "/api/links/check-deferred", body: body)
            #expect(response.status == 400, "\(body)")
            #expect(json?["detail"] == "Validation failed")
            #expect(Set(json?["errors"]?.objectValue?.keys.map { $0 } ?? []) == Set(fields), "\(body)")
        }
        let (notJSON, json) = try post(emulation, "/api/links/resolve", body: "[1,2]")
        #expect(notJSON.status == 400)
        #expect(json?["detail"] == "Request body must be a JSON object")
    }

    // MARK: the click URL

    @Test func thePreviewPageGathersTheScreenAndTimezoneBeforeRecording() throws {
        let emulation = try EmulationRouter()
        // Without the script's parameters: the gathering page, nothing recorded
        let gathering = try emulation.respond("GET", "/dbl/spring", from: "203.0.113.32")
        #expect(gathering.status == 200)
        let script = String(decoding: gathering.body, as: UTF8.self)
        #expect(
            script.contains("screen.width * ratio") && script.contains("resolvedOptions().timeZone")
                && script.contains("?js=0"))
        #expect(emulation.backend.emulations.deepblue.clicks(app: "demo")?.snapshot.records.isEmpty == true)
        // With them: the click is recorded with the zone and the screen, and the preview offers the app and the store
        let preview = try click(emulation, from: "203.0.113.32")
        let html = String(decoding: preview.body, as: UTF8.self)
        #expect(html.contains(#"href="myapp://products/1234?ref=spring">Open the App"#))
        #expect(html.contains(#"href="https://apps.apple.com/app/id123456789">Get the App"#))
        let records = try #require(
            emulation.backend.emulations.deepblue.clicks(app: "demo")?.snapshot.records.values.map { $0 })
        #expect(
            records.map(\.fingerprint) == [
                ClickFingerprint(
                    platform: "iOS", osVersion: "17.4.1", deviceModel: "screen:1179x2556",
                    language: "en-US", timezone: "Europe/Berlin")
            ])
        // ?js=0 records without them; bad values are a 400; an unknown code a 404
        #expect(try click(emulation, from: "203.0.113.33", query: "js=0").status == 200)
        #expect(emulation.backend.emulations.deepblue.clicks(app: "demo")?.snapshot.records.count == 2)
        #expect(try click(emulation, from: "203.0.113.33", query: "screenWidth=wide&timezone=x%20y").status == 400)
        #expect(try click(emulation, code: "nope", from: "203.0.113.33").status == 404)
    }

    @Test(arguments: ["0x10", "1e3", "+5", "5.", ".5", "inf", "1_000", " 5"])
    func aScreenSizeThatIsNotADecimalNumberIsA400(_ width: String) throws {
        let emulation = try EmulationRouter()
        let encoded = width.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? width
        let response = try click(
            emulation, from: "203.0.113.40", query: "screenWidth=\(encoded)&screenHeight=2556&timezone=Europe%2FBerlin")
        #expect(response.status == 400)
        #expect(emulation.backend.emulations.deepblue.clicks(app: "demo")?.snapshot.records.isEmpty == true)
        // while decimal pixels, a fraction included, are read
        #expect(try click(emulation, from: "203.0.113.41", query: "screenWidth=1179.5&screenHeight=2556").status == 200)
    }

    @Test func devClicksCarryExplicitFields() throws {
        let emulation = try EmulationRouter()
        let made = try emulation.respond(
            "POST", "/dev/deepblue/click", from: "203.0.113.34",
            body: #"""
                {"code":"welcome","timezone":"America/New_York","screenWidth":1170,"screenHeight":2532,\#
                "language":"en-US","ageSeconds":600}
                """#)
        #expect(made.status == 200)
        #expect(EmulationRouter.json(made)?["linkId"] == "dbl:welcome")
        let (response, json) = try post(
            emulation, "/api/links/check-deferred",
            body:
                #"{"timezone":"America/New_York","#
                + #""device":{"screenWidth":1170,"screenHeight":2532,"language":"en-US"}}"#,
            from: "203.0.113.34")
        #expect(response.status == 200)
        #expect(json?["id"] == 2)
        #expect(json?["isSandbox"] == true)
        #expect(try emulation.respond("POST", "/dev/deepblue/click", body: #"{"code":"nope"}"#).status == 404)
    }

    // MARK: faults

    @Test func faultsHitOneRouteAndAnswerInDeepBluesShape() throws {
        let emulation = try EmulationRouter()
        #expect(
            try emulation.respond(
                "POST", "/dev/faults", body: #"{"route":"dbl-check-deferred","kind":"status","status":503,"count":1}"#
            ).status == 200)
        #expect(
            try post(emulation, "/api/links/resolve", body: #"{"url":"https://demo.dev.thedbl.ink/spring"}"#).0.status
                == 200)
        let (faulted, json) = try post(emulation, "/api/links/check-deferred", body: Self.deferred)
        #expect(faulted.status == 503)
        #expect(json == ["detail": "Injected fault: 503 Service Unavailable"])
        #expect(try post(emulation, "/api/links/check-deferred", body: Self.deferred).0.status == 404)
        let wrong = try emulation.respond("GET", "/api/links/resolve")
        #expect(wrong.status == 405)
        #expect(EmulationRouter.json(wrong) == ["detail": "Method GET not allowed"])
    }

    @Test func pureHelpers() {
        #expect(DeepBlueEmulation.screenModel(width: 1179.4, height: 2555.6) == "screen:1179x2556")
        #expect(DeepBlueEmulation.screenModel(width: 2556, height: 1179) == "screen:1179x2556")
        #expect(DeepBlueEmulation.screenModel(width: nil, height: 1179) == nil)
        for zone in ["Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC", "America/Port-au-Prince"] {
            #expect(DeepBlueEmulation.isTimeZoneIdentifier(zone), "\(zone)")
        }
        for zone in [
            "", "/Berlin", "Europe//Berlin", "Europe/", "1Europe/Berlin", "Europe Berlin",
            String(repeating: "A", count: 65),
        ] {
            #expect(!DeepBlueEmulation.isTimeZoneIdentifier(zone), "\(zone)")
        }
        let link = DeepBlueEmulation.Link(
            app: "demo", id: 1, code: "c", longUrl: "https://shop.example.com/products/1234?ref=spring", windowHours: 24
        )
        #expect(link.schemeURL(scheme: "myapp") == "myapp://products/1234?ref=spring")
    }
}
