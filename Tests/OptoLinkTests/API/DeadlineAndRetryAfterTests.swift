import Foundation
import OptoLinkTesting
import TestSupport
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that never answers and ignores cancellation: a server trickling a byte every 9 s, as
/// far as the SDK can tell. Counts the calls that are still running.
actor TricklingTransport: HTTPTransport {
    private(set) var calls = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var held: [CheckedContinuation<HTTPResponse, Never>] = []

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        calls += 1
        for waiter in waiters { waiter.resume() }
        waiters = []
        return await withCheckedContinuation { held.append($0) }  // never resumed by cancellation
    }

    /// Suspends until `count` calls were made.
    func waitForCalls(_ count: Int) async {
        while calls < count { await withCheckedContinuation { waiters.append($0) } }
    }

    /// Lets every held call end (so the test leaves no suspended task behind).
    func release() {
        for call in held { call.resume(returning: HTTPResponse(status: 599)) }
        held = []
    }
}

/// `timeout` is a total deadline per attempt, enforced by the SDK on its clock; `Retry-After` and jitter
/// shape the retry waits.
@Suite("Attempt deadline, Retry-After, jitter")
struct DeadlineAndRetryAfterTests {
    static func kinds(_ recorder: Recorder<Diagnostic>) -> [Diagnostic.Kind] { recorder.all.map(\.kind) }

    /// How long each failed `/match` attempt lasted, as the SDK reported it.
    static func failedDurations(_ recorder: Recorder<Diagnostic>) -> [TimeInterval] {
        kinds(recorder).compactMap { kind in
            if case .requestFailed(_, .match, _, _, let duration) = kind { return duration } else { return nil }
        }
    }

