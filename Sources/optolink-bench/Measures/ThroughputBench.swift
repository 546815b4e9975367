import Foundation
import OptoLink

/// Measure 4: requests per second of the reference server on `/data` and `/match` (keep-alive, wrk),
/// against nginx serving a static JSON file of the same size.
enum ThroughputBench {
    static let dataMeasure = "4a. Server GET /demo/summer/data (wrk, keep-alive)"
    static let matchMeasure = "4b. Server POST /match (wrk, keep-alive)"
    static let dataGoal = "≥ 0.5× nginx"
    static let matchBody =
        #"{"deviceId":"bench-device-0001","platform":"iOS","osVersion":"17.4.1","#
        + #""deviceModel":"iPhone16,1","language":"en-US","timezone":"Europe/Berlin"}"#

    static func run(seconds: Int, warmup: Bool, threads: Int = 2, connections: Int = 32) async -> MeasureResult {
        func unavailable(_ reason: String, notes: [String] = []) -> MeasureResult {
            MeasureResult(
                rows: [
                    .notMeasured(dataMeasure, goal: dataGoal, reason: reason),
                    .notMeasured(matchMeasure, goal: BenchRow.noGoal, reason: reason),
                ]
                    + EmulatedResolve.all.map { .notMeasured($0.measure, goal: BenchRow.noGoal, reason: reason) },
                notes: notes)
        }
        let (paths, installNotes) = Tooling.ensure([
            .init(binary: "wrk", package: "wrk"), .init(binary: "nginx", package: "nginx"),
        ])
        guard let wrkPath = paths["wrk"] else { return unavailable("wrk missing", notes: installNotes) }
        guard let nginxPath = paths["nginx"] else { return unavailable("nginx missing", notes: installNotes) }

        let server: BenchServer
        do { server = try BenchServer() } catch { return unavailable("server: \(error)", notes: installNotes) }
        defer { server.stop() }
        // The bodies nginx serves: byte for byte what our server answers.
        let dataBody: Data
        let matchBodyBytes: Data
        do {
            let data = try await server.get("/demo/summer/data", forwardedFor: "127.1.0.1")
            let match = try await server.post("/match", json: matchBody, forwardedFor: "127.1.0.2")
            guard data.status == 200, match.status == 200 else {
                throw BenchError("probe answered \(data.status)/\(match.status)")
            }
            dataBody = data.body
            matchBodyBytes = match.body
        } catch {
            return unavailable("probe: \(error)", notes: installNotes)
        }

        let scriptPath = NSTemporaryDirectory() + "optolink-bench-\(getpid()).lua"
        do { try WrkRunner.script.write(toFile: scriptPath, atomically: true, encoding: .utf8) } catch {
            return unavailable("cannot write the wrk script: \(error)", notes: installNotes)
        }
        defer { try? FileManager.default.removeItem(atPath: scriptPath) }

        let nginx: NginxRunner
        do {
            nginx = try NginxRunner(files: ["data.json": dataBody, "match.json": matchBodyBytes])
            try nginx.start(binary: nginxPath)
        } catch {
            return unavailable("nginx: \(error)", notes: installNotes)
        }
        defer { nginx.stop() }

        let wrk = WrkRunner(
            binary: wrkPath, scriptPath: scriptPath, threads: threads, connections: connections, seconds: seconds)
        let ours = server.baseURL.absoluteString
        let theirs = "http://127.0.0.1:\(nginx.port)"
        do {
            if warmup {
                _ = try wrk.run(url: ours, path: "/demo/summer/data", seconds: 1)
                _ = try wrk.run(url: theirs, path: "/data.json", seconds: 1)
            }
            let ourData = try wrk.run(url: ours, path: "/demo/summer/data")
            let nginxData = try wrk.run(url: theirs, path: "/data.json")
            let ourMatch = try matchLoad(wrk, on: ours)
            let nginxMatch = try wrk.run(url: theirs, path: "/match.json")
            let emulated = try EmulatedResolve.all.map { route in
                (
                    route,
                    try wrk.run(url: ours, path: route.path, method: "POST", body: route.body, header: route.header)
                )
            }

            func cell(_ s: WrkRunner.Summary, extra: String = "") -> String {
                "\(Format.rate(s.requestsPerSecond, unit: " req/s")), p50 \(Format.duration(s.p50)), p99 "
                    + "\(Format.duration(s.p99))\(extra)"
            }
            func statusNote(_ s: WrkRunner.Summary) -> String {
                "\(s.requests) requests, \(s.tooManyRequests) × 429, \(s.otherStatus) other non-200, "
                    + "\(s.socketErrors) socket errors"
            }
            let dataRatio = ourData.requestsPerSecond / max(nginxData.requestsPerSecond, 1e-9)
            let matchRatio = ourMatch.requestsPerSecond / max(nginxMatch.requestsPerSecond, 1e-9)
            let dataClean = ourData.tooManyRequests == 0 && ourData.otherStatus == 0
            let rows =
                [
                    BenchRow(
                        measure: dataMeasure, ours: cell(ourData),
                        baseline: cell(nginxData, extra: " (nginx static file)"),
                        ratio: Format.ratio(dataRatio), goal: dataGoal,
                        verdict: dataRatio >= 0.5 && dataClean ? .met : .missed),
                    BenchRow(
                        measure: matchMeasure, ours: cell(ourMatch, extra: ", \(ourMatch.tooManyRequests) × 429"),
                        baseline: cell(nginxMatch, extra: " (nginx static GET)"),
                        ratio: Format.ratio(matchRatio), goal: BenchRow.noGoal, verdict: .info),
                ]
                + emulated.map { route, summary in
                    BenchRow(
                        measure: route.measure,
                        ours: cell(summary, extra: summary.otherStatus > 0 ? ", \(summary.otherStatus) × non-200" : ""),
                        baseline: cell(ourData, extra: " (ours, GET /data)"),
                        ratio: Format.ratio(summary.requestsPerSecond / max(ourData.requestsPerSecond, 1e-9)),
                        goal: BenchRow.noGoal,
                        verdict: summary.otherStatus == 0 && summary.tooManyRequests == 0 ? .info : .missed)
                }
            let notes =
                installNotes + [
                    "Throughput: `wrk -t\(threads) -c\(connections) -d\(seconds)s` (keep-alive) on "
                        + "127.0.0.1, one run each, same Lua script for "
                        + "both servers: it sets a new `X-Forwarded-For` for every request (127.64.0.0/10, "
                        + "unique within a run; header values "
                        + "only, every packet goes to 127.0.0.1) and counts 429s. Our server is the "
                        + "embedded reference server (in-memory "
                        + "SQLite, `trustForwardedFor`), so the per-address limits (`/data` 500/min, "
                        + "`/match` 30/min) never trigger and "
                        + "each request does the full work (rate-limit bookkeeping, click insert / match + "
                        + "attempt log + device upsert + "
                        + "audit). nginx \(nginxVersion(nginxPath)) (2 workers, access log off, "
                        + "keepalive_requests 1000000) serves "
                        + "the same bytes as static files: `data.json` (\(dataBody.count) B, = our `/data` "
                        + "answer) and `match.json` "
                        + "(\(matchBodyBytes.count) B, = our no-match `/match` answer). nginx cannot answer "
                        + "a POST with a static file, "
                        + "so its `/match` baseline is a GET: 4b compares a full POST /match with serving "
                        + "bytes, and has no goal. "
                        + "Ours /data: \(statusNote(ourData)); nginx /data: \(statusNote(nginxData)); ours "
                        + "/match: \(statusNote(ourMatch)); "
                        + "nginx /match: \(statusNote(nginxMatch)).",
                    "4c–4e: each emulated service's resolve route (docs/server.md, \"Emulated services\") "
                        + "with the same wrk script and "
                        + "the demo seed's key or signature, against our own GET /data in the same run (a "
                        + "non-200 answer marks the row "
                        + "missed). "
                        + emulated.map { "\($0.0.measure.prefix(3)) \(statusNote($0.1))" }.joined(separator: "; ")
                        + ".",
                ]
            return MeasureResult(rows: rows, notes: notes)
        } catch {
            return unavailable("wrk: \(error)", notes: installNotes)
        }
    }

