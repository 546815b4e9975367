import Testing
@testable import OptoLinkServer

@Suite struct UserAgentParserTests {
    @Test func platformsAndVersions() {
        let cases: [(String, String?, String?)] = [
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1", "iOS", "17.4.1"),
            ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15", "iOS", "16.6"),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/123.0 Mobile Safari/537.36", "Android", "14"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15", "macOS", "10.15.7"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "Windows", "10.0"),
            ("curl/8.0", nil, nil),
        ]
        for (ua, platform, version) in cases {
            let parsed = UserAgentParser.parse(ua)
            #expect(parsed.platform == platform, "\(ua)")
            #expect(parsed.osVersion == version, "\(ua)")
        }
        #expect(UserAgentParser.parse(nil).platform == nil)
    }

    @Test func languageIsTheFirstTag() {
        #expect(UserAgentParser.language("en-US,en;q=0.9") == "en-US")
        #expect(UserAgentParser.language("de_DE") == "de-DE")
        #expect(UserAgentParser.language("fr;q=0.8, en") == "fr")
        #expect(UserAgentParser.language("*") == nil)
        #expect(UserAgentParser.language(nil) == nil)
    }
}
