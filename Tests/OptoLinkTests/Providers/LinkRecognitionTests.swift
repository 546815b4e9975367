import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How each provider decides which URLs are its links (``OptoLink/canHandle(url:)``) and what it sends and
/// delivers for them (``OptoLink/handle(url:)``), through the one facade with the recording transport. Written
/// as a review's probes: the tests that name a defect (a Unicode link domain, unmatchable domains, dot
/// segments, answer paths without a `/`, repeated query names, relative scheme URLs, ports `URL` refuses)
/// failed before their fix; the others add coverage the provider suites lacked.
@Suite("Link recognition, requests and delivered routes across providers")
struct LinkRecognitionTests {
    enum Service: String, CaseIterable, CustomTestStringConvertible {
        case optoLink, quberoute, deepBlue, appsFlyer
        var testDescription: String { rawValue }
    }

    static let qubeKey = "qr_live_demo_publishable_0001"
    static let deepBlueKey = "dbl_sandbox_demo_0001"
    static let qubeJSON =
        #"{"link":{"url":"https://shop.example.com/products/spring-box?ref=qr","alias":"spring","#
        + #""data":{"sku":"spring-box"}},"confidence":1,"reason":"direct","attributed":true,"installId":"inst_42"}"#
    static let deepBlueJSON =
        #"{"id":42,"longUrl":"https://demo.example.com/products/1234?color=blue","#
        + #""shortUrl":"https://go.example.com/abc","isSandbox":false}"#

