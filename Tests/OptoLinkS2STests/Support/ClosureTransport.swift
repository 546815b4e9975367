import Foundation
import OptoLinkS2S

/// A closure-backed ``S2STransport`` that keeps every request it was given, byte for byte.
///
/// `@unchecked Sendable` is safe: `sent` is only touched while `lock` is held; `handler` is immutable
/// and `@Sendable`.
final class ClosureTransport: S2STransport, @unchecked Sendable {
    typealias Handler = @Sendable (_ request: S2SHTTPRequest, _ attempt: Int) async throws -> S2SHTTPResponse

    private let lock = NSLock()
    private var sent: [S2SHTTPRequest] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers every request with `status` and `body`.
    static func answering(_ status: Int, _ body: String) -> ClosureTransport {
        ClosureTransport { _, _ in
            S2SHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    /// Answers attempt n with `answers[n-1]` (the last one repeats); a nil entry throws
    /// `URLError(.cannotConnectToHost)`.
    static func scripted(_ answers: [(Int, String)?]) -> ClosureTransport {
        ClosureTransport { _, attempt in
            guard let answer = answers[min(attempt, answers.count) - 1] else { throw URLError(.cannotConnectToHost) }
            return S2SHTTPResponse(status: answer.0, body: Data(answer.1.utf8))
        }
    }

    var requests: [S2SHTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    func send(_ request: S2SHTTPRequest) async throws -> S2SHTTPResponse {
        let attempt = lock.withLock {
            sent.append(request)
            return sent.count
        }
        return try await handler(request, attempt)
    }
}
