import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The emulated AppsFlyer S2S deep-link API (seed 003) through the router, no socket.
@Suite struct AppsFlyerTests {
    static let appId = "id123456789"
    static let devKey = "w8sZzy8EaPaxFKfaoTqUi6"
    /// Seed 003's example: `2015-01-22T08:45:33.412` + `127.0.0.1` signed with `w8sZzy8EaPaxFKfaoTqUi6`.
    static let seedSignature = "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"
    static let seedBody =
        #"{"ip":"127.0.0.1","is_first":"true","lang":"en-US","os":"17.4.1","#
        + #""timestamp":"2015-01-22T08:45:33.412","type":"iPhone"}"#

    /// The lower-case hex HMAC-SHA256 of `timestamp + ip` under `devKey`.
    static func sign(_ timestamp: String, _ ip: String, devKey: String = AppsFlyerTests.devKey) -> String {
        RandomToken.hex(Digest.hmacSHA256(key: Array(devKey.utf8), message: Array((timestamp + ip).utf8)))
    }

    /// A device's deep-link body (what its app's backend sends), signed unless told otherwise.
    static func body(
        ip: String, timestamp: String = "2027-01-15T08:00:05.000", os: String = "17.4.1", lang: String = "en-US",
        type: String = "iPhone14,2", extra: String = ""
    ) -> String {
        #"{"is_first":"true","lang":"\#(lang)","os":"\#(os)","#
            + #""timestamp":"\#(timestamp)","type":"\#(type)","ip":"\#(ip)"\#(extra)}"#
    }

    func deepLink(
        _ emulation: EmulationRouter, body: String, signature: String?,
        path: String = "/v1.0/ios/\(AppsFlyerTests.appId)",
        from backendIP: String = "10.20.30.40"
    ) throws -> (HTTPResponse, JSON?) {
        let target = signature.map { "\(path)?af_sig=\($0)" } ?? path
        let response = try emulation.respond(
            "POST", target, from: backendIP, headers: [("Content-Type", "application/json")], body: body)
        return (response, EmulationRouter.json(response))
    }

    func signedDeepLink(_ emulation: EmulationRouter, ip: String, path: String = "/v1.0/ios/\(AppsFlyerTests.appId)")
        throws -> (HTTPResponse, JSON?)
    {
        try deepLink(
            emulation, body: Self.body(ip: ip), signature: Self.sign("2027-01-15T08:00:05.000", ip), path: path)
    }

    /// A phone's tap on the OneLink click URL in Safari.
    func click(
        _ emulation: EmulationRouter, link: String = "spring", query: String = "", from ip: String,
        referer: String? = nil
    ) throws -> HTTPResponse {
        var headers: [(name: String, value: String)] = [
            ("User-Agent", EmulationRouter.iPhoneUA), ("Accept-Language", "en-US,en;q=0.9"),
        ]
        if let referer { headers.append(("Referer", referer)) }
        return try emulation.respond(
            "GET", "/af/\(Self.appId)/\(link)\(query.isEmpty ? "" : "?" + query)", from: ip, headers: headers)
    }

    // MARK: af_sig

    @Test func theSeedsExampleSignatureIsAcceptedAndAnyOtherIsRefused() throws {
        let emulation = try EmulationRouter()
        // Given the seed's own example (DevKey, timestamp, ip and af_sig): accepted (and nothing was clicked)
        let (ok, okJSON) = try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature)
        #expect(ok.status == 200)
        #expect(okJSON == ["found": false, "click_event": [:]])
        #expect(Self.sign("2015-01-22T08:45:33.412", "127.0.0.1") == Self.seedSignature)

