import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Custom URL schemes: the URL is the link")
struct CustomSchemeMatcherTests {
    let matcher = LinkURLMatcher(configuration: Fixtures.configuration(urlSchemes: ["MyApp", "myapp-beta"]))

    @Test(arguments: [
        ("myapp://products/1234", "/products/1234"),
        ("MYAPP://products/1234", "/products/1234"),  // schemes compare case-insensitively
        ("myapp://products/1234/", "/products/1234/"),
        ("myapp://products", "/products"),
        ("myapp://", "/"),
        ("myapp:products/1234", "/products/1234"),  // no authority: the path as written
        ("myapp:///products/1234", "/products/1234"),  // empty host
        ("myapp-beta://promo/summer#top", "/promo/summer"),  // the fragment is ignored
        ("myapp://caf%C3%A9/a%20b", "/café/a b"),  // percent-decoded
    ])
    func theHostIsTheFirstPathSegment(_ text: String, _ path: String) throws {
        // Given an app scheme URL
        let url = try #require(URL(string: text))

        // When it is read
        let link = try #require(matcher.customSchemeLink(in: url))

        // Then the host and path make the link's path, read locally
        #expect(link.path == path)
        #expect(link.matchType == .customScheme)
        #expect(link.linkId == nil)
        #expect(!link.isDeferred)
        #expect(matcher.target(for: url) == .customScheme(link))
        #expect(matcher.shortCode(in: url) == nil)
    }

    @Test func queryItemsBecomeStringParamsAndRepeatedNamesAnArray() throws {
        let url = try #require(URL(string: "myapp://products/1234?utm_source=mail&tag=a&tag=b&flag&empty=&q=a%20b"))
        let link = try #require(matcher.customSchemeLink(in: url))
        #expect(
            link.params == [
                "utm_source": "mail", "tag": .array(["a", "b"]), "flag": "", "empty": "", "q": "a b",
            ])
    }

    @Test(arguments: [
        "otherapp://products/1234",  // a scheme the app did not declare
        "https://products/1234",
        "myappx://products/1234",
        "mailto:someone@example.com",
    ])
    func otherSchemesAreNotOurs(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(matcher.customSchemeLink(in: url) == nil)
        #expect(matcher.target(for: url) == nil)
    }

    @Test func withoutDeclaredSchemesNoCustomSchemeIsOurs() throws {
        let plain = LinkURLMatcher(configuration: Fixtures.configuration())
        #expect(plain.target(for: try #require(URL(string: "myapp://products/1234"))) == nil)
    }

    @Test func ourShortLinksStillResolveWithSchemesDeclared() throws {
        let url = try #require(URL(string: "https://links.demo.test/demo/summer"))
        #expect(matcher.target(for: url) == .shortCode("summer"))
    }

    @Test(arguments: ["http", "HTTPS", "", "1app", "my app", "my_app", "myäpp", "my/app"])
    func theConfigurationRefusesWhatIsNotACustomScheme(_ scheme: String) {
        #expect(throws: OptoLinkError.self) {
            _ = try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                links: .init(urlSchemes: [scheme]))
        }
    }

    @Test func theConfigurationKeepsSchemesLowerCasedOnce() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
            links: .init(urlSchemes: ["MyApp", "myapp", "my.app+x-1"]))
        #expect(configuration.links.urlSchemes == ["myapp", "my.app+x-1"])
    }

    @Test func theRawValueRoundTrips() {
        #expect(MatchMethod(rawValue: "CUSTOM_SCHEME") == .customScheme)
        #expect(MatchMethod.customScheme.rawValue == "CUSTOM_SCHEME")
    }
}
