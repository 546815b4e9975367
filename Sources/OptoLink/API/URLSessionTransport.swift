import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production ``HTTPTransport``: an ephemeral `URLSession` (no cookies, no cache on disk).
///
/// The per-request timeout is ``HTTPRequest/timeout``. On Linux (FoundationNetworking over libcurl)
/// timeouts are truncated to whole seconds and anything under one second times out at once, so there the
/// timeout is rounded **up** to a whole number of seconds, at least 1 (10 s stays 10 s; 0.5 s becomes 1 s).
/// Apple platforms use the exact value. Built on `dataTask(with:completionHandler:)` so it runs on iOS 13.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
    }

    /// A transport over `session`, for this package's tools that configure their own (the dashboard's
    /// transport that never follows a redirect). The caller keeps the session and invalidates it.
    package init(session: URLSession) { self.session = session }

    /// The timeout handed to URLSession for a requested `seconds` (see the type's documentation).
    package static func effectiveTimeout(_ seconds: TimeInterval) -> TimeInterval {
        #if canImport(Darwin)
        return seconds > 0 ? seconds : 1
        #else
        guard seconds.isFinite else { return 60 }
        return max(1, seconds.rounded(.up))
        #endif
    }

    /// Sends `request`; throws `URLError` when no HTTP answer came (cancellation gives `.cancelled`).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Sends `request` and calls `onAnswer` from `URLSession`'s completion handler, before the waiting
    /// task is resumed with the same answer (see ``HTTPTransport/send(_:onAnswer:)``).
    public func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        let box = CancelBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                box.set(start(request, onAnswer: onAnswer) { continuation.resume(with: $0) })
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Starts a data task for `request`; its completion handler hands the answer to `onAnswer`, then to
    /// `completion` (see ``HTTPTransport/start(_:onAnswer:completion:)``). Cancelling cancels the data task,
    /// off the caller's thread: on Linux `URLSessionTask.cancel()` waits for the session's own queue, and the
    /// caller may be the clock's deadline queue, behind which every other request's timeout would wait.
    public func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        let task = session.dataTask(with: Self.urlRequest(for: request)) { data, response, error in
            if let error {
                completion(.failure(error))
                return
            }
            guard let http = response as? HTTPURLResponse else {
                completion(.failure(URLError(.badServerResponse)))
                return
            }
            let answer = HTTPResponse(status: http.statusCode, body: data ?? Data()) { Self.headers(of: http) }
            onAnswer(answer)
            completion(.success(answer))
        }
        let running = RunningTask(task)
        task.resume()
        return { DispatchQueue.global().async { running.cancel() } }
    }
}

extension URLSessionTransport {
    /// The `URLRequest` for `request`.
    ///
    /// Built with as few mutations as possible (each one goes through `NSMutableURLRequest` on Linux),
    /// and with the header fields set in one assignment: `setValue(_:forHTTPHeaderField:)` searches the
    /// fields already set, case-insensitively, for every header. ``HTTPRequest/headers`` names are
    /// unique ignoring case (the SDK builds them so), so the result is the same.
    static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData)
        // Set as a property: on Linux (swift-corelibs-foundation, Swift 6.3) a timeout given to
        // `URLRequest(url:cachePolicy:timeoutInterval:)` is ignored and the request waits forever
        // (measured; the SDK's fault tests catch it).
        urlRequest.timeoutInterval = effectiveTimeout(request.timeout)
        if request.method != "GET" { urlRequest.httpMethod = request.method }
        if let body = request.body { urlRequest.httpBody = body }
        if !request.headers.isEmpty { urlRequest.allHTTPHeaderFields = request.headers }
        return urlRequest
    }

    /// The response's header fields as strings, each value trimmed of spaces and tabs.
    ///
    /// Same result as `String(describing:)` on every key and value followed by `trimmingCharacters(in:
    /// .whitespaces)`, without going through the generic description machinery or `NSString` for the
    /// usual case (string keys and values, nothing to trim): this runs on every response.
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        let fields = response.allHeaderFields
        var headers: [String: String] = Dictionary(minimumCapacity: fields.count)
        for (key, value) in fields {
            let name = key.base as? String ?? String(describing: key)
            let text = value as? String ?? String(describing: value)
            headers[name] = trimmed(text)
        }
        return headers
    }

    /// `text.trimmingCharacters(in: .whitespaces)`, skipping the call when neither end is whitespace.
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        let whitespace = CharacterSet.whitespaces
        guard whitespace.contains(first) || whitespace.contains(last) else { return text }
        return text.trimmingCharacters(in: whitespace)
    }
}
