import Foundation
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

    /// The timeout handed to URLSession for a requested `seconds` (see the type's documentation).
    public static func effectiveTimeout(_ seconds: TimeInterval) -> TimeInterval {
        #if canImport(Darwin)
        return seconds > 0 ? seconds : 1
        #else
        guard seconds.isFinite else { return 60 }
        return max(1, seconds.rounded(.up))
        #endif
    }

    /// Sends `request`; throws `URLError` when no HTTP answer came (cancellation gives `.cancelled`).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Self.effectiveTimeout(request.timeout)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }

        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data()))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }
}

extension URLSessionTransport {
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

/// Holds the running data task so the cancellation handler can cancel it, even when cancellation
/// arrives before the task exists.
///
/// `@unchecked Sendable` is safe: `task` and `cancelled` are only touched while `lock` is held, and
/// `URLSessionTask.resume()`/`cancel()` are themselves thread-safe.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let alreadyCancelled = cancelled
        lock.unlock()
        if alreadyCancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