        // When any part differs: 400 invalid_signature
        var flipped = Self.seedSignature
        flipped.removeLast()
        flipped.append("8")
        let wrongKey = Self.sign("2015-01-22T08:45:33.412", "127.0.0.1", devKey: "another_dev_key_0000001")
        let swapped = Self.sign("127.0.0.1", "2015-01-22T08:45:33.412")  // ip first: the seed says timestamp first
        for signature in [
            flipped, Self.seedSignature.uppercased(), wrongKey, swapped, String(Self.seedSignature.prefix(62)), "zz",
            "g0",
        ] {
            let (refused, json) = try deepLink(emulation, body: Self.seedBody, signature: signature)
            #expect(refused.status == 400, "\(signature)")
            #expect(json?["code"] == "invalid_signature", "\(signature)")
            #expect(json?.objectValue?.keys.sorted() == ["code", "message"])
        }
        // The signature covers the body's timestamp and ip: another ip under the same signature is refused
        let moved = Self.seedBody.replacingOccurrences(of: "127.0.0.1", with: "127.0.0.2")
        #expect(try deepLink(emulation, body: moved, signature: Self.seedSignature).1?["code"] == "invalid_signature")

        // Without af_sig: 400 invalid_request naming it (with any body problems at once)
        let (missing, missingJSON) = try deepLink(emulation, body: Self.seedBody, signature: nil)
        #expect(missing.status == 400)
        #expect(missingJSON == ["code": "invalid_request", "message": "af_sig: the query parameter is required"])
        let (both, bothJSON) = try deepLink(emulation, body: #"{"is_first":true}"#, signature: "")
        #expect(both.status == 400)
        #expect(bothJSON?["message"]?.stringValue?.hasSuffix("af_sig: the query parameter is required") == true)
        #expect(bothJSON?["message"]?.stringValue?.hasPrefix("is_first: must be a string, not boolean") == true)
    }

