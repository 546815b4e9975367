// The configuration code of the SDK's DocC articles (Sources/OptoLink/OptoLink.docc): each `// snippet: NAME`
// … `// snippet: end` region below is compared verbatim with the article's block marked
// `<!-- snippet: Tests/OptoLinkTests/Docs/ConfigurationSnippetTests.swift#NAME -->` by
// Scripts/check-readme-snippets.py (run on every article by Scripts/build-docs.sh), and compiled here; the
// tests run what can run without a network (the overview starts the live SDK, so it is compiled only).
import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@Suite("The DocC articles' configurations compile and do what the articles say")
struct ConfigurationSnippetTests {
    /// The overview's code, compiled only: it starts the SDK on the live environment.
    static func overview(router: SnippetRouter) throws {
        // snippet: overview
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.example.com")!)
        let optoLink = OptoLink.start(configuration: configuration)

        Task {
            for await link in optoLink.links { router.open(link.path, params: link.params) }
        }
        // snippet: end
    }

    @Test func theServicesArticleMakesOneConfigurationPerService() throws {
        let backend = SnippetBackend()
        // snippet: services
        let optoLink = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.example.com")!,
            links: .init(domains: ["go.example.com"], urlSchemes: ["myapp"]),
            clipboard: .init(reading: .whenAppAsks, checkTimeout: 120),
            retry: RetryPolicy(maxRetries: 3, jitter: true),
            privacy: .init(enabledByDefault: false))
        let quberoute = try OptoLinkConfiguration.quberoute(
            publishableKey: "qr_live_demo_publishable_key_0001", links: .init(domains: ["go.example.com"]),
            events: .init(queueCapacity: 500))
        let deepBlue = try OptoLinkConfiguration.deepBlue(
            apiKey: "dbl_live_demo_key", links: .init(domains: ["demo.dev.thedbl.ink"], urlSchemes: ["myapp"]))
        let appsFlyer = try OptoLinkConfiguration.appsFlyer(
            appID: "id123456789",
            hook: .signing { timestamp in
                let answer = try await backend.signAppsFlyer(timestamp: timestamp)  // your backend holds the DevKey
                return AppsFlyerSignature(ip: answer.ip, signature: answer.afSig)
            })
        // snippet: end

        #expect([optoLink, quberoute, deepBlue, appsFlyer].map(\.service) == OptoLinkService.allCases)
        #expect(optoLink.clipboard?.reading == .whenAppAsks && optoLink.retry.maxRetries == 3)
        #expect(!optoLink.privacy.enabledByDefault)
        #expect(quberoute.clipboard == nil && quberoute.timeout == 3 && quberoute.retry.alsoRetriedStatuses == [429])
        #expect(quberoute.events?.queueCapacity == 500)
        #expect(deepBlue.events == nil && deepBlue.links.urlSchemes == ["myapp"])
        #expect(appsFlyer.links == OptoLinkConfiguration.Links() && appsFlyer.events == nil)
        #expect(appsFlyer.baseURL.absoluteString == "https://dls2s.appsflyer.com/v1.0")
    }

    @Test func theCustomSchemesArticlesSchemeIsReadWithoutARequest() async throws {
        // snippet: custom-schemes
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.example.com")!,
            links: .init(urlSchemes: ["myapp"]))
        // snippet: end
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let transport = ScriptedTransport([.hang])
        let optoLink = OptoLink.start(
            configuration: configuration,
            environment: OptoLinkEnvironment(
                store: store, pasteboard: EmptyPasteboard(), deviceInfo: FixedDeviceInfo.iPhone, transport: transport,
                clock: ManualClock()))

        let link = await optoLink.handle(url: URL(string: "myapp://products/1234?ref=preview")!)
        await optoLink.shutdown()

        #expect(link?.path == "/products/1234")
        #expect(link?.params == ["ref": "preview"])
        #expect(link?.matchType == .customScheme)
        #expect(await transport.requests.allSatisfy { $0.url.path == "/sdk/session" })  // no /data: read locally
    }

    @Test func theDiagnosticsArticlesLoggerGetsTheInfoLines() async throws {
        let printed = SnippetLines()
        @Sendable func print(_ line: String) { printed.append(line) }
        // snippet: logging
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.example.com")!,
            logging: .init(
                level: .info,  // debug, info, warning (default), error
                logger: { level, message in print("[OptoLink] \(level): \(message)") }))  // your own, anywhere
        // snippet: end
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let optoLink = OptoLink.start(
            configuration: configuration,
            environment: OptoLinkEnvironment(
                store: store, pasteboard: EmptyPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: ScriptedTransport([.hang]), clock: ManualClock()))

        optoLink.setEnabled(false)
        await optoLink.shutdown()

        #expect(
            printed.all.contains("[OptoLink] info: OptoLink disabled: no match, no session, identity or event calls"))
    }
}

/// The app's router the overview hands links to.
struct SnippetRouter {
    func open(_ path: String, params: [String: JSONValue]) {}
}

/// The app's own backend the AppsFlyer hook asks for a signature.
struct SnippetBackend {
    struct Signature {
        let ip: String
        let afSig: String
    }

    func signAppsFlyer(timestamp: String) async throws -> Signature {
        Signature(ip: "203.0.113.7", afSig: String(repeating: "0", count: 64))
    }
}
