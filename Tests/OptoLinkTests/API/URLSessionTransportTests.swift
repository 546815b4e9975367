import Foundation
import OptoLinkTesting
import TestSupport
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLSessionTransport")
struct URLSessionTransportTests {
    @Test func timeoutsAreWholeSecondsOfAtLeastOneOffApplePlatforms() {
        #if canImport(Darwin)
        #expect(URLSessionTransport.effectiveTimeout(0.5) == 0.5)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #else
        #expect(URLSessionTransport.effectiveTimeout(0.2) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1) == 1)
        #expect(URLSessionTransport.effectiveTimeout(1.1) == 2)
        #expect(URLSessionTransport.effectiveTimeout(10) == 10)
        #expect(URLSessionTransport.effectiveTimeout(0) == 1)
        #endif
    }
}

/// A loopback server answering 200 with `body` as JSON (and `headers`, each line ending in CRLF), then closing.
private func linkDataServer(_ body: String, headers: String = "") throws -> LoopbackServer {
    try LoopbackServer(
        reply: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(headers)"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
}

@Suite("URLSessionTransport on loopback")
struct URLSessionTransportLoopbackTests {
    @Test func sendsHeadersAndBodyAndReadsAnyStatus() async throws {
        let body = #"{"message":"Retry after 3 second(s)"}"#
        let server = try LoopbackServer(
            reply:
                "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                + "Retry-After: 3\r\nX-Request-Id: rq-7\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/match")!
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "POST", url: url, headers: ["X-API-Key": "opl_sdk_x", "Content-Type": "application/json"],
                body: Data("{}".utf8), timeout: 5))
        #expect(response.status == 429)
        #expect(response.header("retry-after") == "3")
        #expect(response.header("X-Request-Id") == "rq-7")
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("POST /match HTTP/1.1\r\n"))
        #expect(
            request.lowercased().contains("x-api-key: opl_sdk_x")
                || request.lowercased().contains("x-api-key:opl_sdk_x"))
    }

    @Test func theAnswerIsHandedOverFromTheCompletionHandlerBeforeSendReturns() async throws {
        let body = #"{"linkId":"l","path":"/p"}"#
        let server = try linkDataServer(body, headers: "X-Request-Id: rq-8\r\n")
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/demo/p/data")!
        let events = Recorder<String>()
        let handedOver = Recorder<HTTPResponse>()
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: url, headers: ["X-API-Key": "opl_sdk_x", "Accept": "application/json"], timeout: 5),
            onAnswer: { answer in
                // URLSession's completion handler runs on its own queue, outside any Swift task: the
                // protocol's default would call this from the waiting task after `send` returned.
                events.record(withUnsafeCurrentTask { $0 == nil } ? "answer outside any task" : "answer in a task")
                handedOver.record(answer)
            })
        events.record("returned")
        #expect(events.all == ["answer outside any task", "returned"])
        #expect(handedOver.all == [response])
        #expect(response.status == 200)
        // Header fields are converted when first read, and read the same.
        #expect(response.header("x-request-id") == "rq-8")
        #expect(response.headers["Content-Type"] == "application/json")
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("GET /demo/p/data HTTP/1.1\r\n"))
        #expect(request.lowercased().contains("accept: application/json"))
    }

    @Test func cancellingAHangingRequestThrowsCancelled() async throws {
        let server = try LoopbackServer(reply: nil)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/sdk/session")!
        let task = Task {
            try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url, timeout: 30))
        }
        await server.waitForRequest()
        task.cancel()
        let result = await task.result
        #expect(throws: URLError.self) { try result.get() }
        if case .failure(let error as URLError) = result { #expect(error.code == .cancelled) }
    }
}

