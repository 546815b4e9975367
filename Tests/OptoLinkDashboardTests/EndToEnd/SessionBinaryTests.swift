import DashboardScenarios
import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardSessions

/// `optolink-dash --open`, `--record` and `--data-dir` over the real binary.
@Suite(
    "optolink-dash sessions and --data-dir (real binary)", .serialized, .quietMachine,
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct SessionBinaryTests {
    /// `optolink-dash --open FILE` without a terminal: its stderr and exit status.
    func open(_ path: String) throws -> (stderr: String, status: Int32) {
        let output = try spawn(
            ["/bin/sh", "-c", "'\(BuiltBinary.path)' --open '\(path)' 2>&1 >/dev/null </dev/null; echo \"STATUS=$?\""],
            capture: true)
        let lines = output.split(separator: "\n").map(String.init)
        let status = lines.last.flatMap { Int32($0.replacingOccurrences(of: "STATUS=", with: "")) } ?? -1
        return (lines.dropLast().joined(separator: "\n"), status)
    }

    /// `sqlite3 DB 'SELECT count(*) FROM table'`.
    func count(_ table: String, in database: String) throws -> Int {
        let output = try spawn(["/usr/bin/env", "sqlite3", database, "SELECT count(*) FROM \(table);"], capture: true)
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func everyBadFileIsOneLineOnStderrAndExitTwo() throws {
        // Given an empty file, a text file, a session of a newer version, one with a garbage line, a 1 GiB one
        let files = try SessionTestFiles()
        defer { files.remove() }
        let newer = try files.session("newer.olsession", version: SessionFormat.version + 1, entries: [])
        let garbage = try files.session("garbage.olsession", entries: [SessionTestFiles.log("one", at: 1)])
        let handle = try FileHandle(forWritingTo: garbage)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("not json at all\n".utf8))
        try handle.truncate(atOffset: try handle.offset())
        try handle.close()
        let huge = try files.session("huge.olsession", entries: [])
        let hugeHandle = try FileHandle(forWritingTo: huge)
        try hugeHandle.truncate(atOffset: 1 << 30)
        try hugeHandle.close()
        let cases: [(URL, String)] = [
            (try files.write("empty.olsession", ""), "is empty: not a session file"),
            (try files.write("notes.txt", "hello\n"), "is not a session file"),
            (newer, "newer than this dashboard reads"),
            (garbage, "garbage.olsession:3: not a session entry"),
            (huge, "is 1.0 GB"),
            (files.url("missing.olsession"), "cannot read the file"),
        ]

        for (url, expected) in cases {
            // When the binary is asked to open it
            let (stderr, status) = try open(url.path)

            // Then it exits 2 with one line that says why
            #expect(status == 2, "\(url.lastPathComponent): \(stderr)")
            #expect(stderr.split(separator: "\n").count == 1, "\(url.lastPathComponent): \(stderr)")
            #expect(stderr.hasPrefix("optolink-dash: ") && stderr.contains(expected), "\(stderr)")
        }
    }

    @Test func openWithABrokenThemeSaysSoAfterTheScreenAsTheDashboardDoes() async throws {
        // Given a recorded session and a theme whose only line is not a colour (NO_COLOR, which `swift test` sets,
        // would skip theme files)
        let fixture = BuiltBinary.packageRoot.appendingPathComponent(
            "Tests/DashboardSessionsTests/Fixtures/Sessions/scenario-run.olsession"
        ).path
        let command = """
            printf 'theme[ok_fg]="#zzzzzz"\\n' > bad.theme
            env -u NO_COLOR '\(BuiltBinary.path)' open '\(fixture)' --theme ./bad.theme 2> err.txt
            echo "EXIT=$?"
            sleep 60
            """
        let session = try TmuxSession(command: command)
        defer { session.kill() }
        // When the session is shown and then closed with q
        let shown = await session.waitFor(timeout: 20) { $0.joined().contains("scenario-run.olsession") }
        #expect(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        try session.press("q")
        #expect(await session.waitFor(timeout: 20) { $0.joined().contains("EXIT=0") }.ok)
        // Then stderr names the theme file, its line and what is wrong, as the live dashboard's does
        let errors = session.file("err.txt") ?? ""
        #expect(
            errors.contains("optolink-dash: theme: ./bad.theme:1: '#zzzzzz' is not a colour"),
            "\(errors) \(session.screen().joined(separator: "\n"))")
    }

    @Test func theDataDirKeepsWhatTheServerStoredAcrossASIGKILLAndARestart() async throws {
        // Given the dashboard on a fresh --data-dir, recording a session, started in a shell that knows its pid
        let files = try SessionTestFiles()
        defer { files.remove() }
        let data = files.url("data").path
        let database = data + "/" + EmbeddedServer.databaseFileName
        let record = files.url("killed.olsession").path
        let command = """
            sh -c 'echo $$ > dash.pid; exec '"'"'\(BuiltBinary.path)'"'"' --data-dir \(data) --record \(record) \
            --backoff-base 0.2'
            echo "EXIT=$?"
            sleep 60
            """
        let first = try TmuxSession(command: command, width: 180, height: 44)
        defer { first.kill() }
        let up = await first.waitFor(timeout: 20) { $0.joined().contains("server ● up") }
        #expect(up.ok, "\(up.screen.joined(separator: "\n"))")

        // When a click, a first launch and an event are answered by the server
        try first.press("c")
        #expect(await first.waitFor(timeout: 20) { $0.joined().contains("browser click on") }.ok)
        try first.press("i")
        let delivered = await first.waitFor(timeout: 20) { $0.joined().contains("link delivered") }
        #expect(delivered.ok, "\(delivered.screen.joined(separator: "\n"))")
        try first.press("e")
        let sent = await first.waitFor(timeout: 20) { $0.joined().contains("event sent") }
        #expect(sent.ok, "\(sent.screen.joined(separator: "\n"))")
        // And a second click that no install has claimed yet
        try first.press("c")
        let again = await first.waitFor(timeout: 20) { screen in
            // the log's newest line: a click after the event
            let log = screen.joined(separator: "\n")
            guard let click = log.range(of: "browser click on", options: .backwards),
                let event = log.range(of: "event sent", options: .backwards)
            else { return false }
            return click.lowerBound > event.lowerBound
        }
        #expect(again.ok, "\(again.screen.joined(separator: "\n"))")
        // And the clicks have reached the database: the redirect page answers first and queues its writes, which
        // the server applies a few milliseconds later (Store.flushDelay; fire-and-forget, as the contract says).
        // On a loaded machine the screen can show the click before then.
        let stored = await first.waitFor(timeout: 20) { _ in
            (try? count("clicks", in: database)) == 2 && (try? count("pending_clicks", in: database)) == 2
        }
        #expect(stored.ok)

        // And the dashboard is killed with SIGKILL
        let pid = try #require(
            first.file("dash.pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(Glibc.kill(pid, SIGKILL) == 0)
        #expect(await first.waitFor { $0.joined().contains("EXIT=137") }.ok)

        // Then the database holds the click, the device and the event, and the recording opens
        #expect(try count("clicks", in: database) == 2)
        #expect(try count("devices", in: database) >= 1)
        #expect(try count("events", in: database) == 1)
        // And what the match engine held in memory: both clicks (the first matched), the first launch's attempt
        #expect(try count("pending_clicks", in: database) == 2)
        #expect(try count("pending_clicks WHERE matched_at IS NULL", in: database) == 1)
        #expect(try count("match_attempts", in: database) >= 1)
        let recorded = try SessionFile.open(URL(fileURLWithPath: record))
        #expect(recorded.count > 10)

        // When the dashboard starts again on the same --data-dir and sends another event, then quits
        let second = try TmuxSession(
            command: "'\(BuiltBinary.path)' --data-dir \(data) --backoff-base 0.2\necho \"EXIT=$?\"\nsleep 60",
            width: 180, height: 44)
        defer { second.kill() }
        #expect(await second.waitFor(timeout: 20) { $0.joined().contains("server ● up") }.ok)
        try second.press("i")
        #expect(
            await second.waitFor(timeout: 20) {
                $0.joined().contains("session registered") || $0.joined().contains("link delivered")
                    || $0.joined().contains("no match")
            }.ok)
        try second.press("e")
        #expect(await second.waitFor(timeout: 20) { $0.joined().contains("event sent") }.ok)
        try second.press("q")
        #expect(await second.waitFor { $0.joined().contains("EXIT=0") }.ok)

        // Then nothing of the first run was lost, and the second run's event is there too
        #expect(try count("clicks", in: database) == 2)
        #expect(try count("events", in: database) == 2)
        #expect(try count("devices", in: database) >= 2)
    }
}
