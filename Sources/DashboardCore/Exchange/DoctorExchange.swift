import Foundation
import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One recorded request and what came back: an HTTP answer (any status, redirects not followed), or why
/// none came. The doctor's checks are pure functions of these, so they are tested without a socket.
package struct DoctorExchange: Sendable, Hashable {
    /// Why no HTTP answer came.
    package struct Failure: Sendable, Hashable {
        /// The `URLError.Code` raw value (−1004 refused, −1001 timed out, −1003 no such host, −1200 TLS…),
        /// or 0 for an error that was not a `URLError`.
        package var code: Int
        /// The error's own description.
        package var message: String

        /// Creates a failure.
        package init(code: Int, message: String) {
            self.code = code
            self.message = message
        }

        /// The failure for an error thrown by a transport. FoundationNetworking reports TLS failures as
        /// `URLError.unknown` with libcurl's words (`SSL certificate problem: …`, `OpenSSL SSL_connect: …`): they
        /// get the code Apple's URLSession gives the same failure.
        package init(_ error: any Error) {
            guard let urlError = error as? URLError else {
                self.init(code: 0, message: String(describing: error))
                return
            }
            let message = urlError.localizedDescription
            var code = urlError.code
            if code == .unknown, message.hasPrefix("SSL") || message.contains("SSL_connect") {
                code = message.contains("certificate") ? .serverCertificateUntrusted : .secureConnectionFailed
            }
            self.init(code: code.rawValue, message: message)
        }

        /// True for TLS failures: the handshake failed or the certificate is not trusted (−1200 … −1206).
        package var isTLS: Bool { (-1206 ... -1200).contains(code) }

        /// What happened, in words a person can act on.
        package var explanation: String {
            switch code {
            case URLError.Code.cannotConnectToHost.rawValue:
                "connection refused (nothing listens at that address and port)"
            case URLError.Code.timedOut.rawValue: "timed out"
            case URLError.Code.cannotFindHost.rawValue, URLError.Code.dnsLookupFailed.rawValue: "DNS: no such host"
            case URLError.Code.networkConnectionLost.rawValue: "the connection was closed before an answer came"
            case URLError.Code.notConnectedToInternet.rawValue: "this machine has no network"
            case URLError.Code.serverCertificateUntrusted.rawValue,
                URLError.Code.serverCertificateHasUnknownRoot.rawValue,
                URLError.Code.serverCertificateHasBadDate.rawValue, URLError.Code.serverCertificateNotYetValid.rawValue:
                "TLS: the certificate is not trusted (\(message))"
            case URLError.Code.secureConnectionFailed.rawValue: "TLS: the secure connection failed (\(message))"
            case URLError.Code.badServerResponse.rawValue: "the answer was not HTTP"
            // libcurl's words for bytes that do not start with an HTTP status line (FoundationNetworking).
            case URLError.Code.unsupportedURL.rawValue where message.contains("HTTP/0.9"): "the answer was not HTTP"
            default: message
            }
        }
    }

    /// The answer, or why there is none.
    package enum Outcome: Sendable, Hashable {
        /// An HTTP answer, whatever its status (a 3xx is kept as it came, not followed).
        case answered(HTTPResponse)
        /// No HTTP answer.
        case failed(Failure)
    }

    /// What was sent.
    package var request: HTTPRequest
    /// What came back.
    package var outcome: Outcome
    /// When the request was handed to the transport (this machine's clock).
    package var sentAt: Date
    /// When the answer (or the failure) came back (this machine's clock).
    package var receivedAt: Date

    /// Creates an exchange.
    package init(request: HTTPRequest, outcome: Outcome, sentAt: Date, receivedAt: Date) {
        self.request = request
        self.outcome = outcome
        self.sentAt = sentAt
        self.receivedAt = receivedAt
    }

    /// One hop of a ``SimulatedBrowser`` visit as an exchange: its request, its answer (the body as the browser
    /// kept it, at most ``HTTPExchange/bodyLimit`` bytes) or its error in words, timed from when it started.
    package init(hop: HTTPExchange) {
        let url = URL(string: hop.url) ?? URL(string: "about:blank")!
        let headers = Dictionary(hop.requestHeaders.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
        let outcome: Outcome =
            if let status = hop.status {
                .answered(
                    HTTPResponse(
                        status: status,
                        headers: Dictionary(
                            hop.responseHeaders.map { ($0.name, $0.value) }, uniquingKeysWith: { $0 + ", " + $1 }),
                        body: Data((hop.responseBody?.text ?? "").utf8)))
            } else {
                .failed(Failure(code: 0, message: hop.error ?? "no answer"))
            }
        self.init(
            request: HTTPRequest(method: hop.method, url: url, headers: headers, timeout: 10), outcome: outcome,
            sentAt: hop.startedAt, receivedAt: hop.startedAt.addingTimeInterval(max(0, hop.duration)))
    }

    /// The HTTP answer, when one came.
    package var response: HTTPResponse? {
        if case .answered(let response) = outcome { return response }
        return nil
    }

    /// The failure, when no answer came.
    package var failure: Failure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    /// The request's path and query, e.g. `/health`.
    package var path: String {
        var text = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { text += "?" + query }
        return text
    }

    /// `GET /health → 200 in 4 ms`, or `GET /health → connection refused …`.
    package var summary: String {
        let milliseconds = Int((max(0, receivedAt.timeIntervalSince(sentAt)) * 1000).rounded())
        switch outcome {
        case .answered(let response): return "\(request.method) \(path) → \(response.status) in \(milliseconds) ms"
        case .failed(let failure): return "\(request.method) \(path) → \(failure.explanation)"
        }
    }
}
