import Foundation
import OptoLink
import OptoLinkServer

/// A fresh embedded reference server on 127.0.0.1 (any free port, in-memory DB, demo seed,
/// `X-Forwarded-For` trusted), plus the few dev calls the bench needs.
final class BenchServer: Sendable {
    let server: OptoLinkServer
    let transport = URLSessionTransport()

    init() throws {
        server = try OptoLinkServer(configuration: .init(host: "127.0.0.1", port: 0, trustForwardedFor: true))
        try server.start()
    }

    var baseURL: URL { server.baseURL }

    func stop() { server.stop() }

    /// The demo org's CLIENT key, which the server's seed holds.
    static let clientKey = "opl_sdk_demo_client_key_0000000001"

    /// The SDK configuration every measure uses (demo CLIENT key, this server, defaults otherwise).
    func configuration() throws -> OptoLinkConfiguration {
        try .optoLink(apiKey: Self.clientKey, orgKey: "demo", baseURL: baseURL)
    }

    /// `POST /dev/faults` with a JSON object; throws unless the server answers 200.
    func addFault(_ json: String) async throws {
        let response = try await transport.send(
            HTTPRequest(
                method: "POST", url: baseURL.appendingPathComponent("dev/faults"),
                headers: ["Content-Type": "application/json"], body: Data(json.utf8), timeout: 10))
        guard response.status == 200 else { throw BenchError("POST /dev/faults answered \(response.status)") }
    }

    /// `DELETE /dev/faults`.
    func clearFaults() async {
        _ = try? await transport.send(
            HTTPRequest(method: "DELETE", url: baseURL.appendingPathComponent("dev/faults"), timeout: 10))
    }

    /// A plain GET (with an optional forwarded address); returns status and body.
    func get(_ path: String, forwardedFor: String? = nil) async throws -> HTTPResponse {
        var headers: [String: String] = [:]
        if let forwardedFor { headers["X-Forwarded-For"] = forwardedFor }
        return try await transport.send(
            HTTPRequest(method: "GET", url: URL(string: baseURL.absoluteString + path)!, headers: headers, timeout: 10))
    }

    /// A JSON POST (with an optional forwarded address); returns status and body.
    func post(_ path: String, json: String, forwardedFor: String? = nil) async throws -> HTTPResponse {
        var headers = ["Content-Type": "application/json"]
        if let forwardedFor { headers["X-Forwarded-For"] = forwardedFor }
        return try await transport.send(
            HTTPRequest(
                method: "POST", url: URL(string: baseURL.absoluteString + path)!,
                headers: headers, body: Data(json.utf8), timeout: 10))
    }
}

/// Why a measure could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
