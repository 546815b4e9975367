import Foundation
import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The doctor's ``HTTPTransport``: an ephemeral `URLSession` that never follows a redirect, so a 3xx comes
/// back as it was sent (with its `Location`), the way iOS sees the AASA.
///
/// URLSession follows redirects unless its delegate says no, on Linux (FoundationNetworking over libcurl) as
/// on Apple platforms; the session delegate here answers every redirect with `nil`, which hands the 3xx
/// itself to the completion handler with its headers (checked on Linux by `NoRedirectTransportTests`; there
/// the 3xx's own body comes back empty, measured, and the doctor reads only the status and `Location`).
/// No cookies, no cache.
/// Timeouts are whole seconds ≥ 1 (``URLSessionTransport/effectiveTimeout(_:)``: fractions are truncated
/// on Linux).
package final class NoRedirectTransport: HTTPTransport {
    private let session: URLSession
    private let transport: URLSessionTransport

    /// Creates a transport with its own session.
    package init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
        transport = URLSessionTransport(session: session)
    }

    deinit {
        // A session keeps its delegate (and itself) alive until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` as the SDK's ``URLSessionTransport`` does; throws `URLError` only when no HTTP answer came.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await transport.send(request)
    }
}

/// Answers every redirect with "do not follow". No state, so nothing to protect.
private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
