import Foundation
import OptoLink

/// Measure 4: requests per second of the reference server on `/data` and `/match` (keep-alive, wrk),
/// against nginx serving a static JSON file of the same size.
enum ThroughputBench {
    static let dataMeasure = "4a. Server GET /demo/summer/data (wrk, keep-alive)"
    static let matchMeasure = "4b. Server POST /match (wrk, keep-alive)"
    static let dataGoal = "≥ 0.5× nginx"
    static let matchGoal = "— (reported)"
    static let matchBody = #"{"deviceId":"bench-device-0001","platform":"iOS","osVersion":"17.4.1","deviceModel":"iPhone16,1","language":"en-US","timezone":"Europe/Berlin"}"#

    static func run(seconds: Int, warmup: Bool, threads: Int = 2, connections: Int = 32) async -> MeasureResult {
        func unavailable(_ reason: String, notes: [String] = []) -> MeasureResult {
            MeasureResult(rows: [.notMeasured(dataMeasure, goal: dataGoal, reason: reason),
                                 .notMeasured(matchMeasure, goal: matchGoal, reason: reason)], notes: notes)
        }
        let (paths, installNotes) = Tooling.ensure([.init(binary: "wrk", package: "wrk"), .init(binary: "nginx", package: "nginx")])
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
            guard data.status == 200, match.status == 200 else { throw BenchError("probe answered \(data.status)/\(match.status)") }
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

        let wrk = WrkRunner(binary: wrkPath, scriptPath: scriptPath, threads: threads, connections: connections, seconds: seconds)
        let ours = server.baseURL.absoluteString
        let theirs = "http://127.0.0.1:\(nginx.port)"
        do {
            if warmup {
                _ = try wrk.run(url: ours, path: "/demo/summer/data", seconds: 1)
                _ = try wrk.run(url: theirs, path: "/data.json", seconds: 1)
            }
            let ourData = try wrk.run(url: ours, path: "/demo/summer/data")
            let nginxData = try wrk.run(url: theirs, path: "/data.json")
            let ourMatch = try wrk.run(url: ours, path: "/match", method: "POST", body: matchBody)
            let nginxMatch = try wrk.run(url: theirs, path: "/match.json")

            func cell(_ s: WrkRunner.Summary, extra: String = "") -> String {
                "\(Format.rate(s.requestsPerSecond, unit: " req/s")), p50 \(Format.duration(s.p50)), p99 \(Format.duration(s.p99))\(extra)"
            }
            func statusNote(_ s: WrkRunner.Summary) -> String {
                "\(s.requests) requests, \(s.tooManyRequests) × 429, \(s.otherStatus) other non-200, \(s.socketErrors) socket errors"
            }
            let dataRatio = ourData.requestsPerSecond / max(nginxData.requestsPerSecond, 1e-9)
            let matchRatio = ourMatch.requestsPerSecond / max(nginxMatch.requestsPerSecond, 1e-9)
            let dataClean = ourData.tooManyRequests == 0 && ourData.otherStatus == 0
            let rows = [
                BenchRow(measure: dataMeasure, ours: cell(ourData), baseline: cell(nginxData, extra: " (nginx static file)"),
                         ratio: Format.ratio(dataRatio), goal: dataGoal, verdict: dataRatio >= 0.5 && dataClean ? .met : .missed),
                BenchRow(measure: matchMeasure, ours: cell(ourMatch, extra: ", \(ourMatch.tooManyRequests) × 429"),
                         baseline: cell(nginxMatch, extra: " (nginx static GET)"),
                         ratio: Format.ratio(matchRatio), goal: matchGoal, verdict: .info),
            ]
            let notes = installNotes + [
                "Throughput: `wrk -t\(threads) -c\(connections) -d\(seconds)s` (keep-alive) on 127.0.0.1, one run each, same Lua script for "
                    + "both servers: it sets a new `X-Forwarded-For` for every request (127.64.0.0/10, unique within a run; header values "
                    + "only, every packet goes to 127.0.0.1) and counts 429s. Our server is the embedded reference server (in-memory "
                    + "SQLite, `trustForwardedFor`), so the per-address limits (`/data` 500/min, `/match` 30/min) never trigger and "
                    + "each request does the full work (rate-limit bookkeeping, click insert / match + attempt log + device upsert + "
                    + "audit). nginx \(nginxVersion(nginxPath)) (2 workers, access log off, keepalive_requests 1000000) serves "
                    + "the same bytes as static files: `data.json` (\(dataBody.count) B, = our `/data` answer) and `match.json` "
                    + "(\(matchBodyBytes.count) B, = our no-match `/match` answer). nginx cannot answer a POST with a static file, "
                    + "so its `/match` baseline is a GET: 4b compares a full POST /match with serving bytes, and has no goal. "
                    + "Ours /data: \(statusNote(ourData)); nginx /data: \(statusNote(nginxData)); ours /match: \(statusNote(ourMatch)); "
                    + "nginx /match: \(statusNote(nginxMatch)).",
            ]
            return MeasureResult(rows: rows, notes: notes)
        } catch {
            return unavailable("wrk: \(error)", notes: installNotes)
        }
    }

    /// `nginx -v` (it prints to stderr).
    static func nginxVersion(_ path: String) -> String {
        let text = (try? Spawn.run([path, "-v"]).text) ?? ""
        return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }
}
