// The code blocks of the SDK's DocC articles (Sources/OptoLink/OptoLink.docc) that are not taken from
// Examples/: each `// snippet: NAME` … `// snippet: end` region below is compared verbatim with the
// article's block marked `<!-- snippet: Tests/OptoLinkTests/Docs/DocSnippetTests.swift#NAME -->` by
// Scripts/check-readme-snippets.py (run on every article by Scripts/build-docs.sh), and run here.
import Foundation
import OptoLink
import OptoLinkTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// snippet: transport
/// Adds a header to every request, then hands the request to the transport it wraps.
struct TracingTransport: HTTPTransport {
    let wrapped: any HTTPTransport
    let traceId: String

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await wrapped.send(traced(request))
    }

    // Forwarded, so a direct open's link still arrives from the wrapped transport's completion handler.
    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        try await wrapped.send(traced(request), onAnswer: onAnswer)
    }

    // Forwarded, so each attempt runs on the wrapped transport's callback, without a task of its own.
    func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        wrapped.start(traced(request), onAnswer: onAnswer, completion: completion)
    }

    private func traced(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["X-Trace-Id"] = traceId
        return request
    }
}
// snippet: end

@Suite("The DocC articles' code runs as written")
struct DocSnippetTests {
    static let configuration = try! OptoLinkConfiguration.optoLink(
        apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo", baseURL: URL(string: "https://links.demo.test")!)

    @Test func theTestingArticleResolvesTheScriptedDeferredMatch() async throws {
        let configuration = Self.configuration
        // snippet: testing
        let transport = ScriptedTransport([
            .response(
                status: 200,
                json:
                    #"{"matched":true,"matchMethod":"CLIPBOARD","matchConfidence":"exact","#
                    + #""linkId":"l1","path":"/promo/summer","params":{}}"#
            )
        ])
        let environment = OptoLinkEnvironment(
            store: InMemoryKeyValueStore(), pasteboard: InMemoryPasteboard(string: "opl_AbCdEfGhIjKlMnOpQrSt-_"),
            deviceInfo: FixedDeviceInfo.iPhone, transport: transport, clock: ManualClock())
        let sdk = OptoLink.start(configuration: configuration, environment: environment)

        let link = await sdk.resolveDeferredLink()  // the scripted match
        #expect(link?.path == "/promo/summer")
        #expect(link?.matchType == .clipboard)
        #expect(link?.isDeferred == true)
        let sent = await transport.requests
        #expect(sent.count == 1)
        #expect(sent.first?.url.path == "/match")
        #expect(sent.first?.jsonBody?["clipboardToken"] == "opl_AbCdEfGhIjKlMnOpQrSt-_")
        // snippet: end
        await sdk.shutdown()
    }

    @Test func theEventsArticleBindsTheUserAndSendsTheQueuedEvent() async throws {
        // Given a relaunch (the first launch is done) against a backend that accepts everything
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let transport = ScriptedTransport(handler: { request in
            let path = request.url.path
            let json =
                path.hasSuffix("/sdk/session")
                ? #"{"ok":true,"deviceId":"d","firstSeenAt":"2026-01-01T00:00:00.000Z","#
                    + #""lastSeenAt":"2026-01-02T00:00:00.000Z"}"#
                : path.hasSuffix("/sdk/identity")
                    ? #"{"ok":true,"deviceId":"d","externalId":"user-42","boundAt":"2026-01-02T00:00:00.000Z"}"#
                    : #"{"ok":true}"#
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(json.utf8))
        })
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: EmptyPasteboard(), deviceInfo: FixedDeviceInfo.iPhone, transport: transport,
            clock: ManualClock())
        let optoLink = OptoLink.start(configuration: Self.configuration, environment: environment)

        // When the article's calls run
        // snippet: events
        let bound = await optoLink.setIdentity("user-42")  // registers a session first if the backend needs one
        let queued = await optoLink.trackEvent("purchase", properties: ["plan": "pro", "amount": 9.99])
        await optoLink.flushEvents()  // optional: send now, skipping a retry wait
        let waiting = await optoLink.queuedEventCount()  // 0 once the backend has taken it
        // snippet: end

        // Then the identity is bound and the event reached /sdk/events with its properties
        #expect(bound)
        #expect(queued)
        #expect(waiting == 0)
        let event = try #require(await transport.requests.first { $0.url.path == "/sdk/events" })
        #expect(event.jsonBody?["eventName"] == "purchase")
        #expect(event.jsonBody?["properties"] == ["plan": "pro", "amount": 9.99])
        await optoLink.shutdown()
    }

    @Test func theDiagnosticsArticleSeesTheRetryAndTheOutcome() async throws {
        // Given a first launch whose /match answers 503 once, on a manual clock
        let clock = ManualClock()
        let transport = ScriptedTransport([
            .response(status: 503, json: #"{"message":"down"}"#),
            .response(status: 200, json: #"{"matched":false,"matchMethod":"NONE"}"#),
        ])
        let environment = OptoLinkEnvironment(
            store: InMemoryKeyValueStore(), pasteboard: EmptyPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
            transport: transport, clock: clock)
        let optoLink = OptoLink.start(configuration: Self.configuration, environment: environment)
        let lines = SnippetLines()

        // When the article's listener runs while the clock passes the 1 s wait
        let listener = Task {
            // snippet: diagnostics
            for await diagnostic in optoLink.diagnostics {
                switch diagnostic.kind {
                case .retryScheduled(_, let endpoint, let attempt, let delay):
                    lines.append("\(endpoint) attempt \(attempt) failed, retry in \(delay) s")
                case .requestFinished(_, let endpoint, let attempts, let status):
                    lines.append(
                        "\(endpoint) done after \(attempts) attempt(s), status \(status.map(String.init) ?? "none")")
                case .log(let level, let message) where level >= .warning:
                    lines.append("\(level): \(message)")
                default:
                    break
                }
            }
            // snippet: end
        }
        await clock.waitForSleepers(1)
        await clock.advance(by: 1)
        _ = await optoLink.resolveDeferredLink()
        await optoLink.shutdown()
        await listener.value

        // Then it printed the retry and the final status
        #expect(lines.all.contains("match attempt 1 failed, retry in 1.0 s"))
        #expect(lines.all.contains("match done after 2 attempt(s), status 200"))
    }

    @Test func aWrappingTransportAddsItsHeaderAndKeepsTheEarlyAnswer() async throws {
        // Given the article's wrapper around a scripted transport
        let inner = ScriptedTransport([.response(status: 200, json: #"{"ok":true}"#)])
        let transport = TracingTransport(wrapped: inner, traceId: "t-1")
        let early = SnippetLines()

        // When a request goes through its forwarding send(_:onAnswer:)
        let request = HTTPRequest(
            method: "GET", url: URL(string: "https://links.demo.test/demo/summer/data")!, timeout: 10)
        let response = try await transport.send(request, onAnswer: { answer in early.append("\(answer.status)") })

        // Then the header was added and the answer was handed over early too
        #expect(response.status == 200)
        #expect(await inner.requests.first?.header("x-trace-id") == "t-1")
        #expect(early.all == ["200"])
    }
}

/// Lines collected from a listener task, for the assertions.
final class SnippetLines: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `lines` is only touched while `lock` is held.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
