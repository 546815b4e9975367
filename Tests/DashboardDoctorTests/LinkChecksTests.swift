import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: the link, its page and its token")
struct LinkChecksTests {
    @Test func dataWithAPathPasses() {
        let exchange = DoctorFixtures.answered(
            "GET", "/demo/summer/data", status: 200,
            body: #"{"linkId":"l1","path":"/promo/summer","params":{}}"#)
        let (check, path) = LinkChecks.data(exchange, orgKey: "demo", code: "summer")
        #expect(check.status == .pass && path == "/promo/summer")
    }

    @Test func dataWithoutAPathOrNotFoundFails() {
        let (noPath, path) = LinkChecks.data(
            DoctorFixtures.answered("GET", "/demo/summer/data", status: 200, body: #"{"linkId":"l1"}"#),
            orgKey: "demo", code: "summer")
        #expect(noPath.status == .fail && path == nil)
        let (missing, _) = LinkChecks.data(
            DoctorFixtures.answered(
                "GET", "/demo/nope/data", status: 404, body: #"{"message":"Link demo/nope not found"}"#),
            orgKey: "demo", code: "nope")
        #expect(missing.status == .fail && missing.detail == "404: Link demo/nope not found")
        let (notJSON, _) = LinkChecks.data(
            DoctorFixtures.answered("GET", "/demo/summer/data", status: 200, body: "<html>"), orgKey: "demo",
            code: "summer")
        #expect(notJSON.status == .fail)
    }

    @Test func thePageMustCarryAClickToken() {
        // Given the reference server's page, which holds the token in a hidden input and in its script
        let page =
            #"<input id="token" type="hidden" value="opl_ZT2pX5570WBwvVkAeBEMjQ" "#
            + #"data-clipboard-token="opl_ZT2pX5570WBwvVkAeBEMjQ"><script>var "#
            + #"token = "opl_ZT2pX5570WBwvVkAeBEMjQ";</script>"#
        let (check, token) = LinkChecks.page(
            DoctorFixtures.answered("GET", "/demo/summer", status: 200, body: page), orgKey: "demo", code: "summer")
        #expect(check.status == .pass && token == "opl_ZT2pX5570WBwvVkAeBEMjQ")

        let (noToken, none) = LinkChecks.page(
            DoctorFixtures.answered("GET", "/demo/summer", status: 200, body: "<p>Opening…</p>"),
            orgKey: "demo", code: "summer")
        #expect(noToken.status == .fail && none == nil)
        #expect(noToken.detail.contains("no opl_ click token"))
    }

    @Test func aBareRedirectInsteadOfThePageFails() {
        let (check, token) = LinkChecks.page(
            DoctorFixtures.answered(
                "GET", "/demo/summer", status: 302, headers: ["Location": "https://apps.apple.com/app/id1"]),
            orgKey: "demo", code: "summer")
        #expect(check.status == .fail && token == nil)
        #expect(check.detail == "302 redirect to https://apps.apple.com/app/id1, no page")
    }

    @Test func theTokenMustMatchTheSameLink() {
        let matched = DoctorFixtures.answered(
            "POST", "/match", status: 200,
            body:
                #"{"matched":true,"matchMethod":"CLIPBOARD","matchConfidence":"exact","#
                + #""linkId":"l1","path":"/promo/summer","params":{}}"#
        )
        let pass = LinkChecks.match(matched, expectedPath: "/promo/summer")
        #expect(pass.status == .pass && pass.detail.hasPrefix("CLIPBOARD exact → /promo/summer"))

        #expect(LinkChecks.match(matched, expectedPath: "/promo/winter").status == .fail)
        let none = DoctorFixtures.answered(
            "POST", "/match", status: 200, body: #"{"matched":false,"matchMethod":"NONE"}"#)
        #expect(LinkChecks.match(none, expectedPath: "/promo/summer").status == .fail)
        let limited = DoctorFixtures.answered(
            "POST", "/match", status: 429, body: #"{"message":"Retry after 3 second(s)"}"#)
        #expect(LinkChecks.match(limited, expectedPath: nil).fix?.contains("30 a minute") == true)
        #expect(LinkChecks.match(nil, expectedPath: nil).status == .skip)
        // A match by the address alone is not the token's: the page's token was not one /match knew
        let byAddress = DoctorFixtures.answered(
            "POST", "/match", status: 200,
            body: #"{"matched":true,"matchMethod":"IP_FUZZY","matchConfidence":"low","path":"/promo/summer"}"#)
        let fuzzy = LinkChecks.match(byAddress, expectedPath: "/promo/summer")
        #expect(
            fuzzy.status == .fail && fuzzy.detail == "matched IP_FUZZY → /promo/summer, not by the token (CLIPBOARD)")
    }

    @Test func theMatchRequestCarriesOnlyTheToken() throws {
        let request = LinkChecks.matchRequest(
            baseURL: DoctorFixtures.base, token: "opl_ZT2pX5570WBwvVkAeBEMjQ", timeout: 10)
        let body = try #require(request.jsonBody)
        #expect(body.keys.sorted() == ["clipboardToken"])
        #expect(request.header("X-API-Key") == nil)
        // The page is clicked by the simulated Safari (its request: DoctorRunnerTests), at the short link itself
        #expect(
            LinkChecks.pageURL(baseURL: DoctorFixtures.base, orgKey: "demo", code: "summer").absoluteString
                == "https://links.example.com/demo/summer")
        let data = LinkChecks.dataRequest(baseURL: DoctorFixtures.base, orgKey: "demo", code: "summer", timeout: 10)
        #expect(data.url.query == nil, "no deviceId: /data writes no device profile")
    }

    @Test func aMultiLineMessageIsQuotedOnOneLine() {
        let (check, _) = LinkChecks.data(
            DoctorFixtures.answered(
                "GET", "/demo/nope/data", status: 404, body: #"{"message":"Link demo/nope\r\n\tnot found\n"}"#),
            orgKey: "demo", code: "nope")
        #expect(check.detail == "404: Link demo/nope not found")
    }
}
