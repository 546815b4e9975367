import Foundation
import OptoLink

/// Sends every request through `base` with the doctor's `--timeout`: the ``SimulatedBrowser`` asks for its own
/// timeout on each hop, and the doctor's clicks keep the bound every other request of the run has.
struct DoctorTimeoutTransport: HTTPTransport {
    /// Where the requests go.
    let base: any HTTPTransport
    /// Seconds per request.
    let timeout: TimeInterval

    /// Sends `request` with ``timeout``.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var bounded = request
        bounded.timeout = timeout
        return try await base.send(bounded)
    }
}
