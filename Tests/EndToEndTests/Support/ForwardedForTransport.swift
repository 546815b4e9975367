import Foundation
import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real ``URLSessionTransport`` plus `X-Forwarded-For: <address>`: the simulated network the device
/// is on (the test server trusts that header, as the dashboard's embedded server does).
struct ForwardedForTransport: HTTPTransport {
    let address: String
    let base = URLSessionTransport()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Forwards the wrapped transport's early answer, so these flows take the SDK's real early path.
    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        var request = request
        request.headers["X-Forwarded-For"] = address
        return try await base.send(request, onAnswer: onAnswer)
    }
}