    @Test func anAfSigGivenTwiceIsRefusedWhicheverComesFirst() throws {
        let emulation = try EmulationRouter()
        let wrong = String(repeating: "0", count: 64)
        for pair in ["\(wrong)&af_sig=\(Self.seedSignature)", "\(Self.seedSignature)&af_sig=\(wrong)"] {
            let (response, json) = try deepLink(emulation, body: Self.seedBody, signature: pair)
            #expect(response.status == 400)
            #expect(
                json?["message"]?.stringValue?.contains("af_sig: given more than once") == true,
                "\(String(describing: json))")
        }
        // once is read as before
        #expect(try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature).0.status == 200)
    }

    @Test func anUnknownAppIdIsRefused() throws {
        let emulation = try EmulationRouter()
        let (response, json) = try deepLink(
            emulation, body: Self.seedBody, signature: Self.seedSignature, path: "/v1.0/ios/id999")
        #expect(response.status == 400)
        #expect(json == ["code": "unknown_app_id", "message": "Unknown app_id id999"])
    }

    // MARK: the body

    @Test func malformedBodiesNameEveryProblem() throws {
        let emulation = try EmulationRouter()
        let signature = Self.sign("2027-01-15T08:00:05.000", "198.51.100.23")
        let cases: [(String, [String])] = [
            ("{}", ["is_first", "lang", "os", "type", "timestamp", "ip"]),
            (
                #"{"is_first":true,"lang":"","os":10,"timestamp":"2015-01-22 08:45:33","type":"iPhone","ip":"::1"}"#,
                ["is_first", "lang", "os", "timestamp", "ip"]
            ),
            (
                Self.body(
                    ip: "198.51.100.23",
                    extra: #","att_status":7,"idfv":{"type":"sha256","value":""},"sharing_filter":[1]"#),
                ["att_status", "idfv.type", "idfv.value", "sharing_filter"]
            ),
            (Self.body(ip: "198.51.100.23", timestamp: "2015-02-29T08:45:33.412"), ["timestamp"]),
            (Self.body(ip: "198.51.100.023"), ["ip"]),
            (Self.body(ip: "198.51.100.23").replacingOccurrences(of: #""true""#, with: #""yes""#), ["is_first"]),
        ]
        for (body, fields) in cases {
            let (response, json) = try deepLink(emulation, body: body, signature: signature)
            #expect(response.status == 400, "\(body)")
            #expect(json?["code"] == "invalid_request", "\(body)")
            let message = json?["message"]?.stringValue ?? ""
            let named = message.components(separatedBy: "; ").map { String($0.prefix { $0 != ":" }) }
            #expect(named == fields, "\(body): \(message)")
        }
        for body in ["", "[1]", "{", "null"] {
            let (response, json) = try deepLink(emulation, body: body, signature: signature)
            #expect(response.status == 400, "\(body)")
            #expect(json?["code"] == "invalid_request", "\(body)")
        }
        // The optional members, well formed, and members the schema does not list, are accepted
        let full = Self.body(
            ip: "198.51.100.23",
            extra:
                #","idfv":{"type":"unhashed","value":"A1B2"},"att_status":2,"request_id":"1644179019889-6748098","#
                + #""open_referrer":"com.example.mail","#
                + #""sharing_filter":["googleadwords_int"],"idfa":null,"future_field":{"x":1}"#
        )
        #expect(try deepLink(emulation, body: full, signature: signature).0.status == 200)
        #expect(
            try deepLink(
                emulation, body: Self.body(ip: "198.51.100.23", timestamp: "2027-01-15T08:00:05.000Z"),
                signature: Self.sign("2027-01-15T08:00:05.000Z", "198.51.100.23")
            ).0.status == 200)
    }

    // MARK: matching

    @Test func aClickOnTheOneLinkIsFoundForTheSameDeviceThroughItsBackend() throws {
        let emulation = try EmulationRouter()
        // Given an iPhone that tapped the OneLink (with an extra sub-parameter and a custom one) on 203.0.113.50
        let page = try click(
            emulation, query: "af_sub1=newsletter&fruit_name=pears&shelf=3", from: "203.0.113.50",
            referer: "https://mail.example.com/")
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains(#"href="https://apps.apple.com/app/id123456789""#))
        emulation.clock.advance(by: 5)
        // When its app's backend (another address) asks with the device's ip, os, lang and model
        let (response, json) = try signedDeepLink(emulation, ip: "203.0.113.50")
        // Then the click comes back with every field the seed's Click_found lists, probabilistic
        #expect(response.status == 200)
        #expect(
            json == [
                "found": true,
                "click_event": [
                    "timestamp": "2027-01-15T08:00:00.000", "match_type": "probabilistic",
                    "custom_params": ["fruit_name": "pears", "fruit_amount": "26", "shelf": "3"],
                    "campaign_id": "394a89cf-275a-451b-b030-1c6f8b55ff19", "media_source": "Email",
                    "campaign": "my_new_campaign",
                    "click_http_referrer": "https://mail.example.com/",
                    "af_sub1": "newsletter", "af_sub2": "my_afsub2", "af_sub3": "my_afsub3", "af_sub4": "my_afsub4",
                    "af_sub5": "my_afsub5",
                ],
            ])
        // and the attempt is in the breakdown: ip 30 + platform 10 + os 15 + model 12 + language 10 + recency 9 = 86
        // (P2 exact)
        let attempt = try #require(
            emulation.backend.attempts.recent(deviceId: nil, service: "appsflyer", limit: 1).first)
        #expect(attempt["service"] == "appsflyer")
        #expect(attempt["ip"] == "203.0.113.50")
        #expect(
            attempt["request"] == [
                "platform": "iOS", "osVersion": "17.4.1", "deviceModel": "iPhone", "language": "en-US",
            ])
        #expect(attempt["candidates"]?[0]?["total"] == 86)
        #expect(attempt["result"]?["matchMethod"] == "FINGERPRINT_EXACT")
        #expect(
            attempt["answer"] == [
                "found": true, "linkId": "af:id123456789/spring", "match_type": "probabilistic", "is_first": true,
                "request_id": .null,
            ])
        // The same answer at the seed's path against a base without /v1.0
        #expect(try signedDeepLink(emulation, ip: "203.0.113.50", path: "/ios/\(Self.appId)").1?["found"] == true)
    }

    @Test func theDevicesAddressIsTheBodysIpNotTheCallers() throws {
        let emulation = try EmulationRouter()
        // Given a click from 203.0.113.51
        _ = try click(emulation, from: "203.0.113.51")
        // When the backend, calling from that same address, asks for a device on another one: nothing
        let (other, json) = try signedDeepLink(emulation, ip: "203.0.113.52")
        #expect(other.status == 200)
        #expect(json == ["found": false, "click_event": [:]])
        #expect(
            emulation.backend.attempts.recent(deviceId: nil, service: "appsflyer", limit: 1).first?["answer"]?["found"]
                == false)
    }

    @Test func anotherAppsClicksAndTheSharedNetworkGuardAreNotFound() throws {
        var seed = ServerSeed.demo
        seed.emulations?.appsflyer?.apps.append(
            .init(
                appId: "id42", devKey: "other_app_dev_key_0001", appStoreUrl: nil,
                links: [.init(id: "spring")]))
        let emulation = try EmulationRouter(seed: seed)
        _ = try emulation.respond(
            "GET", "/af/id42/spring", from: "203.0.113.53", headers: [("User-Agent", EmulationRouter.iPhoneUA)])
        #expect(try signedDeepLink(emulation, ip: "203.0.113.53").1?["found"] == false)
        // More than 3 clicks on one address that score >= 65 each and none exact
        // (an iPad asks, iPhones clicked): the guard
        for _ in 0..<4 { _ = try click(emulation, from: "203.0.113.54") }
        let iPad = Self.body(ip: "203.0.113.54", type: "iPad13,1")
        #expect(
            try deepLink(emulation, body: iPad, signature: Self.sign("2027-01-15T08:00:05.000", "203.0.113.54")).1?[
                "found"] == false)
        #expect(
            emulation.backend.attempts.recent(deviceId: nil, service: "appsflyer", limit: 1).first?["guardFired"]
                == true)
    }

    @Test func clickURLsAndDevClicks() throws {
        let emulation = try EmulationRouter()
        #expect(try click(emulation, link: "nope", from: "203.0.113.55").status == 404)
        let tooLong = try click(emulation, query: "x=" + String(repeating: "a", count: 1025), from: "203.0.113.55")
        #expect(tooLong.status == 400)
        #expect(EmulationRouter.json(tooLong)?["code"] == "invalid_request")
        #expect(try click(emulation, query: "bad%20name=1", from: "203.0.113.55").status == 400)
        // A dev click with explicit fields, 10 minutes old, is found for the matching device
        let made = try emulation.respond(
            "POST", "/dev/appsflyer/click", from: "203.0.113.56",
            body: #"""
                {"appId":"id123456789","link":"welcome","platform":"iOS","osVersion":"17.4.1",\#
                "deviceModel":"iPhone","language":"en-US","ageSeconds":600}
                """#)
        #expect(made.status == 200)
        #expect(EmulationRouter.json(made)?["linkId"] == "af:id123456789/welcome")
        let (_, json) = try signedDeepLink(emulation, ip: "203.0.113.56")
        #expect(json?["click_event"]?["custom_params"] == ["deep_link_value": "onboarding/welcome"])
        #expect(json?["click_event"]?["campaign_id"] == .null)
        #expect(json?["click_event"]?["timestamp"] == "2027-01-15T07:50:00.000")
        #expect(
            try emulation.respond("POST", "/dev/appsflyer/click", body: #"{"appId":"id123456789","link":"nope"}"#)
                .status == 404)
    }

    // MARK: faults, limits, methods

    @Test func faultsHitTheDeepLinkRouteAndA503Or504HasNoBody() throws {
        let emulation = try EmulationRouter()
        for status in [503, 504] {
            #expect(
                try emulation.respond(
                    "POST", "/dev/faults",
                    body: #"{"route":"af-deeplink","kind":"status","status":\#(status),"count":1}"#
                ).status == 200)
            let (faulted, _) = try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature)
            #expect(faulted.status == status)
            #expect(faulted.body.isEmpty)
        }
        #expect(
            try emulation.respond(
                "POST", "/dev/faults", body: #"{"route":"af-deeplink","kind":"status","status":400,"count":1}"#
            ).status == 200)
        let (bad, badJSON) = try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature)
        #expect(bad.status == 400)
        #expect(badJSON == ["code": "invalid_request", "message": "Injected fault: 400 Bad Request"])
        #expect(try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature).0.status == 200)
        let wrong = try emulation.respond("GET", "/v1.0/ios/\(Self.appId)")
        #expect(wrong.status == 405)
        #expect(EmulationRouter.json(wrong) == ["code": "method_not_allowed", "message": "Method GET not allowed"])
    }

    @Test func theRateLimitAnswersInAppsFlyersShape() throws {
        let emulation = try EmulationRouter()
        var last: HTTPResponse?
        for _ in 0..<501 {
            last = try deepLink(emulation, body: Self.seedBody, signature: Self.seedSignature, from: "10.9.9.9").0
        }
        let limited = try #require(last)
        #expect(limited.status == 429)
        #expect(EmulationRouter.json(limited)?["code"] == "rate_limited")
        #expect(limited.headers.contains { $0.name == "Retry-After" })
    }

    // MARK: pure parts

    @Test func pureHelpers() {
        for text in [
            "2015-01-22T08:45:33.412", "2015-01-22T08:45:33", "2015-01-22T08:45:33.4Z", "2016-02-29T23:59:59.999+00:00",
        ] {
            #expect(AppsFlyerRequest.isUTCTimestamp(text), "\(text)")
        }
        for text in [
            "", "2015-01-22", "2015-01-22 08:45:33.412", "2015-13-22T08:45:33.412", "2015-02-29T08:45:33.412",
            "2015-01-22T24:00:00",
            "2015-01-22T08:45:33.", "2015-01-22T08:45:33.412+02:00", "2015-01-22T08:45:33.4120000000",
        ] {
            #expect(!AppsFlyerRequest.isUTCTimestamp(text), "\(text)")
        }
        #expect(["198.51.100.23", "0.0.0.0", "255.255.255.255"].allSatisfy(AppsFlyerRequest.isIPv4))
        #expect(
            !["256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "::1", "1.2.3.", " 1.2.3.4"].contains(
                where: AppsFlyerRequest.isIPv4))
        #expect(AppsFlyerSignatureCheck.lowerHexBytes("00ff7a") == [0, 255, 0x7a])
        #expect(AppsFlyerSignatureCheck.lowerHexBytes("00FF") == nil)
        #expect(AppsFlyerSignatureCheck.lowerHexBytes("abc") == nil)
        #expect(AppsFlyerSignatureCheck.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!AppsFlyerSignatureCheck.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!AppsFlyerSignatureCheck.constantTimeEqual([1, 2], [1, 2, 3]))
        #expect(AppsFlyerEmulation.family(type: "iPhone14,2") == "iPhone")
        #expect(AppsFlyerEmulation.family(type: "iPad") == "iPad")
        #expect(AppsFlyerEmulation.family(type: "14,2") == nil)
        #expect(
            AppsFlyerEmulation.timestamp(Date(timeIntervalSince1970: 1_421_916_333.412)) == "2015-01-22T08:45:33.412")
    }

    @Test func seedRulesNameThePlace() {
        func message(_ apps: [AppsFlyerSeed.App]) -> String? {
            do {
                try AppsFlyerSeed(apps: apps).validate(at: "emulations.appsflyer")
                return nil
            } catch { return error.message }
        }
        let good = AppsFlyerSeed.demo.apps[0]
        #expect(message([good]) == nil)
        var badId = good
        badId.appId = "com.example.app"
        #expect(
            message([badId])
                == "emulations.appsflyer.apps[0].appId must be id followed by 1–20 digits, such as id123456789")
        #expect(message([good, good]) == "emulations.appsflyer.apps[1].appId \"id123456789\" appears twice")
        var shortKey = good
        shortKey.devKey = "short"
        #expect(message([shortKey]) == "emulations.appsflyer.apps[0].devKey must be 16–200 printable characters")
        var reserved = good
        reserved.links[0].customParams = ["pid": "x"]
        #expect(
            message([reserved])?.hasPrefix("emulations.appsflyer.apps[0].links[0].customParams has a bad name \"pid\"")
                == true)
        var window = good
        window.links[1].matchWindowHours = 0
        #expect(message([window]) == "emulations.appsflyer.apps[0].links[1].matchWindowHours must be 1–720, not 0")
    }
}
