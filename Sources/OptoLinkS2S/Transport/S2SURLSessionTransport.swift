import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production ``S2STransport``: an ephemeral `URLSession` (no cookies, no cache).
///
/// The request's ``S2SHTTPRequest/timeout`` becomes the `URLRequest`'s timeout. On Linux
/// (FoundationNetworking over libcurl) timeouts are truncated to whole seconds and anything under one
/// second times out at once, so there it is rounded **up** to whole seconds, at least 1; the client's
/// own timeout on its clock is exact either way. Built on `dataTask(with:completionHandler:)`, so it
/// runs on every OS version CryptoKit does.
public struct S2SURLSessionTransport: S2STransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.init(session: URLSession(configuration: configuration))
    }

    /// Creates a transport over `session` (for a session configured by the caller: proxy, TLS…).
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends `request`; throws `URLError` when no HTTP answer came (cancellation gives `.cancelled`).
    public func send(_ request: S2SHTTPRequest) async throws -> S2SHTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let box = CancelBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<S2SHTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        // libcurl keeps the spaces around values: trimmed here.
                        headers[String(describing: name.base)] = String(describing: value).trimmingCharacters(
                            in: .whitespaces)
                    }
                    continuation.resume(
                        returning: S2SHTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                }
                let running = RunningTask(task)
                box.set { running.cancel() }
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// The timeout handed to `URLSession` for a requested `seconds` (see the type's documentation).
    static func effectiveTimeout(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds.isFinite, seconds > 0 else { return 60 }
        #if canImport(Darwin)
        return seconds
        #else
        return max(1, seconds.rounded(.up))
        #endif
    }

    /// The `URLRequest` for `request`.
    static func urlRequest(for request: S2SHTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        // Set as a property: on Linux a timeout given to `URLRequest(url:cachePolicy:timeoutInterval:)` is
        // ignored and the request waits forever.
        urlRequest.timeoutInterval = effectiveTimeout(request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.allHTTPHeaderFields = request.headers
        return urlRequest
    }
}
