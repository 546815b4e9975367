import DashboardCore
import DashboardProxy
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Measure 6: the dashboard's pure renderer, its memory under a long stream of diagnostics, and the real
/// binary's idle CPU under tmux.
enum DashboardBench {
    static let renderGoal = "< 1 ms (median)"
    static let rssGoal = "flat, < 60 MB"
    static let cpuGoal = "< 0.5 % of a core"

    // MARK: State

    /// A state with every pane full, built through the reducer: 200 server attempts with breakdowns,
    /// 200 timeline rows with retries (one still waiting), 1 000 log lines, profile, header, scenarios.
    static func fullState(size: ScreenSize) -> DashboardState {
        var state = DashboardState()
        let reduce = { (action: DashboardAction) in DashboardReducer.reduce(&state, action) }
        reduce(.resize(size))
        reduce(.targetChanged(url: "http://127.0.0.1:8787", orgKey: "demo", sdkVersion: "0.1.0"))
        reduce(.serverReachable(true))
        reduce(
            .deviceProfileChanged(
                DeviceProfile(
                    deviceId: "6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f", installNumber: 3, isFirstLaunch: false,
                    firstSeenAt: "2026-11-30T05:00:00.000Z", lastSeenAt: "2026-11-30T05:10:00.000Z",
                    identity: "user-42", clipboard: "opl_AbCdEfGhIjKlMnOpQrSt-_", queuedEvents: 3)))
        reduce(
            .scenariosAvailable([
                "direct-open", "deferred-clipboard", "deferred-fingerprint", "deferred-score", "deferred-ip",
                "shared-network", "expired-window", "flaky-server", "outage", "rate-limit",
            ]))
        var time = 1_000.0
        for id in 1...260 { feedRetriedRequest(&state, id: id, time: &time) }
        reduce(.matchAttemptsLoaded((0..<200).map { serverAttempt($0) }))
        for index in 0..<1_000 {
            reduce(
                .log(
                    index % 7 == 0 ? .warning : .info,
                    "log line \(index): match FINGERPRINT_SCORED medium score 78 → /promo/summer"))
        }
        // One request still waiting for its retry: the timeline shows a live countdown.
        reduce(.diagnostic(.requestStarted(requestID: 999, endpoint: "match", attempt: 1), time: time))
        reduce(
            .diagnostic(
                .responseReceived(requestID: 999, endpoint: "match", attempt: 1, status: 503, duration: 0.004),
                time: time + 0.004))
        reduce(
            .diagnostic(.retryScheduled(requestID: 999, endpoint: "match", attempt: 1, delay: 2), time: time + 0.005))
        reduce(.tick(now: time + 0.8))
        reduce(.focus(.matches))
        reduce(.toggleBreakdown)
        return state
    }

    /// One request whose first attempt got a 503 and whose retry succeeded (6 diagnostics).
    static func feedRetriedRequest(_ state: inout DashboardState, id: Int, time: inout Double) {
        let endpoint = ["match", "data", "session", "events"][id % 4]
        DashboardReducer.reduce(
            &state, .diagnostic(.requestStarted(requestID: id, endpoint: endpoint, attempt: 1), time: time))
        DashboardReducer.reduce(
            &state,
            .diagnostic(
                .responseReceived(requestID: id, endpoint: endpoint, attempt: 1, status: 503, duration: 0.003),
                time: time + 0.003))
        DashboardReducer.reduce(
            &state,
            .diagnostic(.retryScheduled(requestID: id, endpoint: endpoint, attempt: 1, delay: 1), time: time + 0.004))
        DashboardReducer.reduce(
            &state, .diagnostic(.requestStarted(requestID: id, endpoint: endpoint, attempt: 2), time: time + 1.004))
        DashboardReducer.reduce(
            &state,
            .diagnostic(
                .responseReceived(requestID: id, endpoint: endpoint, attempt: 2, status: 200, duration: 0.003),
                time: time + 1.007))
        DashboardReducer.reduce(
            &state,
            .diagnostic(
                .requestFinished(requestID: id, endpoint: endpoint, attempts: 2, status: 200), time: time + 1.007))
        time += 1.01
    }

