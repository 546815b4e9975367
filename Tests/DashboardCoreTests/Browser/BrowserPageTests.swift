import Testing

@testable import DashboardCore

@Suite("Reading a page: meta refresh and clipboard token")
struct BrowserPageTests {
    @Test func metaRefreshIsReadInItsCommonSpellings() {
        let cases: [(String, Double, String)] = [
            (#"<meta http-equiv="refresh" content="0; url=https://a.test/x">"#, 0, "https://a.test/x"),
            (#"<meta content='5;URL=/next' http-equiv='REFRESH'/>"#, 5, "/next"),
            (#"<meta http-equiv=refresh content="2,url='itms-apps://x'">"#, 2, "itms-apps://x"),
            (#"<meta http-equiv="refresh" content="1; url = &quot;/q?a=1&amp;b=2&quot;">"#, 1, "/q?a=1&b=2"),
        ]
        for (html, delay, url) in cases {
            let refresh = BrowserPage.metaRefresh(in: "<head>" + html + "</head>")
            #expect(refresh?.delay == delay && refresh?.url == url, "\(html)")
        }
    }

    @Test func aRefreshWithoutAURLOrAnotherMetaIsNoNavigation() {
        #expect(BrowserPage.metaRefresh(in: #"<meta http-equiv="refresh" content="30">"#) == nil)
        #expect(BrowserPage.metaRefresh(in: #"<meta name="viewport" content="0; url=/x">"#) == nil)
        #expect(BrowserPage.metaRefresh(in: "<meta charset=utf-8><p>no refresh</p>") == nil)
        #expect(BrowserPage.metaRefresh(in: "<meta http-equiv") == nil)
    }

    @Test func tokenExtractionNeedsExactly22Base64URLCharacters() {
        #expect(BrowserPage.clipboardToken(in: "x opl_short y") == nil)
        #expect(BrowserPage.clipboardToken(in: "opl_AbCdEfGhIjKlMnOpQrStUvWx") == nil)  // 24: not a token
        #expect(BrowserPage.clipboardToken(in: #""opl_AbCdEfGhIjKlMnOpQrSt-_""#) == "opl_AbCdEfGhIjKlMnOpQrSt-_")
    }
}
