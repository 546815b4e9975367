import Foundation
import OptoLinkServer
import Testing

/// The raw API keys never reach the server's logs or its database: run `optolink-server` with a log file
/// and `--db`, exercise every route with every demo key (valid, wrong tier, suspended org, unknown),
/// then search the log and the database files (main, `-wal`, `-shm`) byte by byte.
@Suite("Secrets stay out of logs and database", .tags(.processes), .skippable(.processes))
struct SecretsTests {
    /// A key of the right shape that the server does not know: it must not be stored either.
    static let unknownKey = "opl_sdk_demo_client_key_9999999999"

    /// Every route, with the keys a client or an operator would send, and the status each must answer.
    static func exerciseEveryRoute(_ base: String) async throws {
        func call(
            _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:],
            expect status: Int, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> Data {
            let (answer, data) = try await TestServer.send(
                method, base + path, json: json, address: "198.18.0.7", headers: headers)
            #expect(
                answer == status, "\(method) \(path): \(String(decoding: data, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return data
        }
        let bearer = { (key: String) in ["Authorization": "Bearer \(key)"] }
        let device = "secret-test-device-0001"
        let iPhone = [
            "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X)", "Accept-Language": "en-US",
        ]

        _ = try await call("GET", "/health", expect: 200)
        _ = try await call("GET", "/.well-known/apple-app-site-association", expect: 200)
        _ = try await call("GET", "/demo/summer", headers: iPhone, expect: 200)
        _ = try await call(
            "GET", "/demo/summer/data?deviceId=\(device)", headers: ["X-API-Key": DemoKeys.client], expect: 200)
        let fingerprint: [String: Any] = [
            "deviceId": device, "platform": "iOS", "osVersion": "17.4.1", "deviceModel": "iPhone16,1",
            "language": "en-US", "timezone": "Europe/Berlin",
        ]
        for key in DemoKeys.all + [unknownKey] {
            _ = try await call("POST", "/match", json: fingerprint, headers: ["X-API-Key": key], expect: 200)
        }
        _ = try await call(
            "POST", "/sdk/session", json: ["deviceId": device], headers: bearer(DemoKeys.client), expect: 200)
        _ = try await call(
            "POST", "/sdk/identity", json: ["deviceId": device, "externalId": "user-7"],
            headers: bearer(DemoKeys.client), expect: 200)
        _ = try await call(
            "POST", "/sdk/identity/clear", json: ["deviceId": device], headers: bearer(DemoKeys.client), expect: 200)
        _ = try await call(
            "POST", "/sdk/events", json: ["deviceId": device, "eventName": "signup", "properties": ["plan": "pro"]],
            headers: bearer(DemoKeys.client), expect: 200)
        _ = try await call(
            "POST", "/sdk/session", json: ["deviceId": "beta-device-0001"], headers: bearer(DemoKeys.beta), expect: 200)
        _ = try await call(
            "POST", "/sdk/session", json: ["deviceId": device], headers: bearer(DemoKeys.server), expect: 403)
        _ = try await call(
            "POST", "/sdk/session", json: ["deviceId": device], headers: bearer(DemoKeys.gone), expect: 403)
        _ = try await call(
            "POST", "/sdk/events", json: ["deviceId": device, "eventName": "x"], headers: bearer(unknownKey),
            expect: 401)
        _ = try await call("GET", "/links", headers: bearer(DemoKeys.client), expect: 403)
        _ = try await call("GET", "/links", headers: bearer(DemoKeys.server), expect: 200)
        let created = try await call(
            "POST", "/links", json: ["shortCode": "secret-check", "path": "/secret/check", "params": ["a": "b"]],
            headers: bearer(DemoKeys.server), expect: 201)
        let id = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["id"] as? String)
        _ = try await call("GET", "/links/\(id)", headers: bearer(DemoKeys.server), expect: 200)
        _ = try await call(
            "PATCH", "/links/\(id)", json: ["path": "/secret/checked"], headers: bearer(DemoKeys.server), expect: 200)
        _ = try await call("GET", "/links/\(id)/qr.svg", headers: bearer(DemoKeys.server), expect: 200)
        _ = try await call("GET", "/links/\(id)/qr.png", headers: bearer(DemoKeys.server), expect: 200)
        _ = try await call("DELETE", "/links/\(id)", headers: bearer(DemoKeys.server), expect: 200)
        _ = try await call(
            "POST", "/dev/deferred/simulate", json: ["orgKey": "demo", "shortCode": "summer", "platform": "iOS"],
            expect: 200)
        _ = try await call("GET", "/dev/match-attempts?limit=200", expect: 200)
        _ = try await call(
            "POST", "/dev/faults", json: ["route": "sdk", "kind": "status", "status": 503, "count": 1], expect: 200)
        _ = try await call("GET", "/dev/faults", expect: 200)
        _ = try await call(
            "POST", "/sdk/session", json: ["deviceId": device], headers: bearer(DemoKeys.client), expect: 503)
        _ = try await call("DELETE", "/dev/faults", expect: 200)
    }

    /// Each raw key found in `file`, as "key in file" lines.
    static func keysFound(in files: [URL], keys: [String]) -> [String] {
        var found: [String] = []
        for file in files {
            guard let data = try? Data(contentsOf: file) else { continue }
            for key in keys where data.range(of: Data(key.utf8)) != nil {
                found.append("\(key) in \(file.lastPathComponent)")
            }
        }
        return found
    }

    @Test("no raw key in the log, the database, its -wal or -shm (seed from a file: nothing printed at start)")
    func noRawKeysStored() async throws {
        let directory = TemporaryDirectory.make("secrets")
        let database = directory.appendingPathComponent("optolink.sqlite")
        let log = directory.appendingPathComponent("server.log")
        let seed = directory.appendingPathComponent("seed.json")
        try JSONEncoder().encode(ServerSeed.demo).write(to: seed)
        let server = try await ServerProcess.start(
            ["--db", database.path, "--seed", seed.path, "--trust-forwarded-for"], log: log)
        defer { server.child.kill() }

        try await Self.exerciseEveryRoute(server.baseURL)

        let files = [
            log, database, URL(fileURLWithPath: database.path + "-wal"), URL(fileURLWithPath: database.path + "-shm"),
        ]
        #expect(FileManager.default.fileExists(atPath: database.path + "-wal"))  // the WAL really was searched
        let keys = DemoKeys.all + [Self.unknownKey]
        #expect(
            Self.keysFound(in: files, keys: keys).isEmpty, "while running: \(Self.keysFound(in: files, keys: keys))")
        // Prefixes are fine (the lookup index and the audit's `sdk:<first 8>`); the hash is not the key.
        server.child.kill(SIGTERM)
        #expect(await server.child.waitForExit(timeout: 10) == 0)
        #expect(Self.keysFound(in: files, keys: keys).isEmpty, "after stop: \(Self.keysFound(in: files, keys: keys))")
        #expect(server.child.output.contains("stopped"))
        try? FileManager.default.removeItem(at: directory)
    }

    @Test("with the built-in demo seed, the keys appear only in the documented start-up banner, never in the database")
    func builtInSeedPrintsKeysOnlyInBanner() async throws {
        let directory = TemporaryDirectory.make("secrets-banner")
        let database = directory.appendingPathComponent("optolink.sqlite")
        let log = directory.appendingPathComponent("server.log")
        let server = try await ServerProcess.start(["--db", database.path, "--trust-forwarded-for"], log: log)
        defer { server.child.kill() }

        try await Self.exerciseEveryRoute(server.baseURL)
        server.child.kill(SIGTERM)
        #expect(await server.child.waitForExit(timeout: 10) == 0)

        let bannerPrefixes = ["  CLIENT key: ", "  SERVER key: ", "other orgs: "]
        let keyLines = server.child.lines.filter { line in DemoKeys.all.contains { line.contains($0) } }
        #expect(!keyLines.isEmpty)
        #expect(keyLines.allSatisfy { line in bannerPrefixes.contains { line.hasPrefix($0) } }, "\(keyLines)")
        #expect(!keyLines.contains { $0.contains(Self.unknownKey) })
        #expect(server.child.lines.filter { $0.hasPrefix("  CLIENT key: ") }.count == 1)  // printed once, at start
        let files = [database, URL(fileURLWithPath: database.path + "-wal")]
        #expect(Self.keysFound(in: files, keys: DemoKeys.all + [Self.unknownKey]).isEmpty)
        try? FileManager.default.removeItem(at: directory)
    }
}
