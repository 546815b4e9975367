import Testing

@testable import OptoLinkServer

@Suite struct UserAgentParserTests {
    @Test func platformsAndVersions() {
        let cases: [(String, String?, String?)] = [
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) "
                    + "AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1",
                "iOS", "17.4.1"
            ),
            ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15", "iOS", "16.6"),
            (
                "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/123.0 Mobile Safari/537.36",
                "Android", "14"
            ),
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

    /// Issue 13, item 2: what is kept of a header is what the contract compares: a language tag (at most
    /// 35 characters, RFC 5646's buffer size), a short OS version; never kilobytes of header.
    @Test func storedFieldsAreBoundedToWhatTheContractUses() {
        let hugeTag = String(repeating: "a", count: 4096)
        #expect(UserAgentParser.language(hugeTag) == nil)
        #expect(UserAgentParser.language(hugeTag + ",en") == nil)
        #expect(UserAgentParser.language("en-US," + hugeTag) == "en-US")
        #expect(UserAgentParser.language("zh-Hant-TW-x-private1") == "zh-Hant-TW-x-private1")
        #expect(UserAgentParser.language(String(repeating: "a", count: 36)) == nil)
        #expect(UserAgentParser.language("en US") == nil)
        #expect(UserAgentParser.language("<script>") == nil)
        let longVersion =
            "Mozilla/5.0 (iPhone; CPU iPhone OS " + String(repeating: "1_", count: 2000) + "1 like Mac OS X)"
        #expect(UserAgentParser.parse(longVersion).platform == "iOS")
        #expect(UserAgentParser.parse(longVersion).osVersion == nil)
        #expect(UserAgentParser.parse("Mozilla/5.0 (Linux; Android 14.0.0.1.2; X)").osVersion == "14.0.0.1.2")
    }
}
