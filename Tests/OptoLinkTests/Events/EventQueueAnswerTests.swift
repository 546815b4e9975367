import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each answer to `/sdk/events` does to the queue.
@Suite("Event queue: answers, pauses, give-ups, the retry timer")
struct EventQueueAnswerTests {
    /// A later launch whose events answer from `events` (session always 200).
    static func device(_ events: Script<HTTPResponse>) -> TestDevice {
        EventQueueTests.device(events: events)
    }

    static func logs(_ recorder: Recorder<String>, level wanted: LogLevel) -> OptoLinkLogger {
        { level, message in if level == wanted { recorder.record(message) } }
    }

    @Test(arguments: [401, 403])
    func aKeyOrTierProblemPausesTheQueueKeepsTheEventsAndWarnsOnce(status: Int) async throws {
        // Given a backend that refuses the key, then accepts it again
        let script = Script<HTTPResponse>(
            [Fixtures.response(status, #"{"message":"Invalid API key"}"#)],
            fallback: Fixtures.response(200, Fixtures.okJSON))
        let device = Self.device(script)
        let warnings = Recorder<String>()
        let sdk = device.start(Fixtures.configuration(maxRetries: 0, logger: Self.logs(warnings, level: .warning)))

        let diagnostics = sdk.diagnostics

        // When events are tracked
        #expect(await sdk.trackEvent("a"))
        _ = await waitFor(diagnostics) { kind in
            if case .log(.warning, let message) = kind { return message.contains("paused") } else { return false }
        }
        #expect(await sdk.trackEvent("b"))
        #expect(await sdk.trackEvent("c"))

        // Then the queue is paused: nothing more is sent, everything is kept, one warning, no wait scheduled
        #expect(await sdk.queuedEventCount() == 3)
        #expect(device.store.events.names == ["a", "b", "c"])
        #expect(await EventQueueTests.sentNames(device.transport) == ["a"])
        #expect(warnings.all.filter { $0.contains("paused") }.count == 1)
        #expect(device.clock.requestedSleeps.isEmpty)

        // When the app flushes (a fixed key, say), the queue resumes
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        #expect(await EventQueueTests.sentNames(device.transport) == ["a", "a", "b", "c"])
    }

    @Test func aPausedQueueResumesOnTheNextLaunch() async throws {
        let script = Script<HTTPResponse>(
            [Fixtures.response(401, #"{"message":"Invalid API key"}"#)],
            fallback: Fixtures.response(200, Fixtures.okJSON))
        let device = Self.device(script)
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        let diagnostics = sdk.diagnostics
        #expect(await sdk.trackEvent("a"))
        let paused = await waitFor(diagnostics) { kind in
            if case .log(.warning, let message) = kind { return message.contains("paused") } else { return false }
        }
        #expect(paused != nil)
        await sdk.shutdown()

        let next = TestDevice(transport: DeferredSequenceTests.answering(), store: device.store)
        let sdk2 = next.start()
        await sdk2.flushEvents()
        #expect(await sdk2.queuedEventCount() == 0)
        await sdk2.shutdown()
        #expect(await EventQueueTests.sentNames(next.transport) == ["a"])
    }

    struct RetryRow: Sendable, CustomTestStringConvertible {
        var status: Int
        var headers: [String: String]
        var wait: TimeInterval
        var testDescription: String { "\(status) \(headers)" }
    }

    static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    static let retryRows: [RetryRow] = {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let dated = [
            "Date": dateFormatter.string(from: date),
            "Retry-After": dateFormatter.string(from: date.addingTimeInterval(12)),
        ]
        return [
            RetryRow(status: 408, headers: [:], wait: 1),
            RetryRow(status: 425, headers: ["Retry-After": "4"], wait: 4),
            RetryRow(status: 429, headers: ["Retry-After": "9"], wait: 9),
            RetryRow(status: 500, headers: [:], wait: 1),
            RetryRow(status: 503, headers: ["Retry-After": "7"], wait: 7),
            RetryRow(status: 503, headers: dated, wait: 12),  // HTTP-date, against the answer's Date
            RetryRow(status: 503, headers: ["Retry-After": "3600"], wait: 30),  // capped by maxBackoff
        ]
    }()

    @Test(arguments: retryRows)
    func retryableAnswersAreRetriedHonouringRetryAfterCappedByMaxBackoff(_ row: RetryRow) async throws {
        // Given one retryable answer, then success
        let script = Script<HTTPResponse>(
            [Fixtures.response(row.status, "{}", headers: row.headers)],
            fallback: Fixtures.response(200, Fixtures.okJSON))
        let device = Self.device(script)
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))

        // When an event is tracked
        #expect(await sdk.trackEvent("a"))
        await device.clock.waitForSleepers(1)

        // Then it is kept and retried after the answer's wait
        #expect(device.clock.requestedSleeps == [row.wait])
        #expect(await sdk.queuedEventCount() == 1)
        await device.clock.advance(by: row.wait)
        await device.transport.waitForRequests(3)
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        #expect(await EventQueueTests.sentNames(device.transport) == ["a", "a"])
    }

    @Test func anySuccessIsADeliveryWhateverItsBody() async throws {
        let script = Script<HTTPResponse>(
            [
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Welcome</html>".utf8)),
                HTTPResponse(status: 204), HTTPResponse(status: 202, body: Data("{\"ok\":".utf8)),
            ], fallback: Fixtures.response(200, Fixtures.okJSON))
        let device = Self.device(script)
        let sdk = device.start()
        for name in ["a", "b", "c"] { #expect(await sdk.trackEvent(name)) }
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        #expect(await EventQueueTests.sentNames(device.transport) == ["a", "b", "c"])
    }

    @Test func anEventThatFailedTwentyTimesIsDroppedWithADiagnosticCountingIt() async throws {
        // Given a backend that always fails "poison" with a 500, and accepts the rest
        let transport = routedTransport { endpoint, request in
            guard endpoint == .events else { return Fixtures.response(200, Fixtures.sessionJSON) }
            return request.jsonBody?["eventName"] == "poison"
                ? Fixtures.response(500, "{}") : Fixtures.response(200, Fixtures.okJSON)
        }
        let device = TestDevice(transport: transport)
        device.store.set(true, forKey: LaunchState.key)
        let errors = Recorder<String>()
        // (An attempt's deadline sleeps on the same manual clock the driver advances by 60 s whenever something
        // sleeps: with the default 10 s timeout a send still in flight could be timed out by the driver, a
        // no-answer that does not count, and sent once more. A timeout beyond every advance keeps it out.)
        let sdk = device.start(
            Fixtures.configuration(timeout: 1_000_000_000, maxRetries: 0, logger: Self.logs(errors, level: .error)))
        let diagnostics = sdk.diagnostics
        let driver = autoAdvance(device.clock, by: 60)
        defer { driver.cancel() }

        // When it is tracked before another event
        #expect(await sdk.trackEvent("poison"))
        #expect(await sdk.trackEvent("fine"))
        let dropped = await waitFor(diagnostics) { kind in
            if case .eventDropped(name: "poison", _) = kind { return true } else { return false }
        }
        await sdk.flushEvents()

        // Then it was tried exactly 20 times, dropped with the count, and the next event went through
        let reason = try #require(
            dropped.flatMap { diagnostic -> String? in
                if case .eventDropped(_, let reason) = diagnostic.kind { return reason } else { return nil }
            })
        #expect(reason.contains("20 failed"))
        #expect(errors.all.contains { $0.contains("poison") && $0.contains("20") })
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        let sent = await EventQueueTests.sentNames(device.transport)
        #expect(sent.filter { $0 == "poison" }.count == EventQueue.maxFailures)
        #expect(sent.last == "fine")
    }

    /// A 500 counts against the event, in the store (so across launches); a 502, 503 or 504 says the
    /// backend or its gateway is unavailable, and counts against nothing.
    @Test(arguments: [(500, 2), (502, 0), (503, 0), (504, 0)])
    func failuresAreCountedAcrossLaunches(status: Int, counted: Int) async throws {
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let failing = TestDevice(
            transport: routedTransport { endpoint, _ in
                endpoint == .events ? Fixtures.response(status, "{}") : Fixtures.response(200, Fixtures.sessionJSON)
            }, store: store)
        let sdk = failing.start(Fixtures.configuration(maxRetries: 0))
        #expect(await sdk.trackEvent("a"))
        await failing.clock.waitForSleepers(1)
        await sdk.flushEvents()
        await sdk.shutdown()
        #expect(store.events.events.first?.failures == counted)
        #expect(await failing.transport.requests.filter { $0.url.path.hasSuffix("/sdk/events") }.count == 2)
    }

    @Test func aTimerThatFiresAsFlushCancelsItDoesNotSkipTheNextWait() async throws {
        // Given an event kept after a 503, waiting 1 s on a clock whose cancellations come too late
        let clock = LateTimerClock()
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let transport = routedTransport { endpoint, _ in
            endpoint == .events ? Fixtures.response(503, "{}") : Fixtures.response(200, Fixtures.sessionJSON)
        }
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone, transport: transport,
            clock: clock)
        let sdk = OptoLink.start(configuration: Fixtures.configuration(maxRetries: 0), environment: environment)
        #expect(await sdk.trackEvent("a"))
        await clock.waitForRequests(1)

        // When the app flushes (the send fails again: a 2 s wait now) and the old 1 s timer fires anyway
        await sdk.flushEvents()
        await clock.waitForRequests(2)
        #expect(clock.requestedSleeps == [1, 2])
        clock.fire(0)
        for _ in 0..<2000 { await Task.yield() }

        // Then the stale timer sends nothing: the next send waits for the 2 s wait
        #expect(await EventQueueTests.sentNames(transport) == ["a", "a"])
        clock.fire(1)
        await clock.waitForRequests(3)
        #expect(await EventQueueTests.sentNames(transport) == ["a", "a", "a"])
        #expect(clock.requestedSleeps == [1, 2, 4])
        await sdk.shutdown()
    }
}
