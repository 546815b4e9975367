import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore

@Suite("The simulated browser")
struct SimulatedBrowserTests {
    static let link = URL(string: "http://127.0.0.1:9/go/fall")!

    /// A browser whose hops are answered by `answers`, in order.
    func browse(_ answers: [ScriptedTransport.Answer], from url: URL = link, as browser: FingerprintValues = .demoPhone)
        async -> (BrowserVisit, [HTTPRequest])
    {
        let transport = ScriptedTransport(answers)
        let visit = await SimulatedBrowser(transport: transport, clock: ManualClock()).visit(
            url, as: browser, forwardedFor: "198.51.100.23")
        return (visit, await transport.requests)
    }

    static func html(_ body: String) -> ScriptedTransport.Answer {
        .response(
            status: 200, body: Data("<html><body>\(body)</body></html>".utf8), headers: ["Content-Type": "text/html"])
    }

    @Test func itFollowsARedirectAndAMetaRefreshThenStopsBeforeTheAppStore() async throws {
        // Given a short link that redirects to a landing page whose meta refresh sends Safari to the App Store
        let (visit, requests) = await browse([
            .response(status: 302, headers: ["Location": "/landing?c=fall"]),
            Self.html(#"<META content="0; URL='itms-apps://apps.apple.com/app/id555'" HTTP-EQUIV="Refresh">"#),
        ])
        // Then it made two requests, resolving the relative Location, and stopped before the App Store
        #expect(
            requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/go/fall", "http://127.0.0.1:9/landing?c=fall"])
        #expect(visit.hops.map(\.status) == [302, 200])
        #expect(visit.steps.first == .redirect(status: 302, to: URL(string: "http://127.0.0.1:9/landing?c=fall")!))
        #expect(visit.end == .appStore(URL(string: "itms-apps://apps.apple.com/app/id555")!))
        #expect(visit.end.isSuccess)
        #expect(visit.summary.hasPrefix("/go/fall 302 → /landing?c=fall 200; stopped before the App Store"))
    }

    @Test func aRefreshHeaderIsFollowedAsSafariFollowsIt() async throws {
        // Given a click page that names its next URL in a Refresh header, not in the page
        let (visit, requests) = await browse([
            .response(status: 200, body: Data("<p>One moment</p>".utf8), headers: ["Refresh": "0; url=/landing"]),
            Self.html("<p>Welcome</p>"),
        ])
        // Then the browser goes on there, and says how
        #expect(requests.map(\.url.path) == ["/go/fall", "/landing"])
        #expect(visit.steps.first == .refreshHeader(delay: 0, to: URL(string: "http://127.0.0.1:9/landing")!))
        #expect(
            visit.steps.first?.text
                == "followed the Refresh header (after 0.0s in Safari) to http://127.0.0.1:9/landing"
        )
        #expect(visit.end == .page)
    }

    @Test func everyHopCarriesSafarisHeadersForTheBrowserSideFingerprint() async throws {
        // Given an iPad on iOS 17.2 in German
        var browser = FingerprintValues.demoPhone
        browser.deviceModel = "iPad13,1"
        browser.osVersion = "17.2"
        browser.language = "de-DE"
        let (_, requests) = await browse(
            [.response(status: 301, headers: ["Location": "http://127.0.0.1:9/two"]), Self.html("done")],
            as: browser)
        // Then both hops say so, and name the simulated network
        for request in requests {
            #expect(request.headers["User-Agent"]?.contains("(iPad; CPU OS 17_2 like Mac OS X)") == true)
            #expect(request.headers["Accept-Language"] == "de-DE")
            #expect(request.headers["X-Forwarded-For"] == "198.51.100.23")
            #expect(request.method == "GET")
        }
    }

    @Test func aRedirectToTheAppStoreIsNotRequested() async throws {
        // Given a OneLink-style link that redirects straight to the App Store
        let (visit, requests) = await browse([
            .response(status: 302, headers: ["Location": "https://apps.apple.com/app/id123"])
        ])
        // Then only the link itself was requested
        #expect(requests.count == 1)
        #expect(visit.hops.count == 1 && visit.end == .appStore(URL(string: "https://apps.apple.com/app/id123")!))
        #expect(visit.timelineRow.attempts.first?.note?.hasPrefix("stopped before the App Store") == true)
    }

