import Foundation
import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``HTTPTransport`` that records every request and answers from a script: a queue of answers in
/// order, or a closure that decides per request.
///
/// ```swift
/// let transport = ScriptedTransport([
///     .response(status: 503, json: #"{"message":"down"}"#),
///     .failure(URLError(.timedOut)),
///     .response(status: 200, json: #"{"matched":false,"matchMethod":"NONE"}"#),
/// ])
/// ```
///
/// When the queue is empty, the `fallback` answer is used (by default a connection failure, so a
/// forgotten answer shows up as a failure rather than a hang).
public actor ScriptedTransport: HTTPTransport {
    /// One scripted answer.
    public struct Answer: Sendable {
        enum Kind: Sendable {
            case response(HTTPResponse)
            case failure(URLError)
            case hang
        }

        let kind: Kind

        /// An HTTP answer with a JSON body (`Content-Type: application/json` is added).
        public static func response(status: Int, json: String, headers: [String: String] = [:]) -> Answer {
            var headers = headers
            if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
            return Answer(kind: .response(HTTPResponse(status: status, headers: headers, body: Data(json.utf8))))
        }

        /// An HTTP answer with raw body bytes.
        public static func response(status: Int, body: Data = Data(), headers: [String: String] = [:]) -> Answer {
            Answer(kind: .response(HTTPResponse(status: status, headers: headers, body: body)))
        }

        /// No HTTP answer: the transport throws `error` (`.timedOut`, `.cannotConnectToHost`…).
        public static func failure(_ error: URLError) -> Answer {
            Answer(kind: .failure(error))
        }

        /// Never answers: suspends until the calling task is cancelled, then throws `URLError(.cancelled)`.
        public static let hang = Answer(kind: .hang)

        /// Plays this answer as the transport would: returns the response, throws the error, or hangs
        /// until cancelled (for closure-backed transports that pick answers themselves).
        public func answer() async throws -> HTTPResponse {
            switch kind {
            case .response(let response):
                return response
            case .failure(let error):
                throw error
            case .hang:
                do {
                    while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
                } catch {
                    throw URLError(.cancelled)
                }
            }
        }
    }

    private var queue: [Answer]
    private let fallback: Answer
    private let handler: (@Sendable (HTTPRequest) async throws -> HTTPResponse)?
    private var recorded: [HTTPRequest] = []
    /// Who waits for what the recorded requests should hold.
    private var waiters: [(ready: @Sendable ([HTTPRequest]) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
        []

    /// Answers from `answers` in order, then `fallback` for every further request.
    public init(_ answers: [Answer] = [], fallback: Answer = .failure(URLError(.cannotConnectToHost))) {
        self.queue = answers
        self.fallback = fallback
        self.handler = nil
    }

    /// Answers every request with `handler` (which may throw a `URLError` for "no answer").
    public init(handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.queue = []
        self.fallback = .hang
        self.handler = handler
    }

    /// Adds answers at the end of the queue.
    public func enqueue(_ answers: Answer...) {
        queue.append(contentsOf: answers)
    }

    /// Every request received so far, in order.
    public var requests: [HTTPRequest] { recorded }

    /// Suspends until at least `count` requests have been received.
    public func waitForRequests(_ count: Int) async {
        await waitUntilRequests { $0.count >= count }
    }

    /// Suspends until a request matching `predicate` has been received (at once when one has).
    public func waitForRequest(where predicate: @escaping @Sendable (HTTPRequest) -> Bool) async {
        await waitUntilRequests { $0.contains(where: predicate) }
    }

    private func waitUntilRequests(_ ready: @escaping @Sendable ([HTTPRequest]) -> Bool) async {
        if ready(recorded) { return }
        await withCheckedContinuation { continuation in
            waiters.append((ready, continuation))
        }
    }

    /// Records `request` and answers it from the script.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.append(request)
        let recorded = self.recorded
        let ready = waiters.filter { $0.ready(recorded) }
        waiters.removeAll { $0.ready(recorded) }
        for waiter in ready { waiter.continuation.resume() }
        if let handler { return try await handler(request) }
        let answer = queue.isEmpty ? fallback : queue.removeFirst()
        return try await answer.answer()
    }
}
