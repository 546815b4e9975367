import Foundation
import OptoLinkServer

/// Measure 7: what a pending click costs the server, and that a sustained flood of clicks leaves its
/// memory flat. Both run in child processes (this binary), so nothing else the bench
/// did counts.
enum ClickStoreBench {
    static let bytesMeasure = "7a. Click store: bytes per stored click"
    static let floodMeasure = "7b. Click store: RSS under a sustained redirect flood"
    /// The budget counts clicks by an estimate: the real cost may exceed it by at most a quarter.
    static let bytesGoal = "≤ 1.25× the budget's estimate"
    static let floodGoal = "flat: ≤ 2 MB after the warm-up"

    // MARK: Children

    /// Fills a store with `clicks` browser clicks from `addresses` addresses and prints the RSS before and after.
    static func bytesChild(clicks: Int, addresses: Int) {
        let before = ProcFS.residentBytes() ?? 0
        do {
            let fill = try ClickStoreFill.fill(clicks: clicks, addresses: addresses)
            let after = ProcFS.residentBytes() ?? 0
            withExtendedLifetime(fill) {
                print(
                    "CLICKS before=\(Int(before)) after=\(Int(after)) clicks=\(fill.clicks) "
                        + "estimated=\(fill.estimatedBytes) "
                        + "seconds=\(fill.seconds)")
            }
        } catch {
            print("CLICKS error \(error)")
        }
    }

    /// The flood's budget: 4 MiB of click records, 5 000 rows of clicks table.
    static let floodBudget = 4 << 20
    static let floodRows = 5_000
    /// The first third of the flood comes before the first reading: both budgets are full long before
    /// (about 4 400 click records and 5 000 rows), and the allocator has settled, so what follows is the
    /// steady state.

