import DashboardCore
import Foundation
import OptoLinkFaults
import OptoLinkHTTP

/// A forwarding HTTP proxy on loopback with faults of its own, in front of any backend: the layer that
/// makes the retry scenarios run against a deployment without `/dev/faults`.
///
/// Clients talk HTTP/1.1 to it (served by `OptoLinkHTTP`, the reference server's own layer); it forwards
/// each request to `upstream` (HTTP or HTTPS, through ``UpstreamClient``) with the request's method,
/// target, headers and body unchanged except the hop-by-hop fields (RFC 9110 §7.6.1: `Connection` and
/// the fields it names, `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`) and
/// `Host` / `Content-Length` / `Expect`, which URLSession writes for the upstream connection itself.
/// `X-Forwarded-For` is passed as the client sent it (the dashboard's simulated addresses).
///
/// Before forwarding, the ``FaultPlan`` decides: answer 500 / 503 / 429 itself, delay, drop before or
/// after the backend saw the request, trickle the answer, or pass. Every answer the proxy wrote itself
/// carries `X-OptoLink-Injected: proxy` (and a delayed or trickled one `X-OptoLink-Injected: proxy; delay`
/// or `…; trickle`), so nobody mistakes it for the backend's; each request is reported as a ``ProxyEvent``.
///
/// Every request runs on one of the layer's worker threads (the upstream call blocks one), never on an
/// event loop or the cooperative pool.
package final class FaultProxy: Sendable {
    /// The marker header of answers the proxy wrote or changed.
    package static let injectedHeader = "X-OptoLink-Injected"

    /// Where requests go.
    package let upstream: URL
    /// The address it listens on.
    package let host: String
    private let server: HTTPServer
    private let client: UpstreamClient
    private let plan = Locked(FaultPlan())
    private let onEvent: @Sendable (ProxyEvent) -> Void

    /// A proxy for `upstream`, to listen on `host:port` (port 0: any free port).
    /// - Parameters:
    ///   - upstreamTimeout: seconds a forwarded request may take (default 30, longer than the SDK's 10 s
    ///     timeout, so the SDK's own timeout is what a client sees).
    ///   - namesSourceAddress: a request forwarded from its client's loopback source address (a loopback
    ///     backend, ``LoopbackUpstream``) carries that address in `X-Forwarded-For` instead of the client's
    ///     simulated one, so the backend attributes it to the same address whether or not it trusts the
    ///     header (default false: the header is passed on; the dashboard's scenarios set it, see
    ///     ``BackendClient/reachedThroughFaultProxy()``).
    ///   - onEvent: called once per request, on a worker thread (keep it quick).
    package init(
        upstream: URL, host: String = "127.0.0.1", port: Int = 0, upstreamTimeout: TimeInterval = 30,
        namesSourceAddress: Bool = false, onEvent: @escaping @Sendable (ProxyEvent) -> Void = { _ in }
    ) {
        self.upstream = upstream
        self.host = host
        self.onEvent = onEvent
        let client = UpstreamClient(timeout: upstreamTimeout)
        self.client = client
        var limits = HTTPServer.Limits()
        limits.eventLoops = 2
        limits.storageWorkers = 16  // each forwarded request holds one while it waits for the backend
        limits.idleTimeout = 30
        limits.requestTimeout = 30
        let plan = self.plan
        server = HTTPServer(
            host: host, port: port, limits: limits,
            errorResponse: { error in
                FaultProxy.envelope(status: error.status, message: error.message, retryAfter: nil)
            },
            handler: { request, _, stage in
                FaultProxy.handle(
                    request, stage: stage, plan: plan, client: client, upstream: upstream,
                    namesSourceAddress: namesSourceAddress, onEvent: onEvent)
            }
        )
    }

    /// Starts listening; returns the proxy's base URL (`http://127.0.0.1:<port>`).
    @discardableResult
    package func start() throws(DashboardError) -> URL {
        do {
            try server.start()
        } catch {
            throw .backend("the fault proxy cannot listen: \(error.message)")
        }
        return url
    }

    /// Stops listening and closes every connection.
    package func stop() { server.stop() }

    /// The proxy's base URL (after ``start()``).
    package var url: URL {
        let name = host.contains(":") ? "[\(host)]" : Socket.numericHost(host)
        return URL(string: "http://\(name):\(server.port)")!
    }

    /// The port it listens on (after ``start()``).
    package var port: Int { server.port }

    /// Adds a fault after the pending ones.
    package func add(_ rule: FaultRule) { plan.withLock { $0.add(rule) } }

    /// Removes every pending fault.
    package func clear() { plan.withLock { $0.clear() } }

    /// The pending faults, oldest first.
    package var pending: [FaultRule] { plan.withLock { $0.rules } }

    // MARK: Requests

    private static func handle(
        _ request: HTTPRequest, stage: HandlingStage, plan: Locked<FaultPlan>, client: UpstreamClient,
        upstream: URL, namesSourceAddress: Bool, onEvent: @Sendable (ProxyEvent) -> Void
    ) -> RouterOutcome {
        // Off the event loop first: deciding takes a lock, forwarding blocks the thread.
        guard stage.onWorker else { return .offload(stage) }
        let afterDelay = stage.faultsApplied
        let decision = afterDelay ? .pass : plan.withLock { $0.decide(path: request.target) }
        func report(_ status: Int?, reached: Bool, note: String? = nil) {
            onEvent(
                ProxyEvent(
                    method: request.method, target: request.target, decision: decision, status: status,
                    reachedUpstream: reached, note: note))
        }
        switch decision.fault {
        case .status(let status, let retryAfter):
            let response = envelope(
                status: status, message: "Injected by the fault proxy: \(status) \(HTTPResponse.reason(status))",
                retryAfter: retryAfter)
            report(status, reached: false)
            return .respond(response)
        case .rateLimited(let seconds):
            let n = max(1, seconds)
            report(429, reached: false)
            return .respond(envelope(status: 429, message: "Retry after \(n) second(s)", retryAfter: n))
        case .dropBeforeUpstream:
            report(nil, reached: false, note: "closed before the backend saw it")
            return .drop
        case .delay(let seconds):
            // Asked again once the delay is over, with `faultsApplied` set: then it is forwarded.
            report(nil, reached: false, note: "held \(formatSeconds(seconds)) before forwarding")
            return .delay(seconds)
        case .pass, .dropAfterUpstream, .trickle:
            break
        }
        let answer = forward(request, client: client, upstream: upstream, namesSourceAddress: namesSourceAddress)
        switch answer {
        case .failure(let failure):
            report(502, reached: false, note: "the backend gave no answer: \(failure.message)")
            return .respond(
                envelope(
                    status: 502,
                    message: "The fault proxy got no answer from \(upstream.absoluteString): \(failure.message)",
                    retryAfter: nil))
        case .success(var response):
            if afterDelay { response.headers.append((injectedHeader, "proxy; delay")) }
            switch decision.fault {
            case .dropAfterUpstream:
                report(nil, reached: true, note: "the backend answered \(response.status); the answer was dropped")
                return .drop
            case .trickle(let bytes, let interval):
                response.headers.append((injectedHeader, "proxy; trickle"))
                report(response.status, reached: true, note: "trickled \(bytes) B every \(formatSeconds(interval))")
                return .trickle(response, bytes: bytes, interval: interval)
            default:
                if !afterDelay {
                    report(response.status, reached: true)
                } else {
                    onEvent(
                        ProxyEvent(
                            method: request.method, target: request.target, decision: decision, status: response.status,
                            reachedUpstream: true, note: "forwarded after the delay"))
                }
                return .respond(response)
            }
        }
    }

    /// Forwards `request` and turns the answer into the layer's response (hop-by-hop fields removed).
    private static func forward(
        _ request: HTTPRequest, client: UpstreamClient, upstream: URL, namesSourceAddress: Bool
    ) -> Result<HTTPResponse, DashboardError> {
        guard let url = upstreamURL(upstream, target: request.target) else {
            return .failure(.backend("cannot join \(upstream.absoluteString) and \(request.target)"))
        }
        var headers = forwardedRequestHeaders(request.headers)
        let forwardedFor = request.headers.last { $0.name.lowercased() == "x-forwarded-for" }?.value
        let source = LoopbackUpstream.sourceAddress(for: forwardedFor, upstream: upstream)
        if namesSourceAddress, let source {
            headers.removeAll { $0.name.lowercased() == "x-forwarded-for" }
            headers.append((name: "X-Forwarded-For", value: source))
        }
        // URLSession will not send a GET or HEAD with a body (Foundation prints a line of its own and fails with an
        // unrelated reason); only the loopback path can. Say so rather than blame the backend.
        if source == nil, ["GET", "HEAD"].contains(request.method), !request.body.isEmpty {
            return .failure(
                .backend(
                    "the fault proxy cannot forward a \(request.method) with a body to \(upstream.absoluteString): "
                        + "URLSession refuses to send one"))
        }
        return client.send(method: request.method, url: url, headers: headers, body: request.body, source: source).map {
            answer in
            HTTPResponse(
                status: answer.status, headers: forwardedResponseHeaders(answer.headers, isDecoded: answer.isDecoded),
                body: answer.body)
        }
    }

    /// `upstream` with `target` (path and query) appended to its path: `https://h/api` + `/match` →
    /// `https://h/api/match`.
    static func upstreamURL(_ upstream: URL, target: String) -> URL? {
        var base = upstream.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + (target.hasPrefix("/") ? target : "/" + target))
    }

    /// Fields that describe one connection, not the message (RFC 9110 §7.6.1), lower-cased.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization",
        "te", "trailer", "trailers", "transfer-encoding", "upgrade",
    ]

    /// The request's fields minus the hop-by-hop ones (and those `Connection` names), those URLSession
    /// writes itself for the upstream connection (`Host`, `Content-Length`, `Expect`), and `Accept-Encoding`:
    /// the proxy asks for what it can read (URLSession negotiates and decodes, the loopback path asks for none),
    /// as a decoding proxy does (mitmproxy's `anticomp`).
    static func forwardedRequestHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let named = connectionTokens(headers)
        return headers.filter { field in
            let name = field.name.lowercased()
            return !hopByHop.contains(name) && !named.contains(name)
                && !["host", "content-length", "expect", "accept-encoding"].contains(name)
        }
    }

    /// The answer's fields minus the hop-by-hop ones and `Content-Length` (the layer writes the length of the
    /// bytes it sends), and `Content-Encoding` when the body was decoded on the way (`isDecoded`): a body still
    /// encoded keeps it, so the app decodes it.
    static func forwardedResponseHeaders(
        _ headers: [(name: String, value: String)], isDecoded: Bool
    ) -> [(name: String, value: String)] {
        let named = connectionTokens(headers)
        return headers.filter { field in
            let name = field.name.lowercased()
            return !hopByHop.contains(name) && !named.contains(name) && name != "content-length"
                && !(isDecoded && name == "content-encoding")
        }
    }

    private static func connectionTokens(_ headers: [(name: String, value: String)]) -> Set<String> {
        Set(
            headers.filter { $0.name.lowercased() == "connection" }
                .flatMap { $0.value.split(separator: ",").map { $0.trimmingASCII(" \t").lowercased() } })
    }

    /// An answer of the proxy's own: the contract's envelope `{"message","requestId"}`, marked injected.
    static func envelope(status: Int, message: String, retryAfter: Int?) -> HTTPResponse {
        let requestId = "req_proxy_" + UUID().uuidString.prefix(8).lowercased()
        let object: [String: Any] = ["message": message, "requestId": requestId]
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/json; charset=utf-8"),
            ("X-Request-Id", requestId), (injectedHeader, "proxy"),
        ]
        if let retryAfter { headers.append(("Retry-After", String(retryAfter))) }
        return HTTPResponse(status: status, headers: headers, body: Array(body))
    }
}
