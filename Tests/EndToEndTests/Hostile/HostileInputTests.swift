import Foundation
import OptoLinkServer
import Testing

/// Hostile input over real sockets against a real `OptoLinkServer` on 127.0.0.1: every input is
/// answered 4xx with the envelope (`message`, `requestId` equal to the `X-Request-Id` header), never
/// a 5xx, and `GET /health` keeps being served meanwhile (a poller runs throughout, and a check runs
/// between batches).
@Suite("Hostile input over sockets", .tags(.load), .skippable(.load))
struct HostileInputTests {
    /// A started server that trusts `X-Forwarded-For` (each input comes from its own address, so the
    /// rate limits never hide a validation answer).
    static func startServer() throws -> OptoLinkServer {
        let server = try OptoLinkServer(configuration: .init(host: "127.0.0.1", port: 0, trustForwardedFor: true))
        try server.start()
        return server
    }

    /// Sends `bytes` on a fresh connection and reads one answer.
    static func send(_ bytes: [UInt8], port: Int, timeout: TimeInterval = 10) throws -> RawHTTPConnection.Response {
        let connection = try RawHTTPConnection(port: port, timeout: timeout)
        return try connection.exchange(bytes)
    }

    /// nil when `response` is a 4xx with the envelope (and, for `expect`, the right status / field).
    static func problem(with response: RawHTTPConnection.Response, expect: HostileRequests.Probe.Expect) -> String? {
        guard (400...499).contains(response.status) else { return "status \(response.status), not 4xx" }
        switch expect {
        case .clientError: break
        case .status(let status):
            if response.status != status { return "status \(response.status), expected \(status)" }
        case .invalidField: if response.status != 400 { return "status \(response.status), expected 400" }
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] else {
            return "the body is not a JSON object: \(response.text.prefix(120))"
        }
        guard let message = object["message"] as? String, !message.isEmpty else {
            return "no message in \(response.text.prefix(120))"
        }
        guard let requestId = object["requestId"] as? String, !requestId.isEmpty else {
            return "no requestId in \(response.text.prefix(120))"
        }
        guard response.header("X-Request-Id") == requestId else {
            return "X-Request-Id \(response.header("X-Request-Id") ?? "missing") ≠ body requestId \(requestId)"
        }
        if case .invalidField(let field) = expect {
            let details = object["details"] as? [[String: Any]] ?? []
            guard details.contains(where: { $0["field"] as? String == field }) else {
                return "details do not name \(field): \(response.text.prefix(200))"
            }
        }
        return nil
    }

    /// `GET /health` on a fresh connection: 200 `{"ok":true}` within 1 s, else what went wrong.
    static func healthProblem(port: Int) -> String? {
        let started = Date()
        do {
            let response = try send(HostileRequests.request("GET", "/health"), port: port, timeout: 2)
            let elapsed = Date().timeIntervalSince(started)
            guard response.status == 200, response.text.contains("\"ok\":true") else {
                return "health answered \(response)"
            }
            return elapsed <= 1 ? nil : "health took \(elapsed) s"
        } catch {
            return "health failed: \(error)"
        }
    }

    /// Polls `/health` every 20 ms on its own thread until stopped; counts answers and problems.
    final class HealthPoller: @unchecked Sendable {
        // `@unchecked Sendable` is safe: the mutable members are only touched while `lock` is held.
        private let lock = NSLock()
        private var stopped = false
        private var served = 0
        private var problems: [String] = []
        private let done = DispatchSemaphore(value: 0)

        init(port: Int) {
            let thread = Thread { [self] in
                while !isStopped {
                    let problem = HostileInputTests.healthProblem(port: port)
                    lock.lock()
                    if let problem { problems.append(problem) } else { served += 1 }
                    lock.unlock()
                    Thread.sleep(forTimeInterval: 0.02)
                }
                done.signal()
            }
            thread.start()
        }

        private var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        /// Stops polling; returns (answers served, problems).
        func stop() -> (Int, [String]) {
            lock.lock()
            stopped = true
            lock.unlock()
            done.wait()
            lock.lock()
            defer { lock.unlock() }
            return (served, problems)
        }
    }