/// `HTTPTransport.start(_:onAnswer:completion:)`: URLSessionTransport's own (no task per request) and
/// the protocol's default, which every attempt of the SDK goes through.
@Suite("Transports started with a completion")
struct TransportStartTests {
    /// How a started request ended, as a test records it (and whether that was inside a Swift task).
    static func completion(into events: Recorder<String>) -> @Sendable (Result<HTTPResponse, any Error>) -> Void {
        { result in
            let place = withUnsafeCurrentTask { $0 == nil } ? "outside any task" : "in a task"
            switch result {
            case .success(let response): events.record("completed \(response.status) \(place)")
            case .failure(let error as URLError): events.record("failed \(error.code.rawValue)")
            case .failure(let error): events.record("failed \(error)")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func urlSessionCompletesFromItsCallbackWithTheAnswerAfterHandingItOver() async throws {
        let server = try linkDataServer(#"{"linkId":"l","path":"/p"}"#)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/demo/p/data")!
        let outcomes = Recorder<String>()
        _ = URLSessionTransport().start(
            HTTPRequest(method: "GET", url: url, headers: ["Accept": "application/json"], timeout: 5),
            onAnswer: { answer in outcomes.record("answer \(answer.status)") },
            completion: Self.completion(into: outcomes))
        await outcomes.waitForCount(2)
        // The completion comes from URLSession's handler, not from a task the transport made.
        #expect(outcomes.all == ["answer 200", "completed 200 outside any task"])
        #expect(server.requests.first?.hasPrefix("GET /demo/p/data HTTP/1.1\r\n") == true)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingAStartedURLSessionRequestCompletesWithCancelled() async throws {
        let server = try LoopbackServer(reply: nil)
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/sdk/session")!
        let outcomes = Recorder<String>()
        let cancel = URLSessionTransport().start(
            HTTPRequest(method: "GET", url: url, timeout: 30), onAnswer: { _ in outcomes.record("answer") },
            completion: Self.completion(into: outcomes))
        await server.waitForRequest()
        cancel()
        await outcomes.waitForCount(1)
        #expect(outcomes.all == ["failed \(URLError.Code.cancelled.rawValue)"])
    }

    /// A transport with only `send`: the protocol's default `start` runs it in a task.
    struct AsyncOnlyTransport: HTTPTransport {
        let hold: Bool
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if hold { try await CancellationGate().wait() }
            return HTTPResponse(status: 204)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theDefaultStartRunsSendInATaskAndCancelsIt() async throws {
        let request = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/x")!, timeout: 5)
        let answered = Recorder<String>()
        _ = AsyncOnlyTransport(hold: false).start(
            request, onAnswer: { answer in answered.record("answer \(answer.status)") },
            completion: Self.completion(into: answered))
        await answered.waitForCount(2)
        #expect(answered.all == ["answer 204", "completed 204 in a task"])

        let held = Recorder<String>()
        let cancel = AsyncOnlyTransport(hold: true).start(
            request, onAnswer: { _ in held.record("answer") }, completion: Self.completion(into: held))
        cancel()
        await held.waitForCount(1)
        #expect(held.all == ["failed CancellationError()"])
    }

    /// Counts how the SDK sends: through `start` (what an attempt uses) or `send`.
    struct StartCountingTransport: HTTPTransport {
        let starts = Recorder<Void>()
        let sends = Recorder<Void>()

        var counts: (starts: Int, sends: Int) { (starts.all.count, sends.all.count) }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            sends.record(())
            return HTTPResponse(status: 500)
        }

        func start(
            _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
            completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
        ) -> @Sendable () -> Void {
            starts.record(())
            let answer = HTTPResponse(
                status: 200, body: Data(#"{"linkId":"l1","path":"/p","params":{}}"#.utf8))
            onAnswer(answer)
            completion(.success(answer))  // before start returns: the race must still end once
            return {}
        }
    }

    /// A transport whose requests answer when told (or never), counting how often the SDK cancels them.
    struct HeldTransport: HTTPTransport {
        private let completions = Recorder<@Sendable (Result<HTTPResponse, any Error>) -> Void>()
        private let cancels = Recorder<Void>()

        var cancelCount: Int { cancels.all.count }
        var started: Int { completions.all.count }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 500) }

        func start(
            _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
            completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
        ) -> @Sendable () -> Void {
            completions.record(completion)
            return { [cancels] in cancels.record(()) }
        }

        /// Answers the first request with the link.
        func answer() {
            completions.all.first?(
                .success(HTTPResponse(status: 200, body: Data(#"{"linkId":"l1","path":"/p","params":{}}"#.utf8))))
        }
    }

    @Test func anAnsweredAttemptIsNotCancelledAndOneCutAtItsDeadlineIs() async throws {
        // Answered: the race ends from the request's own completion, which is not cancelled (a data task
        // would spend its completion handler's time on it).
        let clock = ManualClock()
        let answered = HeldTransport()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(maxRetries: 0), transport: answered, clock: clock)
        let open = Task { try await api.linkData(shortCode: "summer", deviceId: nil) }
        await clock.waitForTimeouts(1)
        answered.answer()
        #expect(try await open.value.path == "/p")
        #expect(answered.cancelCount == 0)
        // Cut at its deadline: the request is cancelled.
        let held = HeldTransport()
        let heldAPI = try OptoLinkAPI(
            configuration: Fixtures.configuration(maxRetries: 0), transport: held, clock: clock)
        let cut = Task { try await heldAPI.linkData(shortCode: "summer", deviceId: nil) }
        await clock.waitForTimeouts(1)
        await clock.advance(by: 10)
        await #expect(throws: OptoLinkError.self) { try await cut.value }
        #expect(held.started == 1)
        #expect(held.cancelCount == 1)
    }

    @Test func everyAttemptGoesThroughStartEvenWhenItCompletesAtOnce() async throws {
        let transport = StartCountingTransport()
        let api = try OptoLinkAPI(configuration: Fixtures.configuration(), transport: transport, clock: ManualClock())
        let link = try await api.linkData(shortCode: "summer", deviceId: nil)
        #expect(link.path == "/p")
        #expect(transport.counts == (starts: 1, sends: 0))
    }
}

@Suite("URLSessionTransport response headers")
struct URLSessionTransportHeaderTests {
    @Test func trimmingMatchesFoundationOnEveryShape() {
        let samples = [
            "", " ", "\t", "  \t ", "3", " 3", "3 ", "\t3\t", "a b", " a b ", "\u{00A0}x", "x\u{00A0}",
            "\u{2003}é\u{2003}",
            "\n3\n", "\r\n", "rq-7", "application/json; charset=utf-8", "é", "😀 ", " 😀",
        ]
        for sample in samples {
            #expect(
                URLSessionTransport.trimmed(sample) == sample.trimmingCharacters(in: .whitespaces),
                "\(sample.debugDescription)")
        }
    }

    @Test func convertsEveryFieldWithTrimmedValues() throws {
        let url = try #require(URL(string: "http://127.0.0.1/x"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Retry-After": " 3", "X-Request-Id": "rq-7", "Content-Type": "application/json\t"]))
        var expected: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            expected[String(describing: key)] = String(describing: value).trimmingCharacters(in: .whitespaces)
        }
        #expect(URLSessionTransport.headers(of: response) == expected)
        #expect(expected["X-Request-Id"] == "rq-7")
    }
}
