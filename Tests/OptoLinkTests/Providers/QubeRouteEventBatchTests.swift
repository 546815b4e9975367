import Foundation
import OptoLinkClientCore
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// QubeRoute's batched events when the backend refuses or fails a batch: an outage of 503s drops nothing,
/// and an event the backend refuses (4xx) or cannot take (500) is found by sending the batch in halves, so
/// it goes alone and only it is dropped.
@Suite("QubeRoute events: refused and failing batches")
struct QubeRouteEventBatchTests {
    /// The names of the events in a POST /api/v1/sdk/events.
    static func names(_ request: HTTPRequest) -> [String] {
        request.jsonBody?["events"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    /// A later launch whose first send finds no network and whose later ones are answered `answer(names)`.
    /// The failure is the first call's, not a flag the test flips: whether the queue's retry wait or the
    /// test's flush comes first, exactly one request goes before the answers.
    static func device(answer: @escaping @Sendable ([String]) -> HTTPResponse) -> TestDevice {
        let calls = Recorder<Int>()
        return QubeRouteTests.laterLaunch(
            ScriptedTransport { request in
                calls.record(calls.all.count + 1)
                guard calls.all.count > 1 else { throw URLError(.notConnectedToInternet) }
                return answer(names(request))
            })
    }

    /// Tracks `names` while the first send fails, so they wait together; returns once that try's pass is
    /// over (or, when the queue was already waiting to retry, once the pass after it is).
    static func trackOffline(_ names: [String], sdk: OptoLink, device: TestDevice) async {
        for name in names { #expect(await sdk.trackEvent(name)) }
        await device.transport.waitForRequests(1)
        await sdk.flushEvents()
    }

    @Test func anOutageOf503sDropsNothingHoweverLongItLasts() async throws {
        // Given a backend that answers every batch 503 (no request-level retries: the queue's own count)
        let device = QubeRouteTests.laterLaunch(QubeRouteTests.transport(events: { Fixtures.response(503, "{}") }))
        let advancing = autoAdvance(device.clock)
        defer { advancing.cancel() }
        let sdk = device.start(
            try OptoLinkConfiguration.quberoute(publishableKey: QubeRouteTests.key, retry: RetryPolicy(maxRetries: 0)))
        for name in ["a", "b", "c"] { #expect(await sdk.trackEvent(name)) }

        // When it is tried well past the 20 answers that drop a poison event
        for _ in 0..<(EventQueue.maxFailures + 5) { await sdk.flushEvents() }

        // Then every event is still queued, none was charged a failure, and each try after the first (which
        // may have gone before "b" and "c" were tracked) carried all three
        let queued = await sdk.queuedEventCount()
        await sdk.shutdown()
        #expect(queued == 3)
        #expect(device.environment.eventStore.load().allSatisfy { $0.failures == 0 })
        let requests = await device.transport.requests
        #expect(requests.count > EventQueue.maxFailures)
        #expect(requests.dropFirst().allSatisfy { Self.names($0) == ["a", "b", "c"] })
    }

    @Test func anEventTheBackendRefusesIsDroppedAloneAndTheOthersInItsBatchAreDelivered() async throws {
        // Given a backend that refuses (400) any batch holding "bad"
        let device = Self.device { names in
            names.contains("bad")
                ? Fixtures.response(400, #"{"error":{"code":"invalid","message":"events[1].valueMinor"}}"#)
                : Fixtures.response(200, #"{"accepted":[],"duplicates":[]}"#)
        }
        let sdk = device.start(
            try OptoLinkConfiguration.quberoute(publishableKey: QubeRouteTests.key, retry: RetryPolicy(maxRetries: 0)))
        let diagnostics = sdk.diagnostics
        await Self.trackOffline(["a", "bad", "c"], sdk: sdk, device: device)

        // When the three are sent as one batch
        await sdk.flushEvents()
        let left = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then the batch went again in halves until "bad" went alone: only it was dropped
        #expect(left == 0)
        let sent = await device.transport.requests.dropFirst().map(Self.names)
        #expect(sent == [["a", "bad", "c"], ["a"], ["bad", "c"], ["bad"], ["c"]])
        let dropped = await collect(diagnostics).compactMap { diagnostic -> String? in
            if case .eventDropped(let name, _) = diagnostic.kind { return name } else { return nil }
        }
        #expect(dropped == ["bad"])
    }

    @Test func aPoisonEventInABatchIsChargedAloneAndTheOthersAreDelivered() async throws {
        // Given a backend that answers 500 to any batch holding "poison"
        let device = Self.device { names in
            names.contains("poison")
                ? Fixtures.response(500, "{}") : Fixtures.response(200, #"{"accepted":[],"duplicates":[]}"#)
        }
        let sdk = device.start(
            try OptoLinkConfiguration.quberoute(
                publishableKey: QubeRouteTests.key, retry: RetryPolicy(maxRetries: 0), timeout: 1_000_000_000))
        let diagnostics = sdk.diagnostics
        await Self.trackOffline(["a", "poison", "c"], sdk: sdk, device: device)
        let advancing = autoAdvance(device.clock, by: 60)
        defer { advancing.cancel() }

        // When it is sent until the queue is empty
        for _ in 0..<(EventQueue.maxFailures + 10) where await sdk.queuedEventCount() > 0 { await sdk.flushEvents() }
        let left = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then "a" and "c" were delivered, and "poison" alone was dropped after 20 failed sends of its own
        #expect(left == 0)
        let sent = await device.transport.requests.dropFirst().map(Self.names)
        #expect(sent.filter { $0 == ["poison"] }.count == EventQueue.maxFailures)
        #expect(sent.contains(["a"]) && sent.last == ["c"])
        let dropped = await collect(diagnostics).compactMap { diagnostic -> String? in
            if case .eventDropped(let name, let reason) = diagnostic.kind {
                return "\(name): \(reason)"
            } else {
                return nil
            }
        }
        #expect(dropped.count == 1 && dropped[0].hasPrefix("poison: gave up after 20 failed sends"), "\(dropped)")
    }

    @Test func aValueAJSONNumberCannotCarryExactlyIsRefusedAtTrackEvent() async throws {
        // Given QubeRoute
        let device = QubeRouteTests.laterLaunch(QubeRouteTests.transport())
        let logs = Recorder<String>()
        let sdk = device.start(try QubeRouteTests.configuration(logger: { _, message in logs.record(message) }))

        // When values beyond 2^53 - 1 are tracked, and the largest that is not
        let tooLarge = try await #require(sdk.quberoute).trackEvent("big", valueMinor: Int.max, currency: "GBP")
        let tooSmall = try await #require(sdk.quberoute).trackEvent(
            "big", valueMinor: -9_007_199_254_740_992, currency: "GBP")
        let largest = try await #require(sdk.quberoute).trackEvent(
            "ok", valueMinor: 9_007_199_254_740_991, currency: "GBP")
        await sdk.flushEvents()
        await sdk.shutdown()

        // Then the first two are refused before the queue, saying why; the last is sent with its exact value
        #expect(!tooLarge && !tooSmall && largest)
        #expect(logs.all.filter { $0.contains("trackEvent refused") && $0.contains("2^53") }.count == 2)
        let events = await device.transport.requests.compactMap { $0.jsonBody?["events"]?.arrayValue }.flatMap { $0 }
        #expect(events.map { $0["valueMinor"] } == [.number(9_007_199_254_740_991)])
    }
}