    /// Raw request lines and headers that are not HTTP, or not acceptable HTTP.
    static let malformedHeads: [(String, [UInt8], HostileRequests.Probe.Expect)] = {
        func raw(_ text: String) -> [UInt8] { Array(text.utf8) }
        let sessionBody = #"{"deviceId":"hostile-device-01"}"#
        var heads: [(String, [UInt8], HostileRequests.Probe.Expect)] = [
            ("garbage", raw("GARBAGE\r\n\r\n"), .status(400)),
            ("method only", raw("GET\r\n\r\n"), .status(400)),
            ("no version", raw("GET /health\r\n\r\n"), .status(400)),
            ("method not a token", raw("G@T /health HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)),
            // A method is a case-sensitive token (RFC 9110 §9.1): `get` is one the route does not serve.
            ("lower-case method", raw("get /health HTTP/1.1\r\nHost: x\r\n\r\n"), .status(405)),
            ("relative target", raw("GET health HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)),
            ("four parts", raw("GET /health HTTP/1.1 extra\r\nHost: x\r\n\r\n"), .status(400)),
            ("double space", raw("GET  /health HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)),
            ("not HTTP", raw("GET /health FTP/1.0\r\n\r\n"), .status(400)),
            ("malformed version", raw("GET /health HTTP/x.y\r\nHost: x\r\n\r\n"), .status(400)),
            ("NUL in target", raw("GET /hea\u{0}lth HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)),
            ("TLS hello", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], .status(400)),
            (
                "target over 16 KiB",
                raw("GET /" + String(repeating: "a", count: 17_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"), .status(431)
            ),
            (
                "headers over 16 KiB",
                raw("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 17_000) + "\r\n\r\n"),
                .status(431)
            ),
            ("header without colon", raw("GET /health HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n"), .status(400)),
            ("space in header name", raw("GET /health HTTP/1.1\r\nHost: x\r\nBad Name: x\r\n\r\n"), .status(400)),
            ("empty header name", raw("GET /health HTTP/1.1\r\nHost: x\r\n: x\r\n\r\n"), .status(400)),
            ("folded header", raw("GET /health HTTP/1.1\r\nHost: x\r\nA: b\r\n folded\r\n\r\n"), .status(400)),
            ("space before colon", raw("GET /health HTTP/1.1\r\nHost : x\r\n\r\n"), .status(400)),
            ("NUL in header value", raw("GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n"), .status(400)),
            ("missing Host (HTTP/1.1)", raw("GET /health HTTP/1.1\r\n\r\n"), .status(400)),
            ("two different Hosts", raw("GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), .status(400)),
            (
                "Transfer-Encoding",
                raw("POST /match HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
                .status(411)
            ),
            (
                "Transfer-Encoding and Content-Length",
                raw("POST /match HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}"),
                .status(411)
            ),
            (
                "Authorization twice, different keys",
                raw(
                    "POST /sdk/session HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(HostileRequests.clientKey)\r\n"
                        + "Authorization: Bearer \(HostileRequests.serverKey)\r\n"
                        + "Content-Length: \(sessionBody.utf8.count)\r\n\r\n\(sessionBody)"
                ),
                .status(400)
            ),
        ]
        // Content-Length: negative, not a number, overflowing, over the limit, given twice.
        for value in [
            "-1", "abc", "1e3", "0x10", "+5", " ", "5 5", "1.0", "99999999999999999999999", "2000000", "1, 2",
            "2\r\nContent-Length: 3",
        ] {
            let expect: HostileRequests.Probe.Expect =
                ["99999999999999999999999", "2000000"].contains(value) ? .status(413) : .status(400)
            heads.append(
                (
                    "Content-Length \(value.debugDescription)",
                    raw("POST /match HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n{}"), expect
                ))
        }
        // Invalid UTF-8 in the target (raw and percent-encoded), in header names and values.
        heads.append(
            (
                "invalid UTF-8 in the path",
                raw("GET /de") + [0xFF, 0xFE] + raw("mo/summer/data HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)
            ))
        heads.append(
            (
                "percent-encoded invalid UTF-8 in the path", raw("GET /demo/%FF%FE/data HTTP/1.1\r\nHost: x\r\n\r\n"),
                .status(400)
            ))
        heads.append(
            (
                "percent-encoded invalid UTF-8 in the query",
                raw("GET /demo/summer/data?deviceId=%C3%28abcdefgh HTTP/1.1\r\nHost: x\r\n\r\n"), .status(400)
            ))
        // obs-text in a field value is opaque (RFC 9110 §5.5): not a key, so 401.
        heads.append(
            (
                "invalid UTF-8 in Authorization",
                raw("POST /sdk/session HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer opl_sdk_") + [0xC0, 0xAF]
                    + raw("\r\nContent-Length: 2\r\n\r\n{}"),
                .status(401)
            ))
        heads.append(
            (
                "invalid UTF-8 in X-Forwarded-For",
                raw("POST /match HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ") + [0xFF]
                    + raw("\r\nContent-Length: 2\r\n\r\n{}"), .status(400)
            ))
        heads.append(
            (
                "invalid UTF-8 in a header name",
                raw("GET /health HTTP/1.1\r\nHost: x\r\nX-") + [0xFF] + raw(": 1\r\n\r\n"), .status(400)
            ))
        return heads
    }()

    @Test func malformedRequestLinesHeadersAndContentLengthsAreAnswered4xxWithTheEnvelope() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let poller = HealthPoller(port: port)
        let heads = Self.malformedHeads
        let problems = try await HostileThreads.run { () -> [String] in
            var problems: [String] = []
            for (index, (label, bytes, expect)) in heads.enumerated() {
                do {
                    let response = try Self.send(bytes, port: port)
                    if let problem = Self.problem(with: response, expect: expect) {
                        problems.append("\(label): \(problem)")
                    }
                } catch {
                    problems.append("\(label): \(error)")
                }
                if index % 8 == 7, let problem = Self.healthProblem(port: port) {
                    problems.append("after \(label): \(problem)")
                }
            }
            return problems
        }
        let (served, healthProblems) = poller.stop()
        print(
            "Hostile heads: \(heads.count) inputs, \(problems.count) problems; /health served \(served) times meanwhile"
        )
        #expect(heads.count == 25 + 12 + 6)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(healthProblems.isEmpty, "\(healthProblems.prefix(5))")
        #expect(served > 0)
        #expect(Self.healthProblem(port: port) == nil)
    }

    @Test func anUnsupportedHTTPVersionIsA505WithTheEnvelope() async throws {
        // The one 5xx an input can cause, by design (RFC 9110 §15.6.6): a well-formed version the server does not
        // speak.
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let statuses = try await HostileThreads.run {
            try ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"].map { version in
                try Self.send(Array("GET /health \(version)\r\nHost: x\r\n\r\n".utf8), port: port)
            }
        }
        for response in statuses {
            #expect(response.status == 505)
            #expect(response.header("X-Request-Id") != nil)
            #expect(response.text.contains("\"message\""))
        }
    }

    @Test func wrongTypesForEveryFieldOfEveryRouteAreAnswered400NamingTheField() async throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        // An existing link's id for PATCH /links/:id.
        let list = try await HostileThreads.run {
            try Self.send(
                HostileRequests.request(
                    "GET", "/links", headers: [("Authorization", "Bearer \(HostileRequests.serverKey)")]), port: port)
        }
        let links = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])?["links"] as? [[String: Any]])
        let linkId = try #require(links.first?["id"] as? String)
        let routes = HostileRequests.routes(linkId: linkId)

        // The base bodies are valid: a session for the device first, then each route once (not /dev/faults,
        // whose valid body would inject a fault).
        let baseStatuses = try await HostileThreads.run {
            try routes.filter { $0.path != "/dev/faults" }.map { route -> (String, Int) in
                let members = route.base.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(
                    separator: ",")
                return (
                    route.path,
                    try Self.send(HostileRequests.request(route, body: Array("{\(members)}".utf8)), port: port).status
                )
            }
        }
        for (path, status) in baseStatuses {
            #expect((200...299).contains(status), "base body of \(path) answered \(status)")
        }

        let poller = HealthPoller(port: port)
        var tried = 0
        var problems: [String] = []
        for route in routes {
            let probes = HostileRequests.bodyProbes(route)
            #expect(probes.count == HostileRequests.expectedBodyProbeCount(route), "\(route.path)")
            let batch = try await HostileThreads.run { () -> [String] in
                var problems: [String] = []
                for probe in probes {
                    do {
                        let response = try Self.send(probe.bytes, port: port)
                        if let problem = Self.problem(with: response, expect: probe.expect) {
                            problems.append("\(probe.label): \(problem)")
                        }
                    } catch {
                        problems.append("\(probe.label): \(error)")
                    }
                }
                if let problem = Self.healthProblem(port: port) {
                    problems.append("after \(route.method) \(route.path): \(problem)")
                }
                return problems
            }
            tried += probes.count
            problems += batch
        }
        let (served, healthProblems) = poller.stop()
        // No rejected /dev/faults body left a fault behind.
        let faults = try await HostileThreads.run {
            try Self.send(HostileRequests.request("GET", "/dev/faults"), port: port)
        }
        #expect(faults.text == #"{"pending":[]}"#)

        let expected = routes.map(HostileRequests.expectedBodyProbeCount).reduce(0, +)
        print(
            "Hostile bodies: \(tried) inputs over \(routes.count) routes, "
                + "\(problems.count) problems; /health served \(served) times meanwhile"
        )
        #expect(tried == expected)
        #expect(tried >= 500)
        #expect(problems.isEmpty, "\(problems.prefix(30).joined(separator: "\n"))")
        #expect(healthProblems.isEmpty, "\(healthProblems.prefix(5))")
        #expect(Self.healthProblem(port: port) == nil)
    }

    @Test func aBodyShorterThanDeclaredGetsA408AfterTheRequestDeadlineAndTheConnectionCloses() async throws {
        // Real clock on purpose: the public server's 20 s request deadline (README-SERVER), measured.
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let (response, elapsed, closed, healthy) = try await HostileThreads.run {
            () -> (RawHTTPConnection.Response, TimeInterval, Bool, String?) in
            let connection = try RawHTTPConnection(port: port, timeout: 30)
            let started = Date()
            connection.send(
                "POST /match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"deviceId\":"
            )
            let healthy = Self.healthProblem(port: port)  // others are served while this one waits
            let response = try connection.readResponse()
            let elapsed = Date().timeIntervalSince(started)
            return (response, elapsed, connection.isClosedByPeer(), healthy)
        }
        #expect(response.status == 408)
        #expect(Self.problem(with: response, expect: .status(408)) == nil)
        #expect(elapsed >= 19 && elapsed < 25, "answered after \(elapsed) s")
        #expect(closed)
        #expect(healthy == nil)
    }

    @Test func stringLimitsCountUnicodeCodePointsAsTheSpecSays() async throws {
        // Regression: lengths were counted in grapheme clusters, so 101 combining code points passed a
        // 100 limit and 8 code points forming 4 characters failed an 8 minimum.
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let route = HostileRequests.routes(linkId: "unused")[1]  // POST /sdk/session
        let eightCodePoints = String(repeating: "e\u{301}", count: 4)  // 4 characters, 8 code points
        let overLimit = "a" + String(repeating: "\u{301}", count: 100)  // 1 character, 101 code points
        let statuses = try await HostileThreads.run {
            try [eightCodePoints, overLimit].map { deviceId in
                try Self.send(
                    HostileRequests.request(route, body: Array("{\"deviceId\":\"\(deviceId)\"}".utf8)), port: port)
            }
        }
        #expect(statuses[0].status == 200, "\(statuses[0])")
        #expect(Self.problem(with: statuses[1], expect: .invalidField("deviceId")) == nil, "\(statuses[1])")
    }
}
