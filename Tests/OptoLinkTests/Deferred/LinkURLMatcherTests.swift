import Foundation
import OptoLinkTesting
import TestSupport
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
        #expect(String(parts.scheme) == url.scheme)
        #expect(String(parts.host) == url.host)
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        #expect(String(parts.path) == components.percentEncodedPath)
    }

    /// RFC 3986 §5.2.4's `remove_dot_segments` as the RFC writes it (an input buffer moved to an output one),
    /// after percent-encoded dots are decoded (§6.2.2.2): the oracle of ``LinkURLMatcher/removingDotSegments(_:)``.
    static func modelRemovingDotSegments(_ path: String) -> String {
        var input = path.replacingOccurrences(of: "%2E", with: ".").replacingOccurrences(of: "%2e", with: ".")
        var output = ""
        func dropLastSegment() {
            if let slash = output.lastIndex(of: "/") { output.removeSubrange(slash...) } else { output = "" }
        }
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input.removeFirst(3)
            } else if input.hasPrefix("./") {
                input.removeFirst(2)
            } else if input.hasPrefix("/./") {
                input = "/" + input.dropFirst(3)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = "/" + input.dropFirst(4)
                dropLastSegment()
            } else if input == "/.." {
                input = "/"
                dropLastSegment()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output += input[..<end]
                input.removeSubrange(..<end)
            }
        }
        return output
    }

    /// The reading of a path as it was written before it went byte by byte (dot segments removed, then split
    /// into segments, compared as strings): the model the byte-level reading must agree with on every path.
    static func modelShortCode(inPercentEncodedPath path: String, orgKey: String) -> String? {
        let path = modelRemovingDotSegments(path)
        var segments = path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)[...]
        guard segments.first?.isEmpty == true else { return nil }
        segments.removeFirst()
        if segments.count == 3, segments.last?.isEmpty == true { segments.removeLast() }
        guard segments.count == 2, segments.first == orgKey[...], let raw = segments.last else { return nil }
        guard let code = raw.contains("%") ? raw.removingPercentEncoding : String(raw),
            !code.isEmpty, code.count <= 200, !code.contains("/")
        else { return nil }
        return code
    }

    @Test(.tags(.load), .skippable(.load)) func theByteLevelPathReadingAgreesWithTheSegmentModelOnSeededPaths() async {
        // Tens of thousands of inputs on one thread: never beside the real-clock tests (see QuietMachine).
        await QuietMachine.shared.run { self.seededPathsAgree() }
    }

    func seededPathsAgree() {
        // Pieces that meet every branch: slashes (leading, doubled, trailing, inside), the org key and
        // near misses, percent escapes (a slash, UTF-8, broken ones), long codes around the 200 limit.
        let pieces = [
            "/", "//", "demo", "DEMO", "dem", "demox", "summer", "a", "%2F", "%2f", "%C3%A9", "%E2%82%AC", "%", "%G1",
            "%20", "~", "-", ".", "_", "x", String(repeating: "a", count: 199), String(repeating: "b", count: 200),
            String(repeating: "%C3%A9", count: 100), String(repeating: "%C3%A9", count: 101),
        ]
        var random = SeededRandom(seed: 0x5EED_0F_1A7E)
        var agreed = 0
        var codes = 0
        for _ in 0..<20_000 {
            var path = random.next() % 4 == 0 ? "" : "/demo/"
            for _ in 0..<(random.next() % 5) { path += pieces[Int(random.next() % UInt64(pieces.count))] }
            let model = Self.modelShortCode(inPercentEncodedPath: path, orgKey: "demo")
            let fast = matcher.shortCode(inPercentEncodedPath: path[...])
            #expect(fast == model, "\(path.debugDescription)")
            if fast == model { agreed += 1 }
            if model != nil { codes += 1 }
        }
        #expect(agreed == 20_000)
        #expect(codes > 2_000 && codes < 18_000, "both outcomes are tried: \(codes) codes")
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