    /// ``fullState(size:)`` with the request inspector open on the waiting /match, whose recorded attempt
    /// carries a request and an answer body of 16 KiB of JSON each (the most the inspector keeps).
    static func inspectorState(size: ScreenSize) -> DashboardState {
        var state = fullState(size: size)
        let items = (0..<400).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"],"ok":true}"# }.joined(
            separator: ",")
        let body = Data(("{\"items\":[" + items + "]}").utf8)
        let exchange = HTTPExchange(
            requestID: 999, attempt: 1, endpoint: "match", method: "POST", url: "http://127.0.0.1:8787/match",
            requestHeaders: [
                .init(name: "Content-Type", value: "application/json"), .init(name: "X-API-Key", value: "opl_sdk_…"),
            ],
            requestBody: HTTPExchange.Body(body), status: 503,
            responseHeaders: [.init(name: "Content-Type", value: "application/json")],
            responseBody: HTTPExchange.Body(body), error: nil, start: state.now - 0.8, duration: 0.004,
            startedAt: Date())
        DashboardReducer.reduce(&state, .exchangeRecorded(exchange))
        DashboardReducer.reduce(&state, .openOverlay(.inspector(requestID: 999, scroll: 0)))
        DashboardReducer.reduce(&state, .scrollInspector(40))
        return state
    }

    /// A server row with a breakdown of 5 candidates.
    static func serverAttempt(_ index: Int) -> MatchAttempt {
        let candidates = (0..<5).map { c in
            MatchCandidate(
                shortCode: ["summer", "welcome", "flash"][c % 3],
                path: ["/promo/summer", "/onboarding/welcome", "/promo/flash"][c % 3],
                ageSeconds: Double(30 + c * 60),
                points: Dictionary(
                    uniqueKeysWithValues: ScoreComponent.allCases.map { ($0, max(0, $0.maxPoints - c)) }),
                total: ScoreComponent.maxTotal - 7 * c)
        }
        let second = index % 60
        return MatchAttempt(
            id: "att_\(String(format: "%06d", index))",
            at: String(format: "2026-11-30T05:%02d:%02d.000Z", (index / 60) % 60, second),
            matched: index % 3 != 0, method: index % 3 != 0 ? "FINGERPRINT_SCORED" : "NONE",
            confidence: index % 3 != 0 ? "medium" : nil, score: index % 3 != 0 ? 78 : nil,
            path: index % 3 != 0 ? "/promo/summer" : nil,
            breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: candidates), source: .server)
    }

    // MARK: Render

    static func render(iterations: Int) -> MeasureResult {
        var rows: [BenchRow] = []
        var notes: [String] = []
        let cases: [(String, ScreenSize, (ScreenSize) -> DashboardState)] = [
            ("full panes", ScreenSize(width: 120, height: 40), fullState),
            ("full panes", ScreenSize(width: 250, height: 80), fullState),
            ("inspector open", ScreenSize(width: 120, height: 40), inspectorState),
            ("inspector open", ScreenSize(width: 250, height: 80), inspectorState),
        ]
        for (label, size, make) in cases {
            let state = make(size)
            var checksum = 0
            for _ in 0..<max(3, iterations / 10) {
                checksum &+= DashboardRenderer.render(state, size: size).cells.count
            }  // warm-up
            var durations: [Double] = []
            durations.reserveCapacity(iterations)
            for _ in 0..<iterations {
                let start = Stopwatch.now()
                let buffer = DashboardRenderer.render(state, size: size)
                durations.append(Stopwatch.now() - start)
                checksum &+= buffer.cells.count
            }
            let stats = Stats(durations)
            rows.append(
                BenchRow(
                    measure: "6a. Dashboard render \(size.width)×\(size.height), \(label)",
                    ours: "median \(Format.duration(stats.median)), p99 \(Format.duration(stats.p99))",
                    baseline: "—", ratio: Format.ratio(stats.median / 0.001) + " of goal", goal: renderGoal,
                    verdict: stats.median < 0.001 ? .met : .missed))
            notes.append(
                "Render \(size.width)×\(size.height), \(label): `DashboardRenderer.render(state, size:)` "
                    + "\(iterations) times on a state filled "
                    + "through the reducer (\(state.matchAttempts.count) attempts with breakdowns, "
                    + "\(state.timeline.count) timeline rows, "
                    + "\(state.log.count) log lines, breakdown open, a live backoff countdown"
                    + (state.overlay == .none
                        ? "" : "; the inspector open on the waiting request, 16 KiB JSON request and answer bodies")
                    + "); checksum \(checksum).")
        }
        return MeasureResult(rows: rows, notes: notes)
    }

    // MARK: RSS (in a child process, so nothing else the bench did counts)

    /// The child's work: feed `attempts` match attempts and `retries` retried requests through the reducer
    /// (rendering every 10 actions as the UI would) and print the RSS readings.
    static func rssChild(attempts: Int, retries: Int) {
        var state = DashboardState()
        DashboardReducer.reduce(&state, .resize(.full))
        _ = DashboardRenderer.render(state, size: .full)
        let before = ProcFS.residentBytes() ?? 0
        var time = 1_000.0
        var actions = 0
        var mid = 0.0
        let total = max(attempts, retries)
        var recent: [MatchAttempt] = []
        for index in 0..<total {
            if index < attempts {
                let matched = index % 3 != 0
                let summary =
                    matched
                    ? LinkSummary(
                        linkId: "lnk_\(index)", path: "/promo/summer", method: "FINGERPRINT_SCORED",
                        confidence: "medium", score: 78, isDeferred: true) : nil
                DashboardReducer.reduce(&state, .diagnostic(.matchResult(summary), time: time))
                // As the runtime does after each match: the server's newest 20 attempts, with breakdowns.
                recent.insert(serverAttempt(index), at: 0)
                if recent.count > 20 { recent.removeLast() }
                DashboardReducer.reduce(&state, .matchAttemptsLoaded(recent))
                actions += 2
            }
            if index < retries {
                feedRetriedRequest(&state, id: index + 1, time: &time)
                actions += 6
            }
            if index % 10 == 0 { _ = DashboardRenderer.render(state, size: .full) }
            if index == total / 2 { mid = ProcFS.residentBytes() ?? 0 }
            time += 0.01
        }
        _ = DashboardRenderer.render(state, size: .full)
        let after = ProcFS.residentBytes() ?? 0
        print(
            "RSS before=\(Int(before)) mid=\(Int(mid)) after=\(Int(after)) actions=\(actions) "
                + "attempts=\(state.matchAttempts.count) "
                + "timeline=\(state.timeline.count) log=\(state.log.count)")
    }

    static func rss(attempts: Int, retries: Int) -> MeasureResult {
        let measure =
            "6b. Dashboard RSS after \(Format.grouped(attempts)) match attempts + \(Format.grouped(retries)) retries"
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: rssGoal, reason: "/proc/self/exe unreadable")], notes: [])
        }
        guard let output = try? Spawn.run([executable, "--child-dashboard-rss", "\(attempts)", "\(retries)"]),
            let line = output.output.split(separator: "\n").first(where: { $0.hasPrefix("RSS ") })
        else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: rssGoal, reason: "child process failed")], notes: [])
        }
        let values = ReportLine.values(line)
        let before = values["before"] ?? 0
        let mid = values["mid"] ?? 0
        let after = values["after"] ?? 0
        let secondHalf = after - mid
        let flat = secondHalf <= 2_000_000
        let row = BenchRow(
            measure: measure,
            ours:
                "\(Format.megabytes(before)) → \(Format.megabytes(after)) (second half "
                + "\(secondHalf >= 0 ? "+" : "")\(Format.megabytes(secondHalf)))",
            baseline: "\(Format.megabytes(before)) (same process before)", ratio: Format.ratio(after / max(before, 1)),
            goal: rssGoal, verdict: flat && after < 60_000_000 ? .met : .missed)
        let notes = [
            "Dashboard RSS: a child process (this binary, `--child-dashboard-rss`) feeds "
                + "\(Format.grouped(attempts)) match attempts "
                + "(an SDK `matchResult` + the server's newest 20 attempts with breakdowns, each) and "
                + "\(Format.grouped(retries)) retried "
                + "requests (6 diagnostics each) through `DashboardReducer`, rendering every 10 steps; "
                + "VmRSS from /proc/self/status "
                + "before, half-way and after. Flat = the second half adds ≤ 2 MB. Kept at the end: "
                + "\(Int(values["attempts"] ?? 0)) attempts, \(Int(values["timeline"] ?? 0)) timeline rows, "
                + "\(Int(values["log"] ?? 0)) log lines."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }

    // MARK: Idle CPU of the real binary

    static func idleCPU(seconds: Double, buildIfMissing: Bool) -> MeasureResult {
        let measure = "6c. optolink-dash idle CPU under tmux (\(Int(seconds)) s)"
        var notes: [String] = []
        let directory =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
                ($0 as NSString).deletingLastPathComponent
            } ?? FileManager.default.currentDirectoryPath + "/.build/release"
        let binary = directory + "/optolink-dash"
        if access(binary, X_OK) != 0 {
            guard buildIfMissing else {
                return MeasureResult(
                    rows: [.notMeasured(measure, goal: cpuGoal, reason: "\(binary) not built")], notes: [])
            }
            print("optolink-bench: \(binary) missing: building it with swift build -c release --product optolink-dash")
            // The package that built this binary: the folder above its `.build` (else the current one).
            let packagePath =
                directory.range(of: "/.build/").map { String(directory[..<$0.lowerBound]) }
                ?? FileManager.default.currentDirectoryPath
            let build = try? Spawn.run([
                "swift", "build", "--package-path", packagePath, "-c", "release", "--product", "optolink-dash",
            ])
            notes.append(
                "optolink-dash was not built: the bench built it (`swift build -c release --product "
                    + "optolink-dash`, exit \(build?.status ?? -1))."
            )
            guard access(binary, X_OK) == 0 else {
                return MeasureResult(
                    rows: [.notMeasured(measure, goal: cpuGoal, reason: "optolink-dash could not be built")],
                    notes: notes)
            }
        }
        guard let tmux = Spawn.which("tmux") else {
            return MeasureResult(rows: [.notMeasured(measure, goal: cpuGoal, reason: "tmux missing")], notes: notes)
        }
        let socket = "optolink-bench-\(getpid())"
        func tmuxRun(_ arguments: [String]) -> String? {
            guard let output = try? Spawn.run([tmux, "-L", socket] + arguments), output.status == 0 else { return nil }
            return output.output
        }
        defer { _ = tmuxRun(["kill-server"]) }  // always: the private server and everything in it
        guard
            (try? Spawn.run([
                tmux, "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40",
                "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color", "exec '\(binary)'",
            ]))?.status == 0
        else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: cpuGoal, reason: "tmux new-session failed")], notes: notes)
        }
        guard let pidText = tmuxRun(["list-panes", "-F", "#{pane_pid}"]),
            let pid = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            return MeasureResult(rows: [.notMeasured(measure, goal: cpuGoal, reason: "no pane pid")], notes: notes)
        }
        usleep(2_000_000)  // let it start and draw its first frame
        guard let cpu0 = ProcFS.cpuSeconds(pid: pid) else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: cpuGoal, reason: "optolink-dash exited at start")], notes: notes)
        }
        let start = Stopwatch.now()
        usleep(useconds_t(seconds * 1_000_000))
        guard let cpu1 = ProcFS.cpuSeconds(pid: pid) else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: cpuGoal, reason: "optolink-dash exited while measured")],
                notes: notes)
        }
        let elapsed = Stopwatch.now() - start
        let screen = tmuxRun(["capture-pane", "-p"]) ?? ""
        let drew = screen.contains(where: { !$0.isWhitespace })
        let percent = (cpu1 - cpu0) / elapsed * 100
        let row = BenchRow(
            measure: measure,
            ours: String(format: "%.3f %% of a core (%.2f s CPU in %.1f s)", percent, cpu1 - cpu0, elapsed),
            baseline: "—", ratio: Format.ratio(percent / 0.5) + " of goal", goal: cpuGoal,
            verdict: percent < 0.5 && drew ? .met : .missed)
        notes.append(
            "Idle CPU: the release `optolink-dash` (\(binary)) in a detached tmux session on a private "
                + "socket (`-L \(socket)`, "
                + "120×40, started with posix_spawn, killed after), utime+stime of its pid from /proc/\(pid)/stat over "
                + String(format: "%.1f", elapsed)
                + " s after a 2 s start-up; the pane \(drew ? "showed the dashboard" : "was EMPTY").")
        return MeasureResult(rows: [row], notes: notes)
    }
}