    /// A `/match` started on `clock` against a backend that never finishes answering: the request's task, the
    /// transport and the diagnostics recorded.
    static func matchAgainstATrickle(clock: any OptoLinkClock, maxRetries: Int) throws -> (
        request: Task<OptoLinkData?, any Error>, transport: TricklingTransport, diagnostics: Recorder<Diagnostic>
    ) {
        let transport = TricklingTransport()
        let diagnostics = Recorder<Diagnostic>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(maxRetries: maxRetries), transport: transport, clock: clock,
            diagnostics: diagnostics.record)
        let request = Task {
            try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
        }
        return (request, transport, diagnostics)
    }

    @Test func anAttemptThatNeverEndsIsCutAtTheTimeoutAndRetried() async throws {
        // Given a backend that never finishes answering and ignores cancellation
        let clock = ManualClock()
        let (request, transport, diagnostics) = try Self.matchAgainstATrickle(clock: clock, maxRetries: 1)

        // When the SDK's clock passes the 10 s timeout, then the 1 s wait, then 10 s again
        await transport.waitForCalls(1)
        await clock.waitForTimeouts(1)
        await clock.advance(by: 9.9)
        #expect(await transport.calls == 1)
        await clock.advance(by: 0.1)
        await clock.waitForSleepers(1)
        await clock.advance(by: 1)
        await transport.waitForCalls(2)
        await clock.waitForTimeouts(1)
        await clock.advance(by: 10)

        // Then each attempt timed out at exactly 10 s and the request gave up, whatever the transport does
        let outcome = await request.result
        #expect(throws: OptoLinkError.timedOut) { try outcome.get() }
        #expect(clock.requestedSleeps == [1])
        #expect(clock.requestedTimeouts == [10, 10])
        let failures = Self.failedDurations(diagnostics)
        #expect(failures == [10, 10])
        await transport.release()
    }

    @Test func aTimedOutAttemptLastsUntilItsDeadlineNotUntilItsTaskResumes() async throws {
        // Given a deadline that passes at 1 s, and a process so busy that the request's task is resumed at 7 s
        let clock = LateResumeClock(deadlineAt: 1, resumedAt: 7)
        let (request, transport, diagnostics) = try Self.matchAgainstATrickle(clock: clock, maxRetries: 0)

        // When the deadline passes
        await transport.waitForCalls(1)
        await clock.fireDeadline()

        // Then the failed attempt is reported as lasting 1 s: it ended when its deadline passed
        await #expect(throws: OptoLinkError.timedOut) { try await request.value }
        let failures = Self.failedDurations(diagnostics)
        #expect(failures == [1])
        await transport.release()
    }

    @Test func anAnswerBeforeTheDeadlineCancelsTheTimer() async throws {
        let clock = ManualClock()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(),
            transport: ScriptedTransport([.response(status: 200, json: Fixtures.noMatchJSON)]), clock: clock)
        #expect(
            try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint) == nil)
        #expect(clock.requestedTimeouts.allSatisfy { $0 == 10 })  // the timer may be cancelled before it even starts
        #expect(clock.timeoutCount == 0)
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test func cancellingTheCallerStillCancelsTheAttempt() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport(fallback: .hang)
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: clock)
        let request = Task { try await api.linkData(shortCode: "summer", deviceId: nil) }
        await transport.waitForRequests(1)
        request.cancel()
        let outcome = await request.result
        #expect(throws: OptoLinkError.cancelled) { try outcome.get() }
        #expect(await transport.requests.count == 1)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var headers: [String: String]
        var waits: [TimeInterval]
        var testDescription: String { "\(headers)" }
    }

    static let rows: [Row] = [
        Row(headers: [:], waits: [1, 2]),  // parity: 1 s, 2 s
        Row(headers: ["Retry-After": "5"], waits: [5, 5]),
        Row(headers: ["Retry-After": "0"], waits: [1, 2]),  // never sooner than the backoff
        Row(headers: ["Retry-After": "120"], waits: [30, 30]),  // capped by maxBackoff
        Row(
            headers: ["Date": "Sun, 15 Mar 2026 10:00:00 GMT", "Retry-After": "Sun, 15 Mar 2026 10:00:07 GMT"],
            waits: [7, 7]),
    ]

    @Test(arguments: rows)
    func a503RetryAfterIsHonouredCappedByMaxBackoff(_ row: Row) async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport(
            [
                .response(status: 503, json: "{}", headers: row.headers),
                .response(status: 503, json: "{}", headers: row.headers),
            ],
            fallback: .response(status: 200, json: Fixtures.noMatchJSON))
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: clock)
        let driver = autoAdvance(clock, by: 60)
        defer { driver.cancel() }
        #expect(
            try await api.match(clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint) == nil)
        #expect(clock.requestedSleeps == row.waits)
    }

    @Test func a429IsNeverRetriedByTheAPIWhateverItsRetryAfter() async throws {
        let clock = ManualClock()
        let limited = ScriptedTransport.Answer.response(
            status: 429, json: #"{"message":"Retry after 3 second(s)"}"#, headers: ["Retry-After": "3"])
        let transport = ScriptedTransport(
            [limited, limited, limited], fallback: .response(status: 200, json: Fixtures.noMatchJSON))
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: clock)
        for call in 0..<3 {
            do {
                switch call {
                case 0:
                    _ = try await api.match(
                        clipboardToken: nil, deviceId: "device-1234", fingerprint: Fixtures.fingerprint)
                case 1: _ = try await api.linkData(shortCode: "summer", deviceId: nil)
                default: _ = try await api.registerSession(deviceId: "device-1234", fingerprint: nil)
                }
                Issue.record("call \(call) succeeded on a 429")
            } catch {
                #expect(error.status == 429)
                #expect(error.retryAfterSeconds == 3)
            }
        }
        #expect(await transport.requests.count == 3)
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test func jitterIsOffByDefaultAndFullWhenOn() {
        let exact = RetryPolicy()
        #expect(!exact.jitter)
        #expect((1...3).map(exact.delay(forRetry:)) == [1, 2, 4])
        let draws = Recorder<Int>()
        let jittered = RetryPolicy(
            maxRetries: 5, backoffBase: 1, maxBackoff: 30, jitter: true,
            random: {
                draws.record(1)
                return 0.25
            })
        // a quarter of 1, 2, 4 … 30, 30
        #expect((1...7).map(jittered.delay(forRetry:)) == [0.25, 0.5, 1, 2, 4, 7.5, 7.5])
        #expect(draws.all.count == 7)
        #expect(jittered.delay(forRetry: 1, retryAfter: 5) == 5)
        #expect(RetryPolicy(jitter: true, random: { 0.999 }).delay(forRetry: 1) < 1)
        // a broken source cannot go past the backoff
        #expect(RetryPolicy(jitter: true, random: { 7 }).delay(forRetry: 1) <= 1)
    }

    @Test func theConfigurationCarriesJitterToTheAPI() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, retry: RetryPolicy(jitter: true))
        #expect(configuration.retry.jitter)
        #expect(try OptoLinkAPI(configuration: configuration, transport: ScriptedTransport()).retryPolicy.jitter)
        #expect(
            try !OptoLinkAPI(configuration: Fixtures.configuration(), transport: ScriptedTransport()).retryPolicy.jitter
        )
    }
}

/// A clock on which a deadline passes at `deadlineAt`, on a thread of its own, and every other reading
/// after that is `resumedAt`: the process was so busy that the task waiting on the attempt was resumed
/// late. Before the deadline passes, it reads 0.
///
/// `@unchecked Sendable` is safe: `expiries`, `passed` and `deadlineThread` are only touched while `lock` is held.
private final class LateResumeClock: OptoLinkClock, @unchecked Sendable {
    private let lock = NSLock()
    /// The thread the deadline passes on, once it does.
    private var deadlineThread: pthread_t?
    private var expiries: [@Sendable () -> Void] = []
    private var passed = false
    private let deadlineAt: TimeInterval
    private let resumedAt: TimeInterval

    init(deadlineAt: TimeInterval, resumedAt: TimeInterval) {
        self.deadlineAt = deadlineAt
        self.resumedAt = resumedAt
    }

    func now() -> TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        if let deadlineThread, pthread_equal(deadlineThread, pthread_self()) != 0 { return deadlineAt }
        return passed ? resumedAt : 0
    }

    func sleep(for seconds: TimeInterval) async throws { try await CancellationGate().wait() }

    func startDeadline(after seconds: TimeInterval, expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        lock.withLock { expiries.append(expire) }
        return {}
    }

    /// Waits until a deadline was started, then passes every one on a thread of its own.
    func fireDeadline() async {
        while lock.withLock({ expiries.isEmpty }) { await Task.yield() }
        let due = lock.withLock {
            passed = true
            return expiries
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                self.lock.withLock { self.deadlineThread = pthread_self() }
                for expire in due { expire() }
                done.resume()
            }.start()
        }
    }
}
