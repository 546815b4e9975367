import DashboardCore
import DashboardSessions
import Foundation
import OptoLinkDashboard

#if canImport(Glibc)
import Glibc
#endif

/// Row 6e (the dashboard's render loop while recording a session) and 6f (the size of a recorded hour).
enum SessionBench {
    /// The render loop may cost at most this much more while recording.
    static let loopGoal = 1.10

    /// A clock the bench moves by hand (the recorded times of the simulated hour).
    final class BenchClock: DashboardClock, @unchecked Sendable {
        // Written and read by the bench's one thread only.
        var time = 1_000.0
        func now() -> Double { time }
    }

    /// The actions of one request of an attached app as the dashboard gets them: the request starting, the
    /// transport's exchange (a 300-byte JSON body each way, keys masked), the answer, the end, a log line.
    static func request(_ id: Int, at time: Double) -> [DashboardAction] {
        let body =
            #"{"deviceId":"dev-7f3a","fingerprint":{"platform":"ios","osVersion":"17.4","language":"en-US","#
            + #""timezone":"Europe/Berlin","deviceModel":"iPhone15,2"},"clipboardToken":null,"padding":""#
            + String(repeating: "x", count: 120) + #""}"#
        let exchange = HTTPExchange(
            requestID: id, attempt: 1, endpoint: "match", method: "POST", url: "https://go.example.com/sdk/match",
            requestHeaders: [
                .init(name: "Content-Type", value: "application/json"),
                .init(name: "X-API-Key", value: SecretMask.key("opl_sdk_demo_client_key_0000000001")),
            ],
            requestBody: HTTPExchange.Body(Data(body.utf8)), status: 200,
            responseHeaders: [.init(name: "Content-Type", value: "application/json")],
            responseBody: HTTPExchange.Body(Data(body.utf8)), error: nil, start: time, duration: 0.12,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000 + time))
        return [
            .diagnostic(.requestStarted(requestID: id, endpoint: "match", attempt: 1), time: time),
            .exchangeRecorded(exchange),
            .diagnostic(
                .responseReceived(requestID: id, endpoint: "match", attempt: 1, status: 200, duration: 0.12),
                time: time + 0.12),
            .diagnostic(
                .requestFinished(requestID: id, endpoint: "match", attempts: 1, status: 200), time: time + 0.12),
            .log(.info, "match #\(id): 200 in 120ms"),
        ]
    }

    /// CPU seconds the calling thread has used (Linux; the wall clock elsewhere).
    static func threadCPU() -> Double {
        #if canImport(Glibc)
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        #else
        return Stopwatch.now()
        #endif
    }

    /// One loop turn per request: apply its actions and a tick, render once (as ``DashboardApp/run(on:shouldStop:)``);
    /// each turn's wall time and the loop thread's CPU time.
    static func turns(app: DashboardApp, clock: BenchClock, from first: Int, count: Int) -> (
        wall: [Double], cpu: [Double]
    ) {
        var wall: [Double] = []
        var cpu: [Double] = []
        wall.reserveCapacity(count)
        cpu.reserveCapacity(count)
        for index in first..<(first + count) {
            clock.time += 2
            let start = Stopwatch.now()
            let startCPU = threadCPU()
            for action in request(index, at: clock.time) { app.apply(action) }
            app.apply(.tick(now: clock.time + 0.2))
            _ = DashboardRenderer.render(app.state, size: app.state.size)
            cpu.append(threadCPU() - startCPU)
            wall.append(Stopwatch.now() - start)
        }
        return (wall, cpu)
    }

    static func run(turns count: Int) -> MeasureResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-bench-sessions-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let size = ScreenSize(width: 120, height: 40)
        func makeApp(_ clock: BenchClock) -> DashboardApp {
            DashboardApp(
                state: DashboardState(size: size), themes: ThemeLoader(searchDirectories: []),
                handler: SessionReplayHandler(), clock: clock)
        }
        // Off and on in alternating blocks of the same run, each app warmed to full histories first, so the
        // machine's load falls on both alike.
        let offClock = BenchClock()
        let onClock = BenchClock()
        let off = makeApp(offClock)
        let on = makeApp(onClock)
        _ = turns(app: off, clock: offClock, from: 0, count: 450)
        _ = turns(app: on, clock: onClock, from: 0, count: 450)
        let loopFile = directory.appendingPathComponent("loop.olsession")
        do {
            try on.startRecording(to: loopFile)
        } catch {
            return MeasureResult(
                rows: [
                    BenchRow(
                        measure: "6e. Dashboard render loop recording a session", ours: "\(error)", baseline: "—",
                        ratio: "—", goal: "≤ \(loopGoal)×", verdict: .notMeasured)
                ], notes: [])
        }
        var offDurations: [Double] = []
        var onDurations: [Double] = []
        var offCPU: [Double] = []
        var onCPU: [Double] = []
        let block = 50
        var next = 450
        while offDurations.count < count {
            let offTurns = turns(app: off, clock: offClock, from: next, count: block)
            let onTurns = turns(app: on, clock: onClock, from: next, count: block)
            offDurations += offTurns.wall
            offCPU += offTurns.cpu
            onDurations += onTurns.wall
            onCPU += onTurns.cpu
            next += block
        }
        on.stopRecording()
        let offStats = Stats(offDurations)
        let onStats = Stats(onDurations)
        let ratio = onStats.median / offStats.median
        let cpuRatio = Stats(onCPU).median / Stats(offCPU).median

        // The hour: one request every 2 s (1 800), each with its exchange, answer and log line, the clock
        // ticking at 10 Hz while it runs (2 ticks) and every 10 s when idle.
        let hourFile = directory.appendingPathComponent("hour.olsession")
        let hourClock = BenchClock()
        let hour = makeApp(hourClock)
        var hourBytes = 0
        var hourLines = 0
        var hourDropped = 0
        if (try? hour.startRecording(to: hourFile)) != nil {
            for index in 0..<1_800 {
                hourClock.time += 2
                for action in request(index, at: hourClock.time) { hour.apply(action) }
                hour.apply(.tick(now: hourClock.time + 0.1))
                hour.apply(.tick(now: hourClock.time + 0.2))
                if index % 5 == 0 { hour.apply(.tick(now: hourClock.time + 1)) }
                // A real hour gives the writer an hour; this one gives it a flush every 100 requests, so the
                // queue never fills and the size is the whole hour's.
                if index % 100 == 99 { hour.recorder?.writer.flush() }
            }
            if let writer = hour.recorder?.writer {
                writer.flush()
                hourLines = writer.stats.lines
                hourDropped = writer.stats.dropped
            }
            hour.stopRecording()
            hourBytes = (try? FileManager.default.attributesOfItem(atPath: hourFile.path)[.size] as? Int) ?? 0
        }
        let hourGoal = 32 * 1024 * 1024
        return MeasureResult(
            rows: [
                BenchRow(
                    measure:
                        "6e. Dashboard render loop recording a session (\(size.width)×\(size.height)), loop thread",
                    ours:
                        "wall on \(Format.duration(onStats.median)), off \(Format.duration(offStats.median)); "
                        + "CPU on \(Format.duration(Stats(onCPU).median)), off "
                        + "\(Format.duration(Stats(offCPU).median)) "
                        + String(format: "(loop thread CPU %.2f×)", cpuRatio),
                    baseline: "recording off", ratio: String(format: "%.2f×", ratio), goal: "≤ \(loopGoal)×",
                    verdict: ratio <= loopGoal ? .met : .missed),
                BenchRow(
                    measure: "6f. A recorded hour of an attached app (1 800 requests)",
                    ours: String(
                        format: "%.1f MB, %d lines, %d dropped", Double(hourBytes) / 1_048_576, hourLines, hourDropped),
                    baseline: "—", ratio: Format.ratio(Double(hourBytes) / Double(hourGoal)) + " of goal",
                    goal: "< 32 MB", verdict: hourBytes > 0 && hourBytes < hourGoal ? .met : .missed),
            ],
            notes: [
                "Render loop while recording: \(count) loop turns with recording off and \(count) with it on, in "
                    + "alternating blocks of \(block) on two dashboards warmed to full histories (each "
                    + "turn: one request's "
                    + "5 actions and a tick through `DashboardApp.apply`, then `DashboardRenderer.render`); on appends "
                    + "each action to a session file through the background writer. p99 on "
                    + "\(Format.duration(onStats.p99)), "
                    + "off \(Format.duration(offStats.p99)). The ratio is the median turn's wall time (the "
                    + "render loop's time); "
                    + "the loop thread's own CPU time is beside it. Both move with the machine's load: the "
                    + "writer's thread "
                    + "encodes on the other core, and on a loaded 2-core machine competes with the loop.",
                "A recorded hour: an attached app making a request every 2 s for an hour (1 800 requests: start, the "
                    + "exchange with a 300-byte JSON body each way, the answer, the end, a log line), the "
                    + "clock ticking "
                    + "twice per request and every 10 s when idle. The hour is queued in far less than a second, so "
                    + "the bench waits for the writer every 100 requests: past \(SessionWriter.capacity) waiting "
                    + "entries it drops new ones (the file then says so), and the row counts any it dropped.",
            ])
    }
}
