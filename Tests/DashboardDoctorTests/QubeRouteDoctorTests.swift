import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: QubeRoute's key and resolve")
struct QubeRouteDoctorTests {
    let live = "qr_live_5b2e8c91f0a4d7"
    let link = URL(string: "https://go.example.com/go/harvest-box")!

    func probe(_ status: Int, _ body: String) -> DoctorExchange {
        DoctorFixtures.answered("POST", "/api/v1/sdk/resolve", status: status, body: body)
    }

    @Test func theProbeResolvesTheLinkAsTheSDKDoesWithAFreshInstallToken() throws {
        // Given two doctor runs' probes
        let request = QubeRouteDoctor.resolveRequest(
            baseURL: URL(string: "https://app.quberoute.com/")!, apiKey: live, link: link, timeout: 10)
        let again = QubeRouteDoctor.resolveRequest(
            baseURL: URL(string: "https://app.quberoute.com/")!, apiKey: live, link: link, timeout: 10)
        // Then each is the SDK's resolve: the URL and an install token of the SDK's form, fresh each time
        #expect(
            request.method == "POST" && request.url.absoluteString == "https://app.quberoute.com/api/v1/sdk/resolve")
        #expect(request.header("Authorization") == "Bearer \(live)")
        let body = try #require(request.jsonBody)
        #expect(body.keys.sorted() == ["installToken", "url"])
        #expect(body["url"]?.stringValue == link.absoluteString)
        let token = try #require(body["installToken"]?.stringValue)
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(try #require(again.jsonBody)["installToken"]?.stringValue != token)
    }

    @Test func aKeyOfTheWrongFormIsNamedWithoutARequest() {
        // Given no probe was sent for these keys (the runner sends none: see QubeRouteDoctor.refusal)
        let secret = QubeRouteDoctor.key("qr_sk_9e4a1c7b3d60f2", probe: nil)
        let devKey = QubeRouteDoctor.key("w8sZzy8EaPaxFKfaoTqUi6", probe: nil)
        let other = QubeRouteDoctor.key("opl_sdk_demo_client_key_0000000001", probe: nil)
        // Then each fails, naming what it is, and says it was not sent
        #expect(secret.status == .fail && secret.detail.hasPrefix("a QubeRoute secret key (qr_sk_…)"))
        #expect(secret.detail.hasSuffix("not sent") && secret.fix?.contains("never ship a secret key") == true)
        #expect(devKey.status == .fail && devKey.detail.contains("AppsFlyer DevKey"))
        #expect(!devKey.detail.contains("w8sZzy8EaPaxFKfaoTqUi6"))
        #expect(other.status == .fail && other.detail.contains("is not a publishable key"))
        #expect(other.fix?.contains("qr_live_ or qr_test_") == true, "the SDK's own refusal is quoted")
        #expect(QubeRouteDoctor.refusal("qr_sk_x") != nil && QubeRouteDoctor.refusal(live) == nil)
    }

    @Test func thePublishableKeyIsReadFromResolvesStatus() {
        let accepted = QubeRouteDoctor.key(live, probe: probe(200, #"{"link":null,"reason":"not_a_link"}"#))
        #expect(accepted.status == .pass && accepted.detail.contains("a live key"))
        let test = QubeRouteDoctor.key("qr_test_5b2e8c91f0a4d7", probe: probe(200, "{}"))
        #expect(test.status == .pass && test.detail.contains("a test key (it reaches test links only"))

        let unknown = QubeRouteDoctor.key(
            live,
            probe: probe(
                401, #"{"error":{"type":"authentication_error","code":"invalid_key","message":"Unknown API key"}}"#))
        #expect(unknown.status == .fail && unknown.detail == "401 Unknown API key")
        #expect(unknown.fix?.contains("publishable key") == true)
        let refused = QubeRouteDoctor.key(live, probe: probe(403, #"{"error":{"message":"Secret keys are refused"}}"#))
        #expect(refused.status == .fail && refused.detail == "403 Secret keys are refused")
        let noRoute = QubeRouteDoctor.key(live, probe: probe(404, "<html>Not Found</html>"))
        #expect(noRoute.status == .fail && noRoute.fix?.contains("--base-url") == true)
        let down = QubeRouteDoctor.key(
            live, probe: DoctorFixtures.failed("POST", "/api/v1/sdk/resolve", code: .cannotConnectToHost))
        #expect(down.status == .fail && down.detail.contains("connection refused"))
        #expect(QubeRouteDoctor.key(nil, probe: nil).status == .skip)
    }

    @Test func theLinkResolvesToALinkObjectOrFails() {
        // Given resolve's answers for a link the project has, and for one it does not
        let found = QubeRouteDoctor.resolve(
            probe(
                200,
                #"{"link":{"url":"https://pantry.example.test/boxes/harvest","#
                    + #""alias":"harvest-box"},"confidence":1,"reason":"direct","attributed":false}"#
            ), apiKey: live, link: link)
        let none = QubeRouteDoctor.resolve(
            probe(200, #"{"link":null,"confidence":0,"reason":"not_a_link","attributed":false}"#), apiKey: live,
            link: link)
        // Then the first passes with its destination, the second fails with QubeRoute's reason
        #expect(found.status == .pass)
        #expect(found.detail.contains("→ https://pantry.example.test/boxes/harvest (alias harvest-box, reason direct)"))
        #expect(none.status == .fail && none.detail.contains("reason not_a_link"))
        #expect(none.fix?.contains("test key") == true)
        // and an answer that is not QubeRoute's fails, while nothing to read is skipped
        #expect(QubeRouteDoctor.resolve(probe(200, "<html>"), apiKey: live, link: link).status == .fail)
        #expect(QubeRouteDoctor.resolve(probe(401, "{}"), apiKey: live, link: link).status == .skip)
        #expect(QubeRouteDoctor.resolve(nil, apiKey: nil, link: link).detail.contains("needs --api-key"))
        #expect(QubeRouteDoctor.resolve(nil, apiKey: "qr_sk_x", link: link).detail.contains("publishable key"))
    }

    @Test func anUnknownLinkAnswered404OrWithItsLinkLeftOutIsStillQubeRoutesAnswer() {
        // Given a deployment that answers an unknown link 404 with its own body, and one that leaves out the null
        // link (the guide's sample decodes `link: ResolvedLink?`, for which both read as none)
        let notFound = probe(404, #"{"link":null,"reason":"not_found"}"#)
        let leftOut = probe(200, #"{"reason":"not_found","confidence":0}"#)
        // Then the key is accepted, not blamed on --base-url, and the link line says QubeRoute does not know it
        let key = QubeRouteDoctor.key(live, probe: notFound)
        #expect(key.status == .pass && key.fix == nil, "\(key.detail)")
        for answer in [notFound, leftOut] {
            let line = QubeRouteDoctor.resolve(answer, apiKey: live, link: link)
            #expect(line.status == .fail && line.detail.hasSuffix("(reason not_found)"), "\(line.detail)")
            #expect(line.fix?.hasPrefix("QubeRoute does not know this URL") == true)
        }
        // And an unknown key refused with 403 is not called a secret key
        let refused = QubeRouteDoctor.key(live, probe: probe(403, #"{"error":{"message":"unknown key"}}"#))
        #expect(refused.fix?.contains("secret") == false && refused.fix?.contains("current publishable key") == true)
    }
}
