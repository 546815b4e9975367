import Foundation
import OptoLink

/// One request to a stand-in outside the SDK (through the SDK's own ``URLSessionTransport``), from the
/// simulated network `address` (`X-Forwarded-For`): for what the SDK would never send (a wrong key,
/// a malformed body) and for reading what a service answers.
struct StandInCall {
    /// The answer's status.
    var status: Int
    /// The answer's body.
    var body: Data
    /// The answer's headers, names lowercased.
    var headers: [String: String]

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// Sends `method` to `url` with `body` (raw bytes) and `headers`.
    static func send(
        _ method: String, _ url: URL, body: Data? = nil, headers: [String: String] = [:],
        address: String = "198.51.100.250"
    ) async throws -> StandInCall {
        var all = headers
        all["X-Forwarded-For"] = address
        if body != nil, all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
        let response = try await transport.send(
            HTTPRequest(method: method, url: url, headers: all, body: body, timeout: 10))
        let headers = Dictionary(response.headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        return StandInCall(status: response.status, body: response.body, headers: headers)
    }

    /// Sends `method` to `url` with `json` as the body.
    static func send(
        _ method: String, _ url: URL, json: [String: Any], headers: [String: String] = [:],
        address: String = "198.51.100.250"
    ) async throws -> StandInCall {
        try await send(
            method, url, body: try JSONSerialization.data(withJSONObject: json), headers: headers, address: address)
    }

    private static let transport = URLSessionTransport()
}
