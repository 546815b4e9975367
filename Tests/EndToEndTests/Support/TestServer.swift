import Foundation
import OptoLink
import OptoLinkServer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real `OptoLinkServer` in this process on 127.0.0.1 port 0, trusting `X-Forwarded-For` (so each test
/// picks its simulated networks), with small HTTP helpers for the `/dev/*` endpoints.
final class TestServer: Sendable {
    let server: OptoLinkServer
    /// The SQLite file, when the test asked for one (to read the events table in order).
    let databasePath: String?

    /// Starts a server; `port` 0 picks a free one; `onDisk` puts the database in a temporary file.
    init(port: Int = 0, onDisk: Bool = false) throws {
        let path = onDisk ? TemporaryDirectory.make("db").appendingPathComponent("optolink.sqlite").path : nil
        databasePath = path
        server = try OptoLinkServer(configuration: .init(port: port, databasePath: path, trustForwardedFor: true))
        try server.start()
    }

    var baseURL: URL { server.baseURL }
    var port: Int { server.port }

    /// Stops the server and deletes its database directory, if any.
    func stop() {
        server.stop()
        if let databasePath {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: databasePath).deletingLastPathComponent())
        }
    }

    // MARK: Dev endpoints

    /// A browser click on `demo/<shortCode>` from `address`, with the browser's traits (empty = unknown),
    /// made `ageSeconds` ago. Returns the clipboard token the redirect page would copy.
    func simulateClick(_ shortCode: String, browser: Fingerprint, from address: String, ageSeconds: Double = 0)
        async throws -> String
    {
        var body: [String: Any] = ["orgKey": "demo", "shortCode": shortCode, "ageSeconds": ageSeconds]
        for (key, value) in [
            ("platform", browser.platform), ("osVersion", browser.osVersion), ("deviceModel", browser.deviceModel),
            ("language", browser.language), ("timezone", browser.timezone),
        ] where !value.isEmpty {
            body[key] = value
        }
        let (status, data) = try await send("POST", "/dev/deferred/simulate", json: body, address: address)
        guard status == 200, let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let token = answer["clipboardToken"] as? String
        else {
            throw ProbeError("simulate answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return token
    }

    /// Injects a fault for the next `count` requests of `route` (`match`, `data`, `sdk`, `events`, `any`).
    func addFault(route: String, kind: String, status: Int? = nil, delaySeconds: Double? = nil, count: Int = 1)
        async throws
    {
        var body: [String: Any] = ["route": route, "kind": kind, "count": count]
        if let status { body["status"] = status }
        if let delaySeconds { body["delaySeconds"] = delaySeconds }
        let (answer, data) = try await send("POST", "/dev/faults", json: body)
        guard answer == 200 else {
            throw ProbeError("faults answered \(answer): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// The faults not used up yet.
    func pendingFaultCount() async throws -> Int {
        let (_, data) = try await send("GET", "/dev/faults")
        return ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["pending"] as? [Any])?.count ?? -1
    }

    /// `/dev/match-attempts` for a device, newest first.
    func matchAttempts(deviceId: String) async throws -> [MatchAttempt] {
        let query = deviceId.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? deviceId
        let (status, data) = try await send("GET", "/dev/match-attempts?deviceId=\(query)&limit=200")
        guard status == 200 else { throw ProbeError("match-attempts answered \(status)") }
        return try JSONDecoder().decode(MatchAttempts.self, from: data).attempts
    }

    /// One request with URLSession (outside the SDK); returns status and body.
    func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, address: String = "127.0.0.1",
        headers: [String: String] = [:]
    ) async throws -> (Int, Data) {
        try await Self.send(method, baseURL.absoluteString + path, json: json, address: address, headers: headers)
    }

    /// Sends through the SDK's own ``URLSessionTransport`` (completion-handler data tasks on an ephemeral
    /// session). Not `URLSession.shared.data(for:)`: on Linux (Swift 6.3.1) a run of the durability test
    /// that polled `/dev/faults` every 10 ms with it crashed the test process once with
    /// "FoundationNetworking/TaskRegistry.swift:118: Fatal error: Trying to access a behaviour for a task
    /// that in not in the registry" (not reproduced in isolation: 8 × 400 concurrent calls passed; never
    /// seen since on this path).
    static func send(
        _ method: String, _ url: String, json: [String: Any]? = nil, address: String = "127.0.0.1",
        headers: [String: String] = [:]
    ) async throws -> (Int, Data) {
        var allHeaders = headers
        allHeaders["X-Forwarded-For"] = address
        var body: Data?
        if let json {
            body = try JSONSerialization.data(withJSONObject: json)
            allHeaders["Content-Type"] = "application/json"
        }
        let request = HTTPRequest(method: method, url: URL(string: url)!, headers: allHeaders, body: body, timeout: 10)
        let response = try await transport.send(request)
        return (response.status, response.body)
    }

    private static let transport = URLSessionTransport()
}

/// `/dev/match-attempts`.
struct MatchAttempts: Decodable {
    let attempts: [MatchAttempt]
}

/// One logged `/match`.
struct MatchAttempt: Decodable {
    struct Result: Decodable {
        let matched: Bool
        let matchMethod: String
        let matchConfidence: String?
        let matchScore: Int?
        let path: String?
    }

    struct Candidate: Decodable {
        let shortCode: String
        let ageSeconds: Double
        let points: [String: Int]
        let total: Int
    }

    let deviceId: String?
    let ip: String
    let result: Result
    let guardFired: Bool
    let threshold: Int
    let candidates: [Candidate]
}

/// Fresh temporary directories, one per use.
enum TemporaryDirectory {
    static func make(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("optolink-e2e-\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
