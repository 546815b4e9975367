import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Incoming link URLs")
struct LinkURLMatcherTests {
    let matcher = LinkURLMatcher(configuration: Fixtures.configuration(linkDomains: ["go.demo.test"]))

    @Test(arguments: [
        ("https://links.demo.test/demo/summer", "summer"),
        ("https://links.demo.test/demo/summer/", "summer"),
        ("https://LINKS.demo.test/demo/summer?utm=1#top", "summer"),
        ("http://links.demo.test:8443/demo/welcome", "welcome"),
        ("https://go.demo.test/demo/flash", "flash"),
        ("https://go.demo.test./demo/a%20b", "a b"),
        ("HTTPS://Go.Demo.Test/demo/Summer", "Summer"),  // scheme and host in any case; the code as written
        ("https://links.demo.test/demo/caf%C3%A9", "café"),
    ])
    func acceptsOurLinks(_ text: String, _ code: String) throws {
        #expect(matcher.shortCode(in: try #require(URL(string: text))) == code)
    }

    @Test(arguments: [
        "https://evil.test/demo/summer",  // another host
        "https://links.demo.test/beta/summer",  // another org
        "https://links.demo.test/DEMO/summer",  // the org key is compared exactly
        "https://links.demo.test/demo",  // no short code
        "https://links.demo.test/demo/",  // empty short code
        "https://links.demo.test/demo/summer/data",
        "https://links.demo.test//demo/summer",
        "https://links.demo.test/demo//summer",
        "myapp://links.demo.test/demo/summer",  // custom scheme: the app's own
        "https://sub.links.demo.test/demo/summer",
        "https://links.demo.test/",
        "https://links.demo.test",
        "https://links.demo.test/demo/a%2Fb",  // a slash inside the code
        "https://links.demo.test/demo/summer//",
        "ftp://links.demo.test/demo/summer",
    ])
    func refusesEverythingElse(_ text: String) throws {
        #expect(matcher.shortCode(in: try #require(URL(string: text))) == nil)
    }

    /// Every URL here, read from its string, gives what `URL`'s own accessors give (or is left to them).
    @Test(arguments: [
        "https://links.demo.test/demo/summer", "https://links.demo.test/demo/summer/",
        "https://LINKS.demo.test/demo/summer?utm=1#top",
        "http://links.demo.test:8443/demo/welcome", "https://go.demo.test./demo/a%20b",
        "HTTPS://Go.Demo.Test/demo/Summer",
        "https://links.demo.test", "https://links.demo.test?x=1", "https://links.demo.test#f",
        "https://links.demo.test:443",
        "https://links.demo.test/a/b/c?d=e/f#g/h", "https://user:pw@links.demo.test/demo/summer",
        "https://[::1]:8080/demo/summer",
        "https://links%2Edemo.test/demo/summer", "myapp://links.demo.test/demo/summer",
        "mailto:someone@links.demo.test",
        "https://links.demo.test/demo/caf%C3%A9?q=%20", "https://links.demo.test/%7Euser/x",
    ])
    func plainPartsAgreeWithURL(_ text: String) throws {
        let url = try #require(URL(string: text))
        guard let parts = LinkURLMatcher.plainParts(of: url.absoluteString) else {
            // Left to URL: only the forms the fast reading does not take.
            #expect(text.contains("@") || text.contains("[") || text.contains("%2E") || !text.contains("//"), "\(text)")
            return
        }
        #expect(parts.scheme == url.scheme)
        #expect(parts.host == url.host)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(parts.path == components.percentEncodedPath)
    }

    @Test func userInfoAndIPv6HostsStillGoThroughURL() {
        let ipv6 = LinkURLMatcher(configuration: Fixtures.configuration(linkDomains: ["::1"]))
        #expect(ipv6.shortCode(in: URL(string: "https://[::1]:8080/demo/summer")!) == "summer")
        #expect(matcher.shortCode(in: URL(string: "https://someone@links.demo.test/demo/summer")!) == "summer")
    }

    @Test func theFacadeAgrees() async throws {
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang))
        let sdk = device.start()
        #expect(sdk.canHandle(url: URL(string: "https://go.demo.test/demo/summer")!))
        #expect(!sdk.canHandle(url: URL(string: "https://links.demo.test/beta/summer")!))
        #expect(await sdk.handle(url: URL(string: "https://evil.test/demo/summer")!) == nil)
        await sdk.shutdown()
        #expect(await endpoints(device.transport).allSatisfy { $0 != .linkData })
    }
}
