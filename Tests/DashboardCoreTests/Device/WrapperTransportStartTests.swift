import Foundation
import OptoLink
import OptoLinkTesting
import TestSupport
import Testing

@testable import DashboardCore

/// The simulated device's wrapper transports forward `start` (what every SDK attempt uses), so its
/// attempts reach URLSession's callback as an app's do, instead of the protocol's default, which runs
/// `send` in a task of its own.
@Suite("Dashboard wrapper transports forward start")
struct WrapperTransportStartTests {
    /// Counts starts and sends and keeps the requests it was started with; answers `status` at once, or
    /// fails with `URLError(.timedOut)` when `status` is nil.
    struct CountingTransport: HTTPTransport {
        let status: Int?
        let started = Recorder<HTTPRequest>()
        let sends = Recorder<Void>()

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sends.record(())
            guard let status else { throw URLError(.timedOut) }
            return HTTPResponse(status: status)
        }

        func start(
            _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
            completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
        ) -> @Sendable () -> Void {
            started.record(request)
            guard let status else {
                completion(.failure(URLError(.timedOut)))
                return {}
            }
            let answer = HTTPResponse(status: status)
            onAnswer(answer)
            completion(.success(answer))
            return {}
        }
    }

    static let request = HTTPRequest(
        method: "POST", url: URL(string: "http://127.0.0.1:9/api/links/resolve")!, headers: [:], body: Data("{}".utf8),
        timeout: 3)

    /// The device's stack as `SimulatedDevice` builds it: addresses outside, the recorder innermost.
    static func stack(over base: CountingTransport, log: ExchangeLog) -> ForwardedForTransport {
        ForwardedForTransport(
            base: RecordingTransport(base: base, log: log, clock: ManualClock(start: 100)),
            address: { "127.8.0.1" }, appLanguage: { "de-DE" })
    }

    @Test func anAttemptStartsOnTheWrappedTransportWithTheDevicesHeadersAndIsRecorded() async {
        // Given the device's wrappers over a transport that answers 200
        let base = CountingTransport(status: 200)
        let log = ExchangeLog()
        let outcomes = Recorder<Int>()
        let answers = Recorder<Int>()
        // When an attempt is started through them
        _ = Self.stack(over: base, log: log).start(
            Self.request, onAnswer: { answers.record($0.status) },
            completion: { result in outcomes.record((try? result.get().status) ?? -1) })
        await outcomes.waitForCount(1)
        // Then the wrapped transport was started, not sent to, with the simulated device's headers
        #expect(base.started.all.count == 1)
        #expect(base.sends.all.isEmpty)
        let sent = base.started.all.first?.headers ?? [:]
        #expect(sent["X-Forwarded-For"] == "127.8.0.1")
        #expect(sent["Accept-Language"] == "de-DE")
        #expect(sent["User-Agent"] == ForwardedForTransport.appUserAgent)
        // and the early answer, the completion and the log's record each came once
        #expect(answers.all == [200])
        #expect(outcomes.all == [200])
        #expect(log.unclaimed.map { $0.response?.status } == [200])
        #expect(log.unclaimed.first?.start == 100)
        #expect(log.unclaimed.first?.request.headers["X-Forwarded-For"] == "127.8.0.1")
    }

    @Test func aFailedAttemptIsRecordedWithItsErrorAndNoAnswer() async {
        // Given the device's wrappers over a transport that times out
        let base = CountingTransport(status: nil)
        let log = ExchangeLog()
        let outcomes = Recorder<String>()
        let answers = Recorder<Int>()
        // When an attempt is started through them
        _ = Self.stack(over: base, log: log).start(
            Self.request, onAnswer: { answers.record($0.status) },
            completion: { result in
                if case .failure(let error) = result { outcomes.record(RecordingTransport.describe(error)) }
            })
        await outcomes.waitForCount(1)
        // Then the failure reached the caller and the log, and no answer was handed on
        #expect(base.started.all.count == 1)
        #expect(base.sends.all.isEmpty)
        #expect(outcomes.all == ["URLError -1001"])
        #expect(answers.all.isEmpty)
        #expect(log.unclaimed.map(\.error) == ["URLError -1001"])
        #expect(log.unclaimed.first?.response == nil)
    }
}
