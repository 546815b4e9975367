import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: the CLIENT key probe")
struct KeyCheckTests {
    let client = "opl_sdk_demo_client_key_0000000001"
    let server = "opl_api_demo_server_key_0000000001"

    func probe(_ status: Int, _ body: String) -> DoctorExchange {
        DoctorFixtures.answered(
            "POST", "/sdk/identity/clear", status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    @Test func unknownDevice404ProvesAValidClientKey() {
        // Given the contract's answer for a device nobody registered
        let answer = probe(
            404,
            #"{"message":"Unknown device optolink-doctor-x: register it with /sdk/session "#
                + #"first","details":[{"message":"unknown deviceId","field":"deviceId"}]}"#
        )
        // Then the key is a valid CLIENT key, and the line says nothing changed
        let check = KeyCheck.check(answer, apiKey: client)
        #expect(check.status == .pass)
        #expect(check.detail.contains("valid CLIENT key") && check.detail.contains("nothing changed"))
        #expect(!check.detail.contains(client), "the raw key is never printed")
    }

    @Test func a404ThatIsNotAboutTheDeviceProvesNothing() {
        let check = KeyCheck.check(probe(404, #"{"message":"No route for POST /sdk/identity/clear"}"#), apiKey: client)
        #expect(check.status == .fail)
        #expect(check.fix?.contains("--base-url") == true)
    }

    @Test func wrongKey401Fails() {
        let check = KeyCheck.check(probe(401, #"{"message":"Invalid API key"}"#), apiKey: "opl_sdk_nope_nope_nope_nope")
        #expect(check.status == .fail)
        #expect(check.detail == "401 Invalid API key")
        #expect(check.fix?.contains("CLIENT key") == true)
    }

    @Test func serverKey403FailsAndSaysNeverShipIt() {
        let check = KeyCheck.check(
            probe(403, #"{"message":"This endpoint needs a CLIENT key (opl_sdk_…); a SERVER key was sent"}"#),
            apiKey: server)
        #expect(check.status == .fail)
        #expect(check.detail.contains("SERVER key"))
        #expect(check.fix?.contains("never ship a SERVER key") == true)
    }

    @Test func inactiveOrg403IsNotCalledAServerKey() {
        let check = KeyCheck.check(
            probe(403, #"{"message":"Organization gone is not active (SUSPENDED)"}"#),
            apiKey: "opl_sdk_gone_client_key_0000000001")
        #expect(check.status == .fail)
        #expect(!check.detail.contains("SERVER"))
        #expect(check.fix?.contains("not active") == true)
    }

    @Test func rateLimitAndOtherAnswersFail() {
        let limited = KeyCheck.check(probe(429, #"{"message":"Retry after 12 second(s)"}"#), apiKey: client)
        #expect(limited.status == .fail && limited.fix?.contains("wait a minute") == true)
        #expect(KeyCheck.check(probe(500, #"{"message":"Internal server error"}"#), apiKey: client).status == .fail)
        #expect(
            KeyCheck.check(DoctorFixtures.failed("POST", "/sdk/identity/clear", code: .timedOut), apiKey: client).status
                == .fail)
    }

    @Test func withoutAKeyTheLineIsSkipped() {
        let check = KeyCheck.check(nil, apiKey: nil)
        #expect(check.status == .skip && check.detail.contains("--api-key"))
    }

    @Test func theProbeIsAnIdentityClearForAFreshValidDeviceId() throws {
        let first = KeyCheck.probeDeviceId()
        let second = KeyCheck.probeDeviceId()
        #expect(first != second)
        #expect((8...100).contains(first.count))
        let request = KeyCheck.probe(baseURL: DoctorFixtures.base, apiKey: client, deviceId: first, timeout: 10)
        #expect(
            request.method == "POST" && request.url.absoluteString == "https://links.example.com/sdk/identity/clear")
        #expect(request.header("Authorization") == "Bearer \(client)")
        let body = try #require(request.jsonBody)
        #expect(body.keys.sorted() == ["deviceId"] && body["deviceId"]?.stringValue == first)
    }

    @Test func keysAreMaskedInOutput() {
        #expect(KeyCheck.mask(client) == "opl_sdk_demo…0001")
        #expect(KeyCheck.mask("short") == "shor…")
    }

    @Test func aPageOrAMultiLineMessageIsQuotedOnOneLine() {
        // Given the probe answered by `python3 -m http.server` (501, an HTML page) and by a backend whose
        // message runs over two lines
        let page = KeyCheck.check(
            DoctorFixtures.answered(
                "POST", "/sdk/identity/clear", status: 501, body: DoctorFixtures.pythonErrorPage(501)),
            apiKey: client)
        let twoLines = KeyCheck.check(probe(401, #"{"message":"Invalid API key\n   (revoked)"}"#), apiKey: client)
        // Then each line quotes it on one line
        #expect(
            page.detail
                == #"501 <!DOCTYPE HTML> <html lang="en"> <head> <meta "#
                + #"charset="utf-8"> <title>Error response</title> </head…"#
        )
        #expect(twoLines.detail == "401 Invalid API key (revoked)")
    }
}