    /// The service's configuration with `linkDomains` (OptoLink: org `demo` on `links.demo.test`).
    static func configuration(_ service: Service, linkDomains: [String] = ["go.example.com"], urlSchemes: [String] = [])
        throws -> OptoLinkConfiguration
    {
        switch service {
        case .optoLink:
            return try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                links: .init(domains: linkDomains, urlSchemes: urlSchemes), clipboard: .init(reading: .never))
        case .quberoute:
            return try OptoLinkConfiguration.quberoute(publishableKey: qubeKey, links: .init(domains: linkDomains))
        case .deepBlue:
            return try OptoLinkConfiguration.deepBlue(
                apiKey: deepBlueKey, links: .init(domains: linkDomains, urlSchemes: urlSchemes))
        case .appsFlyer:
            return try OptoLinkConfiguration.appsFlyer(
                appID: "id123456789", hook: .relay { _ in Fixtures.response(200, #"{"found":false,"click_event":{}}"#) }
            )
        }
    }

    /// Whether `request` is the service's direct-open request.
    static func isOpenRequest(_ request: HTTPRequest, _ service: Service) -> Bool {
        switch service {
        case .optoLink: return request.url.path.hasSuffix("/data")
        case .quberoute: return request.url.path == "/api/v1/sdk/resolve"
        case .deepBlue: return request.url.path == "/api/links/resolve"
        case .appsFlyer: return true
        }
    }

    /// The service's usual 200 answer to its direct open.
    static func okAnswer(_ service: Service) -> HTTPResponse {
        switch service {
        case .optoLink: return Fixtures.response(200, Fixtures.summerJSON)
        case .quberoute: return Fixtures.response(200, qubeJSON)
        case .deepBlue: return Fixtures.response(200, deepBlueJSON)
        case .appsFlyer: return Fixtures.response(404, "{}")
        }
    }

    struct Outcome {
        var canHandle: Bool
        var link: OptoLinkData?
        /// The direct-open requests `handle(url:)` sent.
        var requests: [HTTPRequest]
    }

    /// `canHandle(url:)` then `handle(url:)` on a later launch, the open answered by `answer`.
    static func open(
        _ url: URL, _ configuration: OptoLinkConfiguration, _ service: Service,
        answer: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil
    ) async -> Outcome {
        let transport = ScriptedTransport { request in
            guard Self.isOpenRequest(request, service) else { return Fixtures.response(404, "{}") }
            return answer?(request) ?? Self.okAnswer(service)
        }
        let device = TestDevice(transport: transport)
        device.store.set(true, forKey: LaunchState.key)
        let sdk = device.start(configuration)
        let canHandle = sdk.canHandle(url: url)
        let link = await sdk.handle(url: url)
        await sdk.shutdown()
        let requests = await transport.requests.filter { Self.isOpenRequest($0, service) }
        return Outcome(canHandle: canHandle, link: link, requests: requests)
    }

    static func open(
        _ text: String, _ configuration: OptoLinkConfiguration, _ service: Service,
        answer: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil
    ) async throws -> Outcome {
        await open(try #require(URL(string: text)), configuration, service, answer: answer)
    }

    /// canHandle and handle agree: an http(s) link sends one request and delivers; anything else sends none.
    static func expectAgreement(_ outcome: Outcome, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if outcome.canHandle {
            #expect(outcome.requests.count == 1, "canHandle but no request: \(text)", sourceLocation: sourceLocation)
            #expect(outcome.link != nil, "canHandle but nothing delivered: \(text)", sourceLocation: sourceLocation)
        } else {
            #expect(outcome.requests.isEmpty, "not ours but a request went: \(text)", sourceLocation: sourceLocation)
            #expect(outcome.link == nil, "not ours but delivered: \(text)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Coverage: hosts and paths (these pass)

    /// `<prefix><path>`: how the link host may be written, and whether it is still the link host.
    static let hostForms: [(prefix: String, isLinkHost: Bool)] = [
        ("https://go.example.com", true),
        ("http://go.example.com", true),
        ("HTTPS://GO.Example.COM", true),
        ("https://go.example.com.", true),
        ("https://go.example.com:443", true),
        ("http://go.example.com:80", true),
        ("https://go.example.com:8443", true),  // "port ignored" (LinkURLMatcher's doc comment)
        ("https://evil@go.example.com", true),  // the host is the link host; the user info is not a host
        ("https://go.example.com@evil.test", false),
        ("https://go.example.com:443@evil.test", false),
        ("https://sub.go.example.com", false),
        ("https://go.example.com.evil.test", false),
        ("https://xgo.example.com", false),
        ("ftp://go.example.com", false),
        ("https:go.example.com", false),
        ("https:///go.example.com", false),
    ]

    @Test(arguments: [Service.optoLink, .quberoute, .deepBlue])
    func everyFormOfTheLinkHostIsRecognizedAndCanHandleAgreesWithHandle(_ service: Service) async throws {
        // Given the service with the link domain go.example.com
        let configuration = try Self.configuration(service)
        let path = service == .optoLink ? "/demo/abc" : "/abc"
        for form in Self.hostForms {
            let text = form.prefix + path
            // When the URL is opened
            let outcome = try await Self.open(text, configuration, service)

            // Then it is a link exactly when its host is the link host, and handle agrees with canHandle
            #expect(outcome.canHandle == form.isLinkHost, "\(service): \(text)")
            Self.expectAgreement(outcome, text)
            // And what is sent is the service's request for it
            guard let request = outcome.requests.first else { continue }
            switch service {
            case .optoLink:
                #expect(
                    request.url.absoluteString.hasPrefix("https://links.demo.test/demo/abc/data?deviceId="), "\(text)")
            case .quberoute, .deepBlue:
                // The seeds send `url.absoluteString`: the URL as opened
                #expect(request.jsonBody?["url"] == .string(try #require(URL(string: text)).absoluteString), "\(text)")
            case .appsFlyer:
                break
            }
        }
    }

    @Test(arguments: [Service.quberoute, .deepBlue])
    func anyPathOnTheLinkHostIsALinkSentAsOpened(_ service: Service) async throws {
        let configuration = try Self.configuration(service)
        let cases: [(String, Bool)] = [
            ("https://go.example.com/abc/", true), ("https://go.example.com//abc", true),
            ("https://go.example.com/a%2Fb", true), ("https://go.example.com/%20", true),
            ("https://go.example.com/./abc", true), ("https://go.example.com/../abc", true),
            ("https://go.example.com/abc#x", true), ("https://go.example.com/abc?", true),
            ("https://go.example.com/abc?q=a+b&q=c", true), ("https://go.example.com/caf%C3%A9?q=%C3%A9", true),
            ("https://go.example.com/abc;p", true),
            ("https://go.example.com/", false), ("https://go.example.com", false),
            ("https://go.example.com/?x=1", false), ("https://go.example.com#x", false),
            ("https://go.example.com?x=1", false),
        ]
        for (text, isLink) in cases {
            let outcome = try await Self.open(text, configuration, service)
            #expect(outcome.canHandle == isLink, "\(service): \(text)")
            Self.expectAgreement(outcome, text)
            if let request = outcome.requests.first {
                #expect(request.jsonBody?["url"] == .string(text), "\(text)")
            }
        }
    }

    @Test func optoLinksDataPathCarriesTheShortCodeEncodedForOneSegment() async throws {
        // Given OptoLink's org `demo`
        let configuration = try Self.configuration(.optoLink)
        // (incoming path, the /data path sent, or nil: not a short link, nothing sent)
        let cases: [(String, String?)] = [
            ("/demo/summer", "/demo/summer/data"),
            ("/demo/summer/", "/demo/summer/data"),
            ("/demo/summer#x", "/demo/summer/data"),
            ("/demo/summer?", "/demo/summer/data"),
            ("/demo/summer?a=1&a=2", "/demo/summer/data"),
            ("/demo/a%20b", "/demo/a%20b/data"),
            ("/demo/a+b", "/demo/a+b/data"),
            ("/demo/caf%C3%A9", "/demo/caf%C3%A9/data"),
            ("/demo/a;b", "/demo/a%3Bb/data"),
            ("/demo/100%25", "/demo/100%25/data"),
            ("/demo/a%3Fb", "/demo/a%3Fb/data"),
            ("/demo/a%23b", "/demo/a%23b/data"),
            ("/demo/a%2Fb", nil),
            ("/demo//summer", nil),
            ("/demo/summer/x", nil),
            ("/DEMO/summer", nil),
            ("/demo/", nil),
        ]
        for (path, sent) in cases {
            let text = "https://go.example.com" + path
            let outcome = try await Self.open(text, configuration, .optoLink)
            #expect(outcome.canHandle == (sent != nil), "\(text)")
            Self.expectAgreement(outcome, text)
            if let sent, let request = outcome.requests.first {
                #expect(request.url.absoluteString.hasPrefix("https://links.demo.test\(sent)?deviceId="), "\(text)")
            }
        }
    }

    @Test func theMappedRouteOfUnusualAnswerURLsFollowsTheURLsOwnPathAndQuery() async throws {
        // QubeRoute: `link.url`'s path, else `/<alias>`; params are `link.data` whatever the URL's query
        let qube = try Self.configuration(.quberoute)
        let qubeCases: [(String, String)] = [
            ("https://shop.example.com/p/q?a=1#frag", "/p/q"),
            ("https://elsewhere.test/a%20b/", "/a b"),
            ("/products/spring", "/products/spring"),
            ("", "/spring"),
            ("https://shop.example.com", "/spring"),
            ("https://shop.example.com/?screen=x", "/spring"),
        ]
        for (linkURL, path) in qubeCases {
            let json =
                #"{"link":{"url":"\#(linkURL)","alias":"spring","#
                + #""data":{"sku":"box"}},"confidence":1,"attributed":true}"#
            let outcome = try await Self.open(
                "https://go.example.com/abc", qube, .quberoute, answer: { _ in Fixtures.response(200, json) })
            let link = try #require(outcome.link, "\(linkURL)")
            #expect(link.path == path, "\(linkURL)")
            #expect(link.params == ["sku": "box"], "\(linkURL)")
        }

        // Deep Blue: `longUrl`'s path and query items (the seed: `destination.path`, `destination.query`)
        let deepBlue = try Self.configuration(.deepBlue)
        let deepBlueCases: [(String, String, [String: JSONValue])] = [
            ("https://shop.example.com/p/q?a=1&b=#frag", "/p/q", ["a": "1", "b": ""]),
            ("https://elsewhere.test/a%20b/?q=a+b&e=%C3%A9", "/a b", ["q": "a+b", "e": "é"]),
            ("/products/1234?x=1", "/products/1234", ["x": "1"]),
            ("https://shop.example.com", "/", [:]),
        ]
        for (longURL, path, params) in deepBlueCases {
            let json = #"{"id":7,"longUrl":"\#(longURL)","shortUrl":"https://go.example.com/abc"}"#
            let outcome = try await Self.open(
                "https://go.example.com/abc", deepBlue, .deepBlue, answer: { _ in Fixtures.response(200, json) })
            let link = try #require(outcome.link, "\(longURL)")
            #expect(link.path == path, "\(longURL)")
            #expect(link.params == params, "\(longURL)")
        }
    }

    @Test func deepBlues404RoutesByTheOpenedURLsPathAndQueryAsTheSeedsRouterGetsThem() async throws {
        let configuration = try Self.configuration(.deepBlue)
        let notFound: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            Fixtures.response(404, #"{"detail":"Not found."}"#)
        }
        let cases: [(String, String, [String: JSONValue])] = [
            ("https://go.example.com/products/77/", "/products/77", [:]),
            ("https://go.example.com//products", "//products", [:]),
            ("https://go.example.com/a%2Fb", "/a/b", [:]),
            ("https://go.example.com/a%20b?q=a+b", "/a b", ["q": "a+b"]),
            ("https://go.example.com/caf%C3%A9?q=%C3%A9#x", "/café", ["q": "é"]),
            ("https://go.example.com/p?", "/p", [:]),
            ("HTTPS://GO.Example.COM:443/p?ref=mail", "/p", ["ref": "mail"]),
        ]
        for (text, path, params) in cases {
            let outcome = try await Self.open(text, configuration, .deepBlue, answer: notFound)
            let link = try #require(outcome.link, "\(text)")
            #expect(outcome.requests.count == 1, "\(text)")
            #expect(link.path == path, "\(text)")
            #expect(link.params == params, "\(text)")
            #expect(link.providerFields["url"] == .string(text), "\(text)")
            #expect(link.providerFields[DeepBlueAnswer.notShortLinkField] == true, "\(text)")
        }
    }

    @Test(arguments: Service.allCases)
    func noURLCrashesOrBlocksAndCanHandleAlwaysAgreesWithHandle(_ service: Service) async throws {
        let configuration = try Self.configuration(
            service, urlSchemes: service == .deepBlue || service == .optoLink ? ["myapp"] : [])
        let texts = [
            "https://go.example.com:99999999999/demo/abc", "https://[::1]/demo/abc",
            "https://go.example.com/demo/"
                + String(repeating: "a", count: 10_000),
            "https://go.example.com/demo/" + String(repeating: "é", count: 300), "https:///demo/abc",
            "https://go.example.com/demo/%00", "https://go.example.com/demo/abc%", "https://go.example.com:/demo/abc",
            "myapp:", "myapp://", "myapp:///", "myapp://@:80/x", "myapp://[x]/1", "myapp://h/%00?%zz=1",
            "mailto:a@go.example.com", "about:blank", "go.example.com/demo/abc", "/demo/abc", "data:,hi",
            "https://go.example.com/demo/abc?" + String(repeating: "a=1&", count: 2_000),
        ]
        for text in texts {
            guard let url = URL(string: text) else { continue }
            let outcome = await Self.open(url, configuration, service)
            if url.scheme?.lowercased() == "myapp" {
                // One of the app's schemes: read locally, no request, a link whenever canHandle says so
                #expect(outcome.requests.isEmpty, "\(text)")
                #expect((outcome.link != nil) == outcome.canHandle, "\(text)")
            } else {
                Self.expectAgreement(outcome, text)
            }
            if service == .appsFlyer {
                #expect(!outcome.canHandle && outcome.link == nil && outcome.requests.isEmpty, "\(text)")
            }
        }
    }

    // MARK: Defects (these fail)

    /// A link domain written in Unicode never matches: `URL` gives the host as punycode
    /// (`https://bücher.example/x` has host `xn--bcher-kva.example`), `LinkHosts` compares it with the
    /// configured `bücher.example` as given (Configuration.swift lower-cases it only).
    @Test(arguments: [Service.optoLink, .quberoute, .deepBlue])
    func aLinkDomainWrittenInUnicodeMatchesItsLinks(_ service: Service) async throws {
        // Given the link domain in Unicode, as people write it
        let configuration = try Self.configuration(service, linkDomains: ["bücher.example"])
        let path = service == .optoLink ? "/demo/abc" : "/abc"
        for text in ["https://bücher.example" + path, "https://xn--bcher-kva.example" + path] {
            // When a link on it opens the app
            let outcome = try await Self.open(text, configuration, service)
            // Then it is the service's link and is resolved
            #expect(outcome.canHandle, "\(service): \(text)")
            #expect(outcome.requests.count == 1, "\(service): \(text)")
        }
    }

    /// `linkDomains` accepts entries that can never equal a URL's host (a port, a wildcard, a query or
    /// fragment): every link on them is then silently "not ours". Either refuse them at configuration
    /// (as a domain with `/` is) or match them.
    @Test(arguments: [
        ("go.example.com:8443", "https://go.example.com:8443/abc"),
        ("*.example.com", "https://go.example.com/abc"),
        ("go.example.com?x=1", "https://go.example.com/abc"),
        ("go.example.com#x", "https://go.example.com/abc"),
    ])
    func aLinkDomainThatCouldNeverMatchIsRefusedAtConfiguration(_ domain: String, _ text: String) async throws {
        // Refused, saying what a link domain is, instead of accepted and never matching \(text)
        #expect(throws: OptoLinkError.self) { try Self.configuration(.quberoute, linkDomains: [domain]) }
        do {
            _ = try Self.configuration(.quberoute, linkDomains: [domain])
        } catch {
            #expect("\(error)".contains("give each host alone"), "\(error)")
        }
    }

    /// A short code `.` or `..` is a dot segment, not a code: `https://host/demo/..` is `https://host/` (RFC
    /// 3986 §5.2.4; Flutter's `Uri` removes dot segments before its `^/([a-z0-9]{4})/([^/]+)/?$`). The SDK
    /// takes `..` as the code and sends `GET /demo/../data`, which a client or proxy normalizes to `/data`.
    /// Cause: LinkURLMatcher.shortCode(inPercentEncodedPath:) and OptoLinkAPI.percentEncoded (`.` is unreserved).
    @Test(arguments: [
        "https://links.demo.test/demo/..", "https://links.demo.test/demo/.", "https://links.demo.test/demo/../",
        "https://links.demo.test/demo/%2E%2E",
    ])
    func aDotSegmentIsNotAShortCode(_ text: String) async throws {
        let outcome = try await Self.open(text, try Self.configuration(.optoLink), .optoLink)
        #expect(!outcome.canHandle)
        #expect(outcome.requests.map(\.url.absoluteString) == [])
    }

    /// The same link written with dot segments is the same link (RFC 3986 §6.2.2.3; Flutter's `Uri`
    /// normalizes it before matching, the parity the seed asks for): `/demo/./summer` is `/demo/summer`.
    @Test(arguments: [
        "https://links.demo.test/demo/./summer", "https://links.demo.test/x/../demo/summer",
        "https://links.demo.test/./demo/summer",
    ])
    func aShortLinkWithDotSegmentsIsTheSameShortLink(_ text: String) async throws {
        let outcome = try await Self.open(text, try Self.configuration(.optoLink), .optoLink)
        #expect(outcome.canHandle)
        #expect(outcome.requests.first?.url.path == "/demo/summer/data")
    }

    /// `OptoLinkData.path` is "the in-app path, e.g. "/promo/summer"", and every other route the SDK makes
    /// starts with `/` (a scheme URL: `/` + host + path). A relative or opaque answer URL gives a path
    /// without one: `products/spring`, `a@b.example` (ProviderSupport.route(of:) returns `URL.path` as is;
    /// QubeRouteAnswer.path(_:) and DeepBlueAnswer.link(_:isDeferred:) deliver it).
    @Test(arguments: ["products/spring", "mailto:a@b.example", "urn:isbn:0451450523"])
    func anAnswerURLWithoutALeadingSlashStillDeliversAnAbsolutePath(_ answerURL: String) async throws {
        let qubeJSON = #"{"link":{"url":"\#(answerURL)","alias":"spring"},"confidence":1}"#
        let qube = try await Self.open(
            "https://go.example.com/abc", try Self.configuration(.quberoute), .quberoute,
            answer: { _ in Fixtures.response(200, qubeJSON) })
        let qubePath = try #require(qube.link?.path)
        #expect(qubePath.hasPrefix("/"), "QubeRoute link.url \(answerURL) → path \(qubePath)")

        let deepBlueJSON = #"{"id":1,"longUrl":"\#(answerURL)","shortUrl":"https://go.example.com/abc"}"#
        let deepBlue = try await Self.open(
            "https://go.example.com/abc", try Self.configuration(.deepBlue), .deepBlue,
            answer: { _ in Fixtures.response(200, deepBlueJSON) })
        let deepBluePath = try #require(deepBlue.link?.path)
        #expect(deepBluePath.hasPrefix("/"), "Deep Blue longUrl \(answerURL) → path \(deepBluePath)")
    }

    /// docs/providers.md gives Deep Blue's `params` one rule: "`longUrl`'s query items (after a 404 / for a
    /// scheme URL: the URL's)". The same query reads differently by route: a repeated name is an array for
    /// a scheme URL (CustomSchemeLink.link) but its last value after a 404 or from `longUrl`
    /// (ProviderSupport.queryParams(of:) and route(of:): "the last value of a repeated name wins").
    @Test func deepBlueReadsARepeatedQueryNameTheSameWayOnEveryRoute() async throws {
        let configuration = try Self.configuration(.deepBlue, urlSchemes: ["myapp"])
        let scheme = try await Self.open("myapp://p?tag=a&tag=b", configuration, .deepBlue)
        let notShort = try await Self.open(
            "https://go.example.com/p?tag=a&tag=b", configuration, .deepBlue,
            answer: { _ in Fixtures.response(404, #"{"detail":"Not found."}"#) })
        let resolved = try await Self.open(
            "https://go.example.com/abc", configuration, .deepBlue,
            answer: { _ in
                Fixtures.response(200, #"{"id":1,"longUrl":"https://shop.example.com/p?tag=a&tag=b","shortUrl":"x"}"#)
            })
        let schemeParams = try #require(scheme.link?.params)
        #expect(schemeParams == ["tag": .array(["a", "b"])])
        #expect(notShort.link?.params == schemeParams)
        #expect(resolved.link?.params == schemeParams)
    }

    /// A scheme URL made relative to a base (`URL(string: "products/1234", relativeTo: myapp://shop/)`,
    /// absolutely `myapp://shop/products/1234`) is ours by its base's scheme, but its route is read from
    /// the relative part only: `/products/1234`, not `/shop/products/1234`. Cause: CustomSchemeLink.link
    /// uses `URLComponents(url:resolvingAgainstBaseURL: false)`.
    @Test(arguments: [Service.optoLink, .deepBlue])
    func aRelativeSchemeURLRoutesByItsAbsoluteURL(_ service: Service) async throws {
        let configuration = try Self.configuration(service, urlSchemes: ["myapp"])
        let url = try #require(URL(string: "products/1234?tab=a", relativeTo: URL(string: "myapp://shop/")))
        #expect(url.absoluteString == "myapp://shop/products/1234?tab=a")
        let outcome = await Self.open(url, configuration, service)
        #expect(outcome.canHandle)
        #expect(outcome.link?.path == "/shop/products/1234")
        #expect(outcome.link?.params == ["tab": "a"])
    }

    /// ``ProviderSupport/route(of:)`` promises "what ``path(of:)`` and ``queryParams(of:)`` give for
    /// `URL(string: text)`; nil when that is nil". Its string reading takes any `:`-suffix of the host as a
    /// port (`isHostByte` allows letters after `:`), so an answer URL `URL` refuses still routes.
    @Test(arguments: [
        "https://shop.example.com:abc/p?a=1", "https://shop.example.com:1:2/p", "https://shop.example.com:-1/p",
    ])
    func anAnswerURLThatURLRefusesHasNoRoute(_ text: String) {
        #expect(URL(string: text) == nil)
        #expect(ProviderSupport.route(of: text) == nil)
    }
}