    /// Row 4b's load: `wrk` POSTing ``matchBody`` to `/match` on `url`.
    static func matchLoad(_ wrk: WrkRunner, on url: String) throws -> WrkRunner.Summary {
        try wrk.run(url: url, path: "/match", method: "POST", body: matchBody)
    }

    /// Row 4b's workload alone, for another measure's baseline: ``matchLoad(_:on:)`` for `seconds` against a
    /// fresh embedded server (the same `BenchServer`, script and wrk settings as measure 4).
    static func bareMatch(seconds: Int, threads: Int = 2, connections: Int = 32) throws -> WrkRunner.Summary {
        guard let wrkPath = Tooling.ensure([.init(binary: "wrk", package: "wrk")]).paths["wrk"] else {
            throw BenchError("wrk missing")
        }
        let server = try BenchServer()
        defer { server.stop() }
        let scriptPath = NSTemporaryDirectory() + "optolink-bench-match-\(getpid()).lua"
        try WrkRunner.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scriptPath) }
        let wrk = WrkRunner(
            binary: wrkPath, scriptPath: scriptPath, threads: threads, connections: connections, seconds: seconds)
        return try matchLoad(wrk, on: server.baseURL.absoluteString)
    }

    /// `nginx -v` (it prints to stderr).
    /// One emulated resolve route as wrk sends it.
    struct EmulatedResolve: Sendable {
        var measure: String
        var path: String
        var body: String
        var header: String

        /// QubeRoute's resolve (no install token), Deep Blue's resolve, AppsFlyer's signed deep-link request
        /// (seed 003's example, valid for the demo DevKey).
        static let all = [
            EmulatedResolve(
                measure: "4c. Emulated QubeRoute POST /api/v1/sdk/resolve vs ours /data", path: "/api/v1/sdk/resolve",
                body: #"{"url":"https://demo.qr.example/qr/spring"}"#,
                header: "Authorization: Bearer qr_live_demo_publishable_key_0001"),
            EmulatedResolve(
                measure: "4d. Emulated Deep Blue POST /api/links/resolve vs ours /data", path: "/api/links/resolve",
                body: #"{"url":"https://demo.dev.thedbl.ink/spring"}"#,
                header: "Api-Key: dbl_live_demo_key_0000000001"),
            EmulatedResolve(
                measure: "4e. Emulated AppsFlyer POST /v1.0/ios/{app_id} vs ours /data",
                path: "/v1.0/ios/id123456789?af_sig=ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327",
                body:
                    #"{"ip":"127.0.0.1","is_first":"true","lang":"en-US","os":"17.4.1","#
                    + #""timestamp":"2015-01-22T08:45:33.412","type":"iPhone"}"#,
                header: ""),
        ]
    }

    static func nginxVersion(_ path: String) -> String {
        let text = (try? Spawn.run([path, "-v"]).output) ?? ""
        return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }
}