    /// Runs an embedded server with a small click budget and floods its redirect page with `requests`
    /// clicks (4 KiB Accept-Language each) from two keep-alive connections, printing the RSS after the
    /// warm-up, half-way through the rest, and at the end.
    static func floodChild(requests: Int) {
        let server: OptoLinkServer
        do {
            server = try OptoLinkServer(
                configuration: .init(
                    host: "127.0.0.1", port: 0, trustForwardedFor: true,
                    clickMemoryBudget: floodBudget, maxClickRows: floodRows, log: .discarding))
            try server.start()
        } catch {
            print("FLOOD error \(error)")
            return
        }
        defer { server.stop() }
        let port = server.port
        let language = String(repeating: "x", count: 4096)
        let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        let threads = 2
        let perThread = max(1, requests / threads)
        let readings = BenchLocked([Double](repeating: 0, count: 2))
        let warmUp = perThread / 3
        let failures = BenchLocked(0)
        let started = Stopwatch.now()
        let group = DispatchGroup()
        for t in 0..<threads {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                let client = FloodClient(port: port)
                for n in 0..<perThread {
                    // 2 000 addresses in turn: under the resolve limit (500/min each), as a real flood of many clients.
                    let a = (n * threads + t) % 2_000
                    let request = Array(
                        ("GET /demo/summer HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: \(userAgent)\r\n"
                            + "Accept-Language: \(language)\r\nX-Forwarded-For: 10.70.\(a / 250).\(a % 250)\r\n\r\n")
                            .utf8)
                    if client.exchange(request) != 200 { failures.withLock { $0 += 1 } }
                    if t == 0, n == warmUp || n == warmUp + (perThread - warmUp) / 2 {
                        let rss = ProcFS.residentBytes() ?? 0
                        readings.withLock { $0[n == warmUp ? 0 : 1] = rss }
                    }
                }
            }
            thread.start()
        }
        group.wait()
        let seconds = Stopwatch.now() - started
        let end = ProcFS.residentBytes() ?? 0
        let usage = ClickStoreFill.usage(of: server)
        let r = readings.withLock { $0 }
        print(
            "FLOOD warm=\(Int(r[0])) half=\(Int(r[1])) end=\(Int(end)) warmup=\(warmUp * threads) "
                + "requests=\(perThread * threads) "
                + "failures=\(failures.withLock { $0 }) seconds=\(seconds) records=\(usage.records) "
                + "bytes=\(usage.estimatedBytes) rows=\(usage.rows)"
        )
    }

    // MARK: Rows

    /// Clicks an address makes in each of 7a's workloads: each click from its own address (most installs),
    /// ten, and a hundred (an office or a carrier's shared address; past the 50 match candidates).
    static let clicksPerAddress = [1, 10, 100]

    /// 7a: `clicks` clicks stored in a child process (`child`, given the address count) for each of
    /// ``clicksPerAddress``; the worst ratio of the resident memory to the budget's estimate decides.
    static func bytesRow(
        clicks: Int, notes: inout [String], child: (Int) -> [String: Double]?
    ) -> BenchRow {
        let spreads = clicksPerAddress.map(String.init).joined(separator: ", ")
        let measure = "\(bytesMeasure) (\(Format.grouped(clicks)) clicks; \(spreads) an address)"
        var measured: [Double] = []
        var estimated: [Double] = []
        var seconds: [Double] = []
        for perAddress in clicksPerAddress {
            guard let v = child(max(1, clicks / perAddress)), let stored = v["clicks"], stored > 0 else {
                return .notMeasured(measure, goal: bytesGoal, reason: "child process failed")
            }
            measured.append(((v["after"] ?? 0) - (v["before"] ?? 0)) / stored)
            estimated.append((v["estimated"] ?? 0) / stored)
            seconds.append(v["seconds"] ?? 0)
        }
        let ratios = zip(measured, estimated).map { $0 / max($1, 1) }
        let worst = ratios.max() ?? .infinity
        func list(_ values: [Double]) -> String { values.map { String(Int($0.rounded())) }.joined(separator: " / ") }
        notes.append(
            "Click bytes: for \(spreads) clicks an address, a child process (this binary, `--child-click-bytes`) "
                + "stores \(Format.grouped(clicks)) clicks through `ClickStoreFill.fill` (the redirect page's "
                + "`recordClick`: iPhone User-Agent, `en-US,en;q=0.9`, the demo `summer` link, no budget) in "
                + seconds.map(Format.duration).joined(separator: " / ")
                + "; VmRSS before and after, over the clicks stored, against what the memory budget "
                + "(`clickMemoryBudget`, default 128 MiB) counts: `MatchState.estimatedBytes` for each record and "
                + "for each address with its match candidates. Ratios "
                + ratios.map(Format.ratio).joined(separator: " / ") + ". "
                + "Before the header was cut, a click with a 4 KiB Accept-Language took about 10.4 KB; now the "
                + "header keeps only its first language tag (≤ 35 characters).")
        return BenchRow(
            measure: measure, ours: "\(list(measured)) B/click (RSS)",
            baseline: "\(list(estimated)) B/click (the budget's estimate)", ratio: Format.ratio(worst),
            goal: bytesGoal, verdict: worst <= 1.25 ? .met : .missed)
    }

    static func run(clicks: Int, floodRequests: Int) -> MeasureResult {
        var rows: [BenchRow] = []
        var notes: [String] = []
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return MeasureResult(
                rows: [
                    .notMeasured(bytesMeasure, goal: bytesGoal, reason: "/proc/self/exe unreadable"),
                    .notMeasured(floodMeasure, goal: floodGoal, reason: "/proc/self/exe unreadable"),
                ], notes: [])
        }
        func values(_ flag: String, _ arguments: String..., prefix: String) -> [String: Double]? {
            guard let output = try? Spawn.run([executable, flag] + arguments),
                let line = output.output.split(separator: "\n").first(where: { $0.hasPrefix(prefix + " ") })
            else { return nil }
            let values = ReportLine.values(line)
            return values.isEmpty ? nil : values
        }

        rows.append(
            bytesRow(clicks: clicks, notes: &notes) {
                values("--child-click-bytes", "\(clicks)", "\($0)", prefix: "CLICKS")
            })

        let flood = "\(floodMeasure) (\(Format.grouped(floodRequests)) clicks, 4 MiB budget)"
        if let v = values("--child-click-flood", "\(floodRequests)", prefix: "FLOOD"), let warm = v["warm"],
            let end = v["end"]
        {
            let growth = end - warm
            let withinBudgets =
                (v["bytes"] ?? .infinity) <= Double(floodBudget)
                && (v["rows"] ?? .infinity) <= Double(floodRows + floodRows / 16)
            let clean = (v["failures"] ?? 1) == 0
            rows.append(
                BenchRow(
                    measure: flood,
                    ours:
                        "\(Format.megabytes(warm)) → \(Format.megabytes(end)) "
                        + "(\(growth >= 0 ? "+" : "")\(Format.megabytes(growth)) "
                        + "over \(Format.grouped(Int((v["requests"] ?? 0) - (v["warmup"] ?? 0)))) clicks)",
                    baseline:
                        "\(Format.megabytes(warm)) (same process after \(Format.grouped(Int(v["warmup"] ?? 0))) "
                        + "clicks)",
                    ratio: Format.ratio(end / max(warm, 1)),
                    goal: floodGoal, verdict: growth <= 2_000_000 && withinBudgets && clean ? .met : .missed))
            notes.append(
                "Click flood: a child process (this binary, `--child-click-flood`) runs the embedded server with "
                    + "`clickMemoryBudget` 4 MiB and `maxClickRows` \(Format.grouped(floodRows)), then two keep-alive "
                    + "clients send "
                    + "\(Format.grouped(Int(v["requests"] ?? 0))) `GET /demo/summer` (iPhone User-Agent, a 4 KiB "
                    + "Accept-Language, "
                    + "`X-Forwarded-For` from 2 000 addresses in turn, under their rate limit) in "
                    + "\(Format.duration(v["seconds"] ?? 0)), "
                    + "\(Int(v["failures"] ?? 0)) not answered 200. VmRSS after the first "
                    + "\(Format.grouped(Int(v["warmup"] ?? 0))) clicks "
                    + "(both budgets full) \(Format.megabytes(warm)), half-way through the rest "
                    + "\(Format.megabytes(v["half"] ?? 0)), at the end "
                    + "\(Format.megabytes(end)); held at the end: \(Format.grouped(Int(v["records"] ?? 0))) click "
                    + "records "
                    + "(\(Format.megabytes(v["bytes"] ?? 0)) by the estimate) and "
                    + "\(Format.grouped(Int(v["rows"] ?? 0))) rows of the clicks "
                    + "table. Flat = ≤ 2 MB more after the warm-up.")
        } else {
            rows.append(.notMeasured(flood, goal: floodGoal, reason: "child process failed"))
        }
        return MeasureResult(rows: rows, notes: notes)
    }
}
