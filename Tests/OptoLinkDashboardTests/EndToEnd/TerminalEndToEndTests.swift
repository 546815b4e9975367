import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@Suite(
    "optolink-dash in a real terminal (tmux)", .serialized, .quietMachine,
    .tags(.terminal, .processes), .skippable(.terminal, .processes),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct TerminalEndToEndTests {
    @Test func deferredScenarioHelpEscapeResizeQuitAndTheTerminalIsRestored() async throws {
        // Given the dashboard started from a shell that records the tty modes before and after
        let session = try TmuxSession(
            command: """
                stty -g > stty-before
                '\(BuiltBinary.path)' --theme default --backoff-base 0.2
                echo "EXIT=$?"
                stty -g > stty-after
                echo OPTOLINK-MARKER-AFTER-EXIT
                sleep 60
                """)
        defer { session.kill() }
        let started = await session.waitFor { $0.joined().contains("Match attempts") && $0.joined().contains("? help") }
        #expect(started.ok, "dashboard did not start:\n\(started.screen.joined(separator: "\n"))")
        #expect(started.screen.contains { $0.contains("╭") && $0.contains("Device profile") })
        #expect(started.screen.first?.contains("(embedded)") == true, "no embedded server in the header")
        let up = await session.waitFor { screen in screen.first.map { $0.contains("server ● up") } ?? false }
        #expect(up.ok, "the embedded server is not reachable")

        // When s opens the scenario picker and deferred-clipboard (third) is run, PASS shows in the header
        try session.press("s")
        let picker = await session.waitFor { $0.joined().contains("Run a scenario") }
        #expect(picker.ok)
        try session.press("j", "j", "Enter")
        let passed = await session.waitFor(timeout: 20) {
            $0.first?.contains("scenario deferred-clipboard PASS") == true
        }
        #expect(passed.ok, "no PASS:\n\(passed.screen.joined(separator: "\n"))")
        #expect(passed.screen.joined().contains("CLIPBOARD"), "the match is not on screen")
        #expect(passed.screen.joined().contains("#1 match"), "the request is not on the timeline")

        // When ? is pressed, the help overlay opens; Esc closes it
        try session.press("?")
        // (tmux may capture a frame the terminal is still painting: wait for the overlay's last entry too)
        let help = await session.waitFor {
            $0.joined().contains("Help · any key closes") && $0.joined().contains("install + first launch")
        }
        #expect(help.ok, "no help overlay:\n\(help.screen.joined(separator: "\n"))")
        try session.press("Escape")
        let closed = await session.waitFor { !$0.joined().contains("Help · any key closes") }
        #expect(closed.ok)

        // When the window shrinks to 80×24, the compact layout fills it
        try session.resize(width: 80, height: 24)
        let compact = await session.waitFor { screen in
            screen.filter { !$0.isEmpty }.count == 24 && (screen.first?.count ?? 0) <= 80
                && screen.joined().contains("Retry timeline")
                && screen.contains { $0.hasPrefix("╰") && $0.hasSuffix("╯") && $0.count == 80 }
        }
        #expect(compact.ok, "no 80×24 layout:\n\(compact.screen.joined(separator: "\n"))")

        // When q is pressed, the process exits 0 and the shell sees its terminal as before
        try session.press("q")
        let after = await session.waitFor { $0.joined().contains("OPTOLINK-MARKER-AFTER-EXIT") }
        #expect(after.ok, "no marker after exit:\n\(after.screen.joined(separator: "\n"))")
        #expect(after.screen.contains("EXIT=0"))
        #expect(
            !after.screen.joined().contains("Match attempts"),
            "the dashboard is still on screen (alternate screen not left)")
        let before = session.file("stty-before")
        let restored = session.file("stty-after")
        #expect(before != nil && before == restored, "tty modes differ: \(before ?? "-") vs \(restored ?? "-")")
    }

    @Test func sigtermRestoresTheTerminalAndIdleCPUStaysLow() async throws {
        let session = try TmuxSession(
            command: """
                stty -g > stty-before
                '\(BuiltBinary.path)' </dev/tty &
                echo $! > pid
                wait $!
                echo "EXIT=$?"
                stty -g > stty-after
                echo OPTOLINK-MARKER-AFTER-EXIT
                sleep 60
                """)
        defer { session.kill() }
        #expect(await session.waitFor { $0.joined().contains("Match attempts") }.ok)
        let pid = try #require(
            session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })

        // Idle: the loop sleeps in poll (no ticking, no polling of the terminal): near zero CPU over 3 s
        // (0.05 s is the measurement's granularity of a few clock ticks; in practice 0).
        let up = await session.waitFor { screen in screen.first.map { $0.contains("server ● up") } ?? false }
        #expect(up.ok)
        // Start-up is over once its CPU time stops moving (not after a fixed half second, which a busy machine
        // outlasts); the 3 s that follow are the measurement's window, not a wait for anything.
        let cpuBefore = try #require(await settledCPUSeconds(pid: pid))
        try await Task.sleep(nanoseconds: 3_000_000_000)
        let cpuAfter = try #require(cpuSeconds(pid: pid))
        #expect(cpuAfter - cpuBefore < 0.05, "idle CPU \(cpuAfter - cpuBefore) s in 3 s")

        Foundation.kill(pid, SIGTERM)
        let after = await session.waitFor { $0.joined().contains("OPTOLINK-MARKER-AFTER-EXIT") }
        #expect(after.ok, "no marker after SIGTERM:\n\(after.screen.joined(separator: "\n"))")
        #expect(after.screen.contains("EXIT=143"))
        #expect(session.file("stty-before") == session.file("stty-after"))
    }

    @Test func retryWaitsCountDownLiveAndTheScenarioFromTheCommandLinePasses() async throws {
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --scenario flaky-server --backoff-base 1
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }
        // The countdown of a backoff wait is drawn, and later drawn smaller (it elapses live).
        func countdown(_ screen: [String]) -> Double? {
            guard let line = screen.first(where: { $0.contains("#") && $0.contains("match") && $0.contains("wait ") }),
                let range = line.range(of: #"wait \d+\.\d"#, options: .regularExpression)
            else { return nil }
            return Double(line[range].dropFirst(5))
        }
        let first = await session.waitFor(timeout: 15) { countdown($0) != nil }
        let firstValue = try #require(countdown(first.screen), "no countdown:\n\(first.screen.joined(separator: "\n"))")
        let later = await session.waitFor(timeout: 5) { screen in countdown(screen).map { $0 < firstValue } ?? false }
        #expect(later.ok, "the countdown did not move from \(firstValue)")
        let passed = await session.waitFor(timeout: 20) { $0.first?.contains("scenario flaky-server PASS") == true }
        #expect(passed.ok, "no PASS:\n\(passed.screen.joined(separator: "\n"))")
        // The waterfall: the /match row holds its attempts (█ or the ▌ minimum mark) and waits (━) and ends with ✔.
        #expect(
            passed.screen.contains { $0.contains("match") && $0.contains("━") && $0.contains("✔") },
            "the retried /match is not on the waterfall:\n\(passed.screen.joined(separator: "\n"))")
        try session.press("q")
        let exited = await session.waitFor { $0.contains("EXIT=0") }
        #expect(exited.ok)
    }

    @Test func headlessRunsWithoutATerminalAndReportsTheSummary() async throws {
        let output = try await spawnOffPool(
            [
                "/bin/sh", "-c",
                "'\(BuiltBinary.path)' --headless --scenario rate-limited --backoff-base 0.05; echo EXIT=$?",
            ],
            capture: true)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("PASS rate-limited"), "\(output)")
        #expect(lines.contains { $0.contains("match #1 attempt 1 → 429") })
        #expect(lines.suffix(2) == ["1 passed, 0 failed", "EXIT=0"], "\(output)")
        let listing = try spawn([BuiltBinary.path, "--list-scenarios"], capture: true)
        #expect(listing.split(separator: "\n").count == 22)  // the 17 every service runs, 5 about one service
        #expect(listing.contains("flaky-server"))
        let bad = try await spawnOffPool(
            ["/bin/sh", "-c", "'\(BuiltBinary.path)' --headless --scenario no-such; echo EXIT=$?"], capture: true)
        #expect(bad.contains("EXIT=2"))
    }

    @Test(arguments: [("env -u TERM", "TERM is not set"), ("env TERM=no-such-terminal", "is not a terminal type")])
    func unusableTermGivesAClearErrorAndExitCode3(prefix: String, message: String) async throws {
        let session = try TmuxSession(
            command: """
                \(prefix) '\(BuiltBinary.path)'
                echo "EXIT=$?"
                echo OPTOLINK-MARKER-AFTER-EXIT
                sleep 60
                """)
        defer { session.kill() }
        let after = await session.waitFor { $0.joined().contains("OPTOLINK-MARKER-AFTER-EXIT") }
        #expect(after.ok)
        #expect(after.screen.joined().contains(message), "\(after.screen.joined(separator: "\n"))")
        #expect(after.screen.contains("EXIT=3"))
    }

    /// `swift test` runs with NO_COLOR=1 (which selects mono and skips theme files), so the binary runs without it.
    @Test func stderrWrittenDuringTheUIIsShownAfterTheTerminalIsRestored() async throws {
        let session = try TmuxSession(
            command: """
                printf 'theme[ok_fg]="green"\\nnot a theme line\\n' > broken.theme
                env -u NO_COLOR '\(BuiltBinary.path)' --theme ./broken.theme
                echo "EXIT=$?"
                echo OPTOLINK-MARKER-AFTER-EXIT
                sleep 60
                """)
        defer { session.kill() }
        let running = await session.waitFor { $0.joined().contains("Match attempts") }
        #expect(running.ok)
        #expect(!running.screen.joined().contains("optolink-dash: theme:"), "stderr leaked onto the UI")
        try session.press("q")
        let after = await session.waitFor { $0.joined().contains("OPTOLINK-MARKER-AFTER-EXIT") }
        #expect(after.ok)
        #expect(
            after.screen.contains { $0.contains("optolink-dash: theme: ./broken.theme:2:") },
            "\(after.screen.joined(separator: "\n"))")
        #expect(after.screen.contains("EXIT=0"))
    }

    /// utime + stime of a process in seconds (Linux /proc), nil elsewhere.
    /// The process's CPU seconds once two readings 0.25 s apart agree (it has gone idle), or the last
    /// reading after `timeout` seconds (a process that never goes idle is then measured as it is).
    func settledCPUSeconds(pid: Int32, timeout: Double = 10) async -> Double? {
        let deadline = Date().addingTimeInterval(timeout)
        var last = cpuSeconds(pid: pid)
        while Date() < deadline {
            try? await Task.sleep(nanoseconds: 250_000_000)
            let now = cpuSeconds(pid: pid)
            if now != nil, now == last { return now }
            last = now
        }
        return last
    }

    func cpuSeconds(pid: Int32) -> Double? {
        guard
            let stat = FileManager.default.contents(atPath: "/proc/\(pid)/stat").map({
                String(decoding: $0, as: UTF8.self)
            }),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