    @Test func anAppSchemeIsHandedToTheAppNotRequested() async throws {
        let (visit, requests) = await browse([
            Self.html(#"<meta http-equiv="refresh" content="0;url=acme://catalog/fall">"#)
        ])
        #expect(requests.count == 1)
        #expect(visit.end == .otherApp(URL(string: "acme://catalog/fall")!) && visit.end.isSuccess)
    }

    @Test func aPageWithoutANavigationEndsTheVisitAndItsTokenIsRead() async throws {
        // Given an OptoLink redirect page: the token written by its script, a script navigation (not run)
        let page =
            #"<script>navigator.clipboard.writeText("opl_AbCdEfGhIjKlMnOpQrSt-_");"#
            + #" location.replace("https://apps.apple.com/x");</script>"#
        let (visit, requests) = await browse([Self.html(page)])
        // Then the browser read the token from the page and went nowhere: it runs no JavaScript
        #expect(requests.count == 1)
        #expect(visit.token == "opl_AbCdEfGhIjKlMnOpQrSt-_")
        #expect(visit.end == .page)
    }

    @Test func aNoscriptRefreshIsFollowedAsSafariWithoutJavaScriptWould() async throws {
        let (visit, requests) = await browse([
            Self.html(
                #"<script>location.replace("?tz=x")</script><noscript><meta "#
                    + #"http-equiv="refresh" content="0;url=?js=0"></noscript>"#
            ),
            Self.html("preview"),
        ])
        #expect(requests.last?.url.absoluteString == "http://127.0.0.1:9/go/fall?js=0")
        #expect(visit.end == .page && visit.hops.count == 2)
    }

    @Test func anErrorStatusOrNoAnswerFailsTheVisitAndSaysWhere() async throws {
        let (refused, _) = await browse([
            .response(status: 302, headers: ["Location": "/gone"]), .response(status: 404, json: "{}"),
        ])
        #expect(refused.end == .refused(status: 404) && !refused.end.isSuccess)
        #expect(refused.summary == "/go/fall 302 → /gone 404; answered 404: the click failed")
        let (silent, _) = await browse([.failure(URLError(.timedOut))])
        #expect(silent.end == .noAnswer("GET /go/fall got no answer: timed out"))
        #expect(silent.hops.first?.error == "GET /go/fall got no answer: timed out")
    }

    @Test func aRedirectLoopEndsAfterTheMostHops() async throws {
        let loop = Array(
            repeating: ScriptedTransport.Answer.response(status: 302, headers: ["Location": "/go/fall"]), count: 20)
        let (visit, requests) = await browse(loop)
        #expect(requests.count == SimulatedBrowser.maxHops)
        #expect(visit.end == .tooManyHops(SimulatedBrowser.maxHops) && !visit.end.isSuccess)
    }

    @Test func aRedirectWithoutLocationCannotGoOn() async throws {
        let (visit, _) = await browse([.response(status: 302)])
        #expect(visit.end == .badTarget("a 302 without a Location"))
    }

    @Test func theVisitIsOneTimelineRowWithAHopPerAttemptAndItsOwnIDs() async throws {
        let (first, _) = await browse([.response(status: 302, headers: ["Location": "/b"]), Self.html("x")])
        let (second, _) = await browse([Self.html("y")])
        let row = first.timelineRow
        #expect(row.endpoint == "click" && row.isBrowserVisit)
        #expect(row.attempts.map(\.number) == [1, 2] && row.attempts.map(\.status) == [302, 200])
        #expect(first.hops.allSatisfy { $0.requestID == first.id && $0.endpoint == "click" })
        #expect(second.id > first.id && first.id >= SimulatedBrowser.firstVisitID)
        #expect(row.title == "click \(first.id - SimulatedBrowser.firstVisitID + 1)")
    }
}
