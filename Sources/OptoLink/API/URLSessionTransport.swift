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
                    var headers: [String: String] = [:]
                    for (key, value) in http.allHeaderFields {
                        headers[String(describing: key)] = String(describing: value).trimmingCharacters(in: .whitespaces)
                    }
                    continuation.resume(returning: HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
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
