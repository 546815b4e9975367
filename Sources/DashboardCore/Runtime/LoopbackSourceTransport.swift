import Foundation
import OptoLink

/// Sends a request that names its simulated client in `X-Forwarded-For` to a plain-HTTP backend on this
/// machine's loopback from that client's own loopback address (``LoopbackUpstream``: `198.51.100.10` →
/// `127.51.100.10`), so a backend that ignores `X-Forwarded-For` still sees each simulated network as an
/// address of its own; every other request goes to `base`. The browser clicks of the scenarios use it, as
/// the fault proxy does for the devices' requests.
package struct LoopbackSourceTransport: HTTPTransport {
    /// Where the other requests go.
    package let base: any HTTPTransport

    /// Creates the transport over `base`.
    package init(base: any HTTPTransport) { self.base = base }

    /// Sends `request`; a loopback one from its client's loopback address, on a thread of its own.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard
            let source = LoopbackUpstream.sourceAddress(
                for: request.headers.first { $0.key.lowercased() == "x-forwarded-for" }?.value, upstream: request.url)
        else { return try await base.send(request) }
        let answer = await LoopbackUpstream.sendOffThePool(
            method: request.method, url: request.url, headers: request.headers.map { ($0.key, $0.value) },
            body: request.body.map(Array.init) ?? [], source: source, timeout: request.timeout)
        switch answer {
        case .success(let answer):
            return HTTPResponse(
                status: answer.status,
                headers: Dictionary(answer.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { $0 + ", " + $1 }),
                body: Data(answer.body))
        case .failure(let failure):
            throw DashboardError.backend(
                "\(request.method) \(request.url.path) from \(source) got no answer: \(failure.message)")
        }
    }
}
