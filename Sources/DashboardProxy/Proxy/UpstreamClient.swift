import DashboardCore
import Foundation
import OptoLink

/// The fault proxy's way upstream: HTTP or HTTPS through URLSession (FoundationNetworking on Linux),
/// never following a redirect (a 3xx goes back to the client as the backend sent it), no cookies, no
/// cache. Called from the proxy's worker threads, so ``send(method:url:headers:body:)`` blocks its
/// caller (never a cooperative-pool thread) until the answer is in.
///
/// URLSession decodes `gzip`/`deflate` bodies itself (the answer is ``UpstreamAnswer/isDecoded``), so the
/// answer's `Content-Encoding` and `Content-Length` no longer describe the bytes: the proxy drops both (its
/// HTTP layer writes the real length). Several fields with one name come back joined by URLSession.
final class UpstreamClient: Sendable {
    private let transport = NoRedirectTransport()
    /// Seconds a forwarded request may take (whole seconds ≥ 1: URLSession truncates fractions on Linux).
    let timeout: TimeInterval

    init(timeout: TimeInterval) {
        self.timeout = max(1, timeout.rounded(.up))
    }

    /// Sends one request and waits for the answer; `.failure` (``DashboardError/backend(_:)``) with the reason
    /// when none came. With a `source` address the request goes over ``LoopbackUpstream`` from that address
    /// (a loopback backend, see ``LoopbackUpstream/sourceAddress(for:upstream:)``), else through URLSession.
    func send(
        method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8], source: String? = nil
    ) -> Result<UpstreamAnswer, DashboardError> {
        if let source {
            return LoopbackUpstream.send(
                method: method, url: url, headers: headers, body: body, source: source, timeout: timeout)
        }
        var fields = [String: String]()
        for (name, value) in headers {
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        let request = HTTPRequest(
            method: method, url: url, headers: fields, body: body.isEmpty ? nil : Data(body), timeout: timeout)
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let transport = self.transport
        Task {
            do {
                let response = try await transport.send(request)
                box.result = .success(
                    UpstreamAnswer(
                        status: response.status, headers: response.headers.map { ($0.key, $0.value) },
                        body: Array(response.body), isDecoded: true))
            } catch {
                box.result = .failure(.backend(DoctorExchange.Failure(error).explanation))
            }
            done.signal()
        }
        done.wait()
        return box.result ?? .failure(.backend("no answer"))
    }
}

/// One result handed from the task to the waiting thread.
///
/// `@unchecked Sendable` is safe: the task writes `result` once, before it signals the semaphore, and
/// the waiting thread reads it only after `wait()` returns; the semaphore orders the two.
private final class ResultBox: @unchecked Sendable {
    var result: Result<UpstreamAnswer, DashboardError>?
}
