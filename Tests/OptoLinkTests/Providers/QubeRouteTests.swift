import Foundation
import OptoLinkClientCore
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// QubeRoute (seed 001) through the one facade: the request bytes read back from the recording
/// transport, and the answers' mapping. Every answer is the seed's own example shape.
@Suite("QubeRoute provider")
struct QubeRouteTests {
    static let key = "qr_live_demo_publishable_0001"

    static func configuration(logLevel: LogLevel = .warning, logger: OptoLinkLogger? = nil) throws
        -> OptoLinkConfiguration
    {
        try OptoLinkConfiguration.quberoute(
            publishableKey: key, links: .init(domains: ["go.example.com"]),
            logging: .init(level: logLevel, logger: logger))
    }

    /// The seed's `ResolveResponse` with a link, for `confidence` and `reason`.
    static func linkJSON(confidence: Double, reason: String) -> String {
        #"{"link":{"url":"https://shop.example.com/products/spring-box?ref=qr","alias":"spring","#
            + #""data":{"sku":"spring-box","promo":"SPRING"},"campaign":"spring-sale","channel":"email","#
            + #""feature":"share"},"confidence":\#(confidence),"#
            + #""reason":"\#(reason)","attributed":true,"installId":"inst_42"}"#
    }

    /// A transport answering QubeRoute's three routes; `match` and `events` answers can be overridden.
    static func transport(
        resolve: @escaping @Sendable () -> HTTPResponse = {
            Fixtures.response(200, linkJSON(confidence: 1, reason: "direct"))
        },
        match: @escaping @Sendable () -> HTTPResponse = {
            Fixtures.response(200, #"{"link":null,"confidence":0,"reason":"no_match","attributed":false}"#)
        },
        events: @escaping @Sendable () -> HTTPResponse = { Fixtures.response(200, #"{"accepted":[],"duplicates":[]}"#) }
    ) -> ScriptedTransport {
        ScriptedTransport { request in
            switch request.url.path {
            case "/api/v1/sdk/resolve": return resolve()
            case "/api/v1/sdk/match": return match()
            case "/api/v1/sdk/events": return events()
            default: return Fixtures.response(404, #"{"error":{"code":"not_found","message":"no route"}}"#)
            }
        }
    }

    static func laterLaunch(_ transport: ScriptedTransport) -> TestDevice {
        let device = TestDevice(transport: transport)
        device.store.set(true, forKey: LaunchState.key)
        return device
    }

    // MARK: Configuration

    @Test func aSecretKeyIsRefusedAtConfiguration() {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.quberoute(publishableKey: "qr_sk_live_secret")
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.quberoute(publishableKey: "opl_sdk_demo")
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.quberoute(publishableKey: "qr_live_")
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.quberoute(publishableKey: "qr_test_has space")
        }
        do {
            _ = try OptoLinkConfiguration.quberoute(publishableKey: "qr_sk_abc")
        } catch {
            #expect(error.message.contains("secret key"))
        }
    }

    @Test func publishableKeysOfBothEnvironmentsAreAcceptedWithTheSeedsDefaults() throws {
        // Given both environments' keys
        let live = try OptoLinkConfiguration.quberoute(publishableKey: " qr_live_abc\n")
        let test = try OptoLinkConfiguration.quberoute(publishableKey: "qr_test_abc")

        // Then the key is kept as given, and the defaults are the seed's: 3 s, a queue of 100, no clipboard
        #expect(live.credentials.key == "qr_live_abc")
        #expect(test.credentials.key == "qr_test_abc")
        #expect(live.service == .quberoute)
        #expect(live.baseURL.absoluteString == "https://app.quberoute.com")
        #expect(live.timeout == 3)
        #expect(live.events?.queueCapacity == 100)
        #expect(live.clipboardReading == .never)
        #expect(live.retry.alsoRetriedStatuses == [429])
        #expect(!live.hasSameSettings(as: test))
    }

    // MARK: Install token

    @Test func theInstallTokenIsAUUIDWithoutHyphensMadeOnceAndKept() async throws {
        // Given an install
        let device = Self.laterLaunch(Self.transport())
        let first = device.start(try Self.configuration())
        let token = first.deviceId
        await first.shutdown()

        // When the app starts again on the same store
        let second = device.start(try Self.configuration())
        await second.shutdown()

        // Then the token is 32 hexadecimal digits, a UUID without its hyphens, stored and reused
        #expect(token.count == 32)
        #expect(!token.contains("-"))
        #expect(UUID(uuidString: Self.hyphenated(token)) != nil)
        #expect(device.store.string(forKey: QubeRouteProvider.installTokenKey) == token)
        #expect(second.deviceId == token)
    }

    static func hyphenated(_ token: String) -> String {
        let characters = Array(token)
        var parts: [String] = []
        var start = 0
        for length in [8, 4, 4, 4, 12] {
            parts.append(String(characters[start..<min(start + length, characters.count)]))
            start += length
        }
        return parts.joined(separator: "-")
    }

    // MARK: Direct open

    @Test func aDirectOpenPostsResolveWithTheURLAndTheInstallToken() async throws {
        // Given a later launch
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration())
        let links = sdk.links

        // When a link on the link host opens the app
        let url = URL(string: "https://go.example.com/spring?utm_source=mail")!
        let link = try #require(await sdk.handle(url: url))
        await sdk.shutdown()

        // Then one POST /api/v1/sdk/resolve went out, Bearer key, JSON {url, installToken}
        let requests = await device.transport.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "https://app.quberoute.com/api/v1/sdk/resolve")
        #expect(request.header("Authorization") == "Bearer \(Self.key)")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-API-Key") == nil)
        #expect(request.timeout == 3)
        #expect(request.jsonBody == ["url": .string(url.absoluteString), "installToken": .string(sdk.deviceId)])
        // And the answer maps into OptoLinkData, the service's fields kept
        #expect(link.path == "/products/spring-box")
        #expect(link.params == ["sku": "spring-box", "promo": "SPRING"])
        #expect(link.matchType == .direct)
        #expect(link.isDeferred == false)
        #expect(link.service == .quberoute)
        #expect(link.linkId == "spring")
        #expect(link.confidenceScore == 1)
        #expect(link.confidence == .exact)
        #expect(link.reason == "direct")
        #expect(link.providerFields["campaign"] == "spring-sale")
        #expect(link.providerFields["channel"] == "email")
        #expect(link.providerFields["feature"] == "share")
        #expect(link.providerFields["url"] == "https://shop.example.com/products/spring-box?ref=qr")
        #expect(link.providerFields["attributed"] == true)
        #expect(link.providerFields["installId"] == "inst_42")
        #expect(await collect(links) == [link])
    }

    @Test func aURLOffTheLinkHostsIsNotOursAndSendsNothing() async throws {
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration())
        #expect(!sdk.canHandle(url: URL(string: "https://elsewhere.example.com/spring")!))
        #expect(!sdk.canHandle(url: URL(string: "https://go.example.com/")!))
        #expect(await sdk.handle(url: URL(string: "https://elsewhere.example.com/spring")!) == nil)
        await sdk.shutdown()
        #expect(await device.transport.requests.isEmpty)
    }

