import Foundation

#if canImport(Glibc)
import Glibc
#endif

// optolink-bench: measures start-up, direct-open overhead, backoff accuracy, server throughput, the match
// engine and the dashboard in one run, each against a baseline measured in the same run, and prints a
// Markdown table (also written to bench/RESULTS.md). Run it in release: `swift run -c release optolink-bench`.

signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child-dashboard-rss", arguments.count == 3, let attempts = Int(arguments[1]),
    let retries = Int(arguments[2])
{
    DashboardBench.rssChild(attempts: attempts, retries: retries)
    exit(0)
}
if arguments.first == "--child-click-bytes", arguments.count == 3, let clicks = Int(arguments[1]),
    let addresses = Int(arguments[2])
{
    ClickStoreBench.bytesChild(clicks: clicks, addresses: addresses)
    exit(0)
}
if arguments.first == "--child-lab", arguments.count == 2, let installs = Int(arguments[1]) {
    await LabBench.child(installs: installs)
    exit(0)
}
if arguments.first == "--child-replay-files", arguments.count == 3, let rows = Int(arguments[1]) {
    ReplayBench.filesChild(rows: rows, folder: arguments[2])
    exit(0)
}
if arguments.first == "--child-replay", arguments.count == 2 {
    await ReplayBench.child(folder: arguments[1])
    exit(0)
}
if arguments.first == "--child-click-flood", arguments.count == 2, let requests = Int(arguments[1]) {
    ClickStoreBench.floodChild(requests: requests)
    exit(0)
}

let options: BenchOptions
do {
    options = try BenchOptions.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

#if DEBUG
FileHandle.standardError.write(
    Data(
        "optolink-bench: built in DEBUG: numbers are not representative; use swift run -c release optolink-bench\n".utf8
    ))
#endif

@MainActor func progress(_ text: String) {
    FileHandle.standardError.write(Data("[\(String(format: "%6.1f", Stopwatch.now() - benchStart)) s] \(text)\n".utf8))
}

let benchStart = Stopwatch.now()
let startedAt = Date()
let loadAtStart = ProcFS.loadAverage() ?? "?"
let quick = options.quick
var rows: [BenchRow] = []
var notes: [String] = []
@MainActor func add(_ result: MeasureResult) {
    rows += result.rows
    notes += result.notes
    for row in result.rows { progress("  \(row.measure): \(row.ours) [\(row.verdict.text)]") }
}

if options.runs(1) {
    progress("1. start-up")
    add(await StartupBench.run(starts: quick ? 50 : 1_000, baselineStarts: quick ? 20 : 1_000, batch: quick ? 20 : 100))
    add(await QueuedStartBench.run(starts: quick ? 50 : 1_000, baselineRuns: quick ? 20 : 200))
}
if options.runs(2) {
    progress("2. direct open")
    add(await DirectOpenBench.run(pairs: quick ? 50 : 1_000, warmup: quick ? 10 : 50))
    progress("2b. direct open with the inspector attached")
    add(await InspectorBench.run(pairs: quick ? 50 : 1_000, warmup: quick ? 10 : 50))
    progress("2c-2e. each emulated service's link call vs a bare POST of the same request")
    add(await ProviderOpenBench.run(pairs: quick ? 50 : 1_000, warmup: quick ? 10 : 50))
    progress("2f. first launch, start → first request on the wire: AppsFlyer (signing hook excluded) vs OptoLink")
    add(await FirstRequestBench.run(pairs: quick ? 50 : 1_000, warmup: quick ? 10 : 50))
}
if options.runs(3) {
    progress("3. backoff accuracy")
    add(await BackoffBench.run(rounds: quick ? 1 : 3))
}
if options.runs(4) {
    progress("4. server throughput")
    add(await ThroughputBench.run(seconds: quick ? 2 : 10, warmup: !quick))
}
if options.runs(5) {
    progress("5. match engine")
    add(MatchEngineBench.run(matches: quick ? 20_000 : 200_000))
}
if options.runs(6) {
    progress("6. dashboard")
    add(DashboardBench.render(iterations: quick ? 200 : 2_000))
    add(DashboardBench.rss(attempts: 10_000, retries: 10_000))
    add(DashboardBench.idleCPU(seconds: quick ? 2 : 10, buildIfMissing: options.buildDashboard))
    progress("6e-6f. dashboard: the render loop while recording a session, a recorded hour's size")
    add(SessionBench.run(turns: quick ? 200 : 2_000))
    progress("6g. dashboard: the Lab view while a lab run streams")
    add(await LabViewBench.run(frames: quick ? 200 : 2_000))
}

if options.runs(7) {
    progress("7. click store")
    add(ClickStoreBench.run(clicks: quick ? 100_000 : 1_000_000, floodRequests: quick ? 30_000 : 150_000))
}
if options.runs(8) {
    progress("8. storage under a slow writer")
    add(SlowWriterBench.run(requestsPerBlock: quick ? 200 : 1_000, blocks: quick ? 2 : 4))
}
if options.runs(9) {
    progress("9. match lab in process and through the wire")
    add(
        await LabBench.run(
            installs: quick ? 20_000 : 200_000, matches: quick ? 20_000 : 100_000, million: quick ? 100_000 : 1_000_000,
            wireInstalls: quick ? 500 : 2_000)
    )
    progress("9d. match lab on recorded data")
    add(ReplayBench.run(rows: quick ? 100_000 : 10_000_000))
}

var mode = quick ? "--quick" : "full"
#if DEBUG
mode += ", DEBUG build (not representative)"
#endif
let report = BenchReport(
    mode: mode, rows: rows, notes: notes, started: startedAt, seconds: Stopwatch.now() - benchStart,
    loadAtStart: loadAtStart, loadAtEnd: ProcFS.loadAverage() ?? "?")
print(report.markdown)
if options.output != "-" {
    do {
        let url = URL(fileURLWithPath: options.output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report.markdown.write(to: url, atomically: true, encoding: .utf8)
        progress("wrote \(options.output)")
    } catch {
        FileHandle.standardError.write(Data("optolink-bench: cannot write \(options.output): \(error)\n".utf8))
        exit(1)
    }
}
exit(options.strict && rows.contains { $0.verdict == .missed } ? 1 : 0)