    @Test func aURLWithTheAppsSchemeIsReadLocallyWithoutARequest() async throws {
        // Given QubeRoute configured with the app's scheme
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(
            try .quberoute(publishableKey: Self.key, links: .init(domains: ["go.example.com"], urlSchemes: ["MyApp"])))
        let links = sdk.links

        // When a scheme URL opens the app
        let url = URL(string: "myapp://products/1234?ref=mail")!
        let link = try #require(await sdk.handle(url: url))
        await sdk.shutdown()

        // Then it routes by the URL, as every service that resolves links does, and nothing is sent
        #expect(sdk.canHandle(url: url))
        #expect(link.path == "/products/1234")
        #expect(link.params == ["ref": "mail"])
        #expect(link.matchType == .customScheme)
        #expect(link.service == .quberoute)
        #expect(await collect(links).map(\.path) == ["/products/1234"])
        #expect(await device.transport.requests.isEmpty)
    }

    @Test func anAnswerWithoutALinkDeliversNothing() async throws {
        let device = Self.laterLaunch(
            Self.transport(resolve: { Fixtures.response(200, #"{"link":null,"reason":"unknown_url"}"#) }))
        let sdk = device.start(try Self.configuration())
        let links = sdk.links
        #expect(await sdk.handle(url: URL(string: "https://go.example.com/gone")!) == nil)
        await sdk.shutdown()
        #expect(await collect(links).isEmpty)
    }

    @Test func resolveIsRetriedOn429And5xxAndGivesUpOnOther4xx() async throws {
        // Given answers 429, then 503, then the link
        let answers = Recorder<Int>()
        let statuses = StatusScript([429, 503, 200])
        let retried = Self.transport(resolve: {
            let next = statuses.next()
            answers.record(next)
            return next == 200
                ? Fixtures.response(200, Self.linkJSON(confidence: 1, reason: "direct"))
                : Fixtures.response(next, #"{"error":{"code":"busy","message":"try later"}}"#)
        })
        let device = Self.laterLaunch(retried)
        let sdk = device.start(try Self.configuration())
        let advancing = autoAdvance(device.clock)
        // When the link is opened
        let link = await sdk.handle(url: URL(string: "https://go.example.com/spring")!)
        advancing.cancel()
        await sdk.shutdown()
        // Then the 429 and the 503 were retried and the third attempt delivered
        #expect(link?.path == "/products/spring-box")
        #expect(answers.all == [429, 503, 200])

        // Given a 404 (another 4xx)
        let refused = Self.laterLaunch(
            Self.transport(resolve: { Fixtures.response(404, #"{"error":{"code":"not_found","message":"no link"}}"#) }))
        let other = refused.start(try Self.configuration())
        #expect(await other.handle(url: URL(string: "https://go.example.com/spring")!) == nil)
        await other.shutdown()
        // Then it was asked once
        #expect(await refused.transport.requests.count == 1)
    }

    // MARK: First launch

    @Test func theFirstLaunchAsksMatchOnceRecordedBeforeTheCallAndKeepsConfidenceAndReason() async throws {
        // Given a fresh install; the transport notes whether the flag was set when /match arrived
        let device = TestDevice(transport: ScriptedTransport())
        let flagAtCall = Recorder<Bool>()
        let store = device.store
        let transport = ScriptedTransport { request in
            if request.url.path == "/api/v1/sdk/match" {
                flagAtCall.record(store.bool(forKey: LaunchState.key))
                return Fixtures.response(200, Self.linkJSON(confidence: 0.72, reason: "fingerprint"))
            }
            return Fixtures.response(404, "{}")
        }
        let fresh = TestDevice(transport: transport, store: store)
        let sdk = fresh.start(try Self.configuration())
        let links = sdk.links

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())
        await sdk.shutdown()

        // Then /match carried only the install token, the flag was set before it, and the link is deferred
        let requests = await transport.requests
        #expect(requests.map(\.url.path) == ["/api/v1/sdk/match"])
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.header("Authorization") == "Bearer \(Self.key)")
        #expect(request.jsonBody == ["installToken": .string(sdk.deviceId)])
        #expect(flagAtCall.all == [true])
        #expect(link.isDeferred)
        #expect(link.confidenceScore == 0.72)
        #expect(link.confidence == .medium)
        #expect(link.reason == "fingerprint")
        #expect(link.matchType == .fingerprintScored)
        #expect(await collect(links) == [link])

        // And the next launch asks nothing (no second /match, no /sdk/session)
        let next = fresh.start(try Self.configuration())
        #expect(await next.resolveDeferredLink() == nil)
        await next.shutdown()
        #expect(await transport.requests.count == 1)
    }

    @Test func aMatchThatFailsIsNotAskedAgainOnTheNextLaunch() async throws {
        // Given a first launch whose /match gets 503 on every attempt
        let device = TestDevice(
            transport: Self.transport(match: {
                Fixtures.response(503, #"{"error":{"code":"unavailable","message":"down"}}"#)
            }))
        let advancing = autoAdvance(device.clock)
        let sdk = device.start(try Self.configuration())
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()
        advancing.cancel()
        let attempts = await device.transport.requests.count

        // When the app launches again
        let next = device.start(try Self.configuration())
        #expect(await next.resolveDeferredLink() == nil)
        await next.shutdown()

        // Then the failed first launch was retried within itself (3 attempts) but never asked again
        #expect(attempts == 3)
        #expect(await device.transport.requests.count == 3)
    }

    @Test func theSDKHasNoSessionOrIdentityForQubeRoute() async throws {
        let logs = Recorder<String>()
        let device = Self.laterLaunch(Self.transport())
        let sdk = device.start(try Self.configuration(logger: { _, message in logs.record(message) }))
        #expect(await sdk.setIdentity("user-1") == false)
        #expect(await sdk.clearIdentity() == false)
        await sdk.shutdown()
        #expect(await device.transport.requests.isEmpty)
        #expect(logs.all.contains { $0.contains("QubeRoute does not bind devices to users") })
    }

    // MARK: Events

    @Test func eventsAreSentAsABatchWithTheirIdsValuesAndTimestamps() async throws {
        // Given a later launch whose first send finds no network (no request-level retries: the queue keeps
        // the events), and every later send gets through. The failure is the first call's, not a flag the test
        // flips: whether the worker's retry wait or the test's flush comes first then changes nothing.
        let calls = Recorder<Int>()
        let transport = ScriptedTransport { request in
            calls.record(calls.all.count + 1)
            guard calls.all.count > 1 else { throw URLError(.notConnectedToInternet) }
            return Fixtures.response(200, #"{"accepted":[],"duplicates":[]}"#)
        }
        let device = Self.laterLaunch(transport)
        let sdk = device.start(
            try OptoLinkConfiguration.quberoute(publishableKey: Self.key, retry: RetryPolicy(maxRetries: 0)))
        #expect(
            try await #require(sdk.quberoute).trackEvent(
                "purchase", valueMinor: 499, currency: "GBP", properties: ["sku": "spring-box"]))
        #expect(await sdk.trackEvent("open"))
        #expect(await sdk.trackEvent("share", properties: ["to": "mail"]))
        let queued = device.environment.eventStore.load()  // nothing is sent before the first try fails
        await transport.waitForRequests(1)

        // When the queue is flushed (once after the failed try, once more: nothing is left for it)
        await sdk.flushEvents()
        await sdk.flushEvents()
        let left = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then the last POST /api/v1/sdk/events carried all three, each with the id made at trackEvent
        let sent = await transport.requests
        #expect(
            sent.allSatisfy {
                $0.url.absoluteString == "https://app.quberoute.com/api/v1/sdk/events" && $0.method == "POST"
            })
        let last = try #require(sent.last)
        #expect(last.header("Authorization") == "Bearer \(Self.key)")
        let body = try #require(last.jsonBody)
        #expect(Set(body.keys) == ["installToken", "events"])
        #expect(body["installToken"] == .string(sdk.deviceId))
        let events = try #require(body["events"]?.arrayValue)
        #expect(events.count == 3)
        #expect(events.compactMap { $0["eventId"]?.stringValue } == queued.map(\.id))
        #expect(
            events.first == [
                "eventId": .string(queued[0].id), "name": "purchase", "valueMinor": 499, "currency": "GBP",
                "properties": ["sku": "spring-box"], "clientTimestamp": .string(queued[0].timestamp ?? "?"),
            ])
        #expect(
            events.dropFirst().first == [
                "eventId": .string(queued[1].id), "name": "open",
                "clientTimestamp": .string(queued[1].timestamp ?? "?"),
            ])
        // And the failed try before it sent the same events, ids and timestamps unchanged
        #expect(sent.count == 2)
        let first = try #require(sent.first?.jsonBody?["events"]?.arrayValue)
        #expect(!first.isEmpty && Array(events.prefix(first.count)) == first)
        #expect(left == 0)
    }

    @Test func aClientTimestampIsISO8601UTCWithMilliseconds() {
        // The seed's example instant and a date before 1970
        #expect(EventQueue.timestamp(Date(timeIntervalSince1970: 1_788_264_000)) == "2026-09-01T12:00:00.000Z")
        #expect(EventQueue.timestamp(Date(timeIntervalSince1970: 1_421_916_333.412)) == "2015-01-22T08:45:33.412Z")
        #expect(EventQueue.timestamp(Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
        #expect(EventQueue.timestamp(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
    }

    @Test func aValueWithoutACurrencyIsRefusedLocally() async throws {
        // Given QubeRoute
        let device = Self.laterLaunch(Self.transport())
        let logs = Recorder<String>()
        let sdk = device.start(try Self.configuration(logger: { _, message in logs.record(message) }))

        // When a value comes with no currency, or a malformed one
        let empty = try await #require(sdk.quberoute).trackEvent("purchase", valueMinor: 499, currency: "")
        let lower = try await #require(sdk.quberoute).trackEvent("purchase", valueMinor: 499, currency: "gbp")
        let long = try await #require(sdk.quberoute).trackEvent("purchase", valueMinor: 499, currency: "GBPX")
        let count = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then each is refused before the queue, and nothing is sent
        #expect(!empty && !lower && !long)
        #expect(count == 0)
        #expect(await device.transport.requests.isEmpty)
        #expect(logs.all.filter { $0.contains("trackEvent refused") }.count == 3)
        #expect(
            QubeRouteProvider(configuration: try Self.configuration(), key: Self.key, runner: Self.runner()).refusal(
                valueMinor: 1, currency: nil)
                == "a value requires a currency")
    }

    static func runner() -> RequestRunner {
        RequestRunner(
            transport: ScriptedTransport(), clock: ManualClock(), retryPolicy: RetryPolicy(), diagnostics: { _ in })
    }

    @Test func aRefusedBatchIsDroppedButA429IsKept() async throws {
        // Given events answered 429 first, then 400
        let statuses = StatusScript([429, 400])
        let transport = Self.transport(events: {
            let next = statuses.next()
            return Fixtures.response(
                next, #"{"error":{"code":"x","message":"x"}}"#, headers: next == 429 ? ["Retry-After": "1"] : [:])
        })
        let device = Self.laterLaunch(transport)
        let advancing = autoAdvance(device.clock)
        let sdk = device.start(
            try OptoLinkConfiguration.quberoute(publishableKey: Self.key, retry: RetryPolicy(maxRetries: 0)))
        #expect(await sdk.trackEvent("open"))
        await sdk.flushEvents()
        // The 429 kept it (a retry is scheduled): still queued
        let afterRateLimit = await sdk.queuedEventCount()
        await sdk.flushEvents()
        advancing.cancel()
        let afterRefusal = await sdk.queuedEventCount()
        await sdk.shutdown()
        #expect(afterRateLimit == 1)
        #expect(afterRefusal == 0)
        #expect(await transport.requests.count == 2)
    }
}

/// Statuses handed out in order, then 200.
///
/// `@unchecked Sendable` is safe: `statuses` is only touched while `lock` is held.
final class StatusScript: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int]

    init(_ statuses: [Int]) { self.statuses = statuses }

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return statuses.isEmpty ? 200 : statuses.removeFirst()
    }
}
