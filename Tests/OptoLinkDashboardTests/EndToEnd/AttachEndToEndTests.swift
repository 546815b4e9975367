import DashboardTestSupport
import Foundation
import OptoLinkFaults
import TestSupport
import Testing

@testable import DashboardCore

#if canImport(Glibc)
import Glibc
#endif

/// `optolink-dash --attach` and `optolink-example-app` as two processes under tmux: the app attaches with
/// the header's token, its device id, its match and a live retry countdown appear, a command round-trips,
/// the first launch re-runs on i, and killing the app marks it gone. In the serialized terminal suite (one dashboard
/// under tmux at a time).
extension TerminalEndToEndTests {
    static let exampleApp = BuiltBinary.packageRoot.appendingPathComponent(".build/debug/optolink-example-app").path

    /// `(embedded server URL, listen port, token)` from the header line.
    static func attachHeader(_ line: String) -> (server: URL, port: Int, token: String)? {
        func match(_ pattern: String) -> [String]? {
            guard let regex = try? NSRegularExpression(pattern: pattern),
                let found = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
            else { return nil }
            return (1..<found.numberOfRanges).compactMap {
                Range(found.range(at: $0), in: line).map { String(line[$0]) }
            }
        }
        guard let server = match(#"(http://127\.0\.0\.1:\d+) \(embedded\)"#)?.first.flatMap(URL.init(string:)),
            let attach = match(#"attach 127\.0\.0\.1:(\d+) · token (\S+)"#), attach.count == 2,
            let port = Int(attach[0])
        else { return nil }
        return (server, port, attach[1])
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: TerminalEndToEndTests.exampleApp),
            "needs .build/debug/optolink-example-app (swift build)"))
    func anExampleAppAttachesShowsItsMatchAndCountdownRunsACommandAndIsMarkedGoneWhenKilled() async throws {
        // Two processes, a server and real time: never beside the suites that load the machine (see QuietMachine).
        try await QuietMachine.shared.run { try await self.anExampleAppAttachesAlone() }
    }

    private func anExampleAppAttachesAlone() async throws {
        // Given the dashboard in attach mode on a free port
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --attach --listen 127.0.0.1:0
                echo "EXIT=$?"
                sleep 60
                """, width: 160, height: 45)
        defer { session.kill() }
        let started = await session.waitFor(timeout: 15) {
            $0.first.flatMap(Self.attachHeader) != nil && $0.first?.contains("server ● up") == true
        }
        let header = try #require(
            started.screen.first.flatMap(Self.attachHeader),
            "no attach header:\n\(started.screen.joined(separator: "\n"))")
        #expect(started.screen.first?.contains("waiting for apps") == true)

        // and the embedded server set to answer the next /match 503, with a click whose token is on the app's
        // pasteboard
        let backend = BackendClient(target: .demo(.optoLink, baseURL: header.server))
        try await backend.addFault(FaultRule(route: "match", fault: .status(503, retryAfter: nil), count: 1))
        let click = try await backend.click(
            try #require(backend.target.link(.main)), browser: .demoPhone, useDevEndpoint: true)

        // When the example app starts against the embedded server and attaches with the header's token
        let store = session.workDirectory + "/app-store"
        try session.tmux([
            "new-window", "-d", "-t", "0:1",
            """
            exec '\(Self.exampleApp)' --store '\(store)' --base-url \(header.server.absoluteString) --backoff-base 3 \
            --attach 127.0.0.1:\(header.port) --token \(header.token) --allow-commands --pasteboard \(click.token) \
            > '\(session.workDirectory)/app.out' 2>&1
            """,
        ])
        let appOutput = await session.waitForFile("app.out") { $0.contains("device ") }
        let deviceID = try #require(
            appOutput.flatMap { text in
                text.split(separator: "\n").first { $0.hasPrefix("device ") }?.split(separator: " ").dropFirst().first
                    .map(String.init)
            }, "the app did not start: \(appOutput ?? "-")")

        // Then its device id appears, its /match waits with a live countdown, then matches by the clipboard
        let attached = await session.waitFor(timeout: 15) {
            $0.first?.contains("app \(deviceID.prefix(8)) ● live") == true
        }
        #expect(attached.ok, "not attached:\n\(attached.screen.joined(separator: "\n"))")
        #expect(attached.screen.joined().contains(String(deviceID.prefix(20))), "the device id is not in the profile")
        func countdown(_ screen: [String]) -> String? {
            guard let line = screen.first(where: { $0.contains("match:") && $0.contains(" left of 3.0s") }),
                let range = line.range(of: #"wait [0-9.]+s left"#, options: .regularExpression)
            else { return nil }
            return String(line[range])
        }
        let waiting = await session.waitFor(timeout: 15) { countdown($0) != nil }
        let first = try #require(countdown(waiting.screen), "no countdown:\n\(waiting.screen.joined(separator: "\n"))")
        let later = await session.waitFor(timeout: 5) { countdown($0).map { $0 != first } ?? false }
        #expect(later.ok, "the countdown did not move from \(first)")
        let matched = await session.waitFor(timeout: 15) { screen in
            screen.contains { $0.contains("CLIPBOARD") && $0.contains("/promo/summer") }
        }
        #expect(matched.ok, "no match:\n\(matched.screen.joined(separator: "\n"))")

        // When e is pressed, the app tracks the event and it shows as sent
        try session.press("e")
        let tracked = await session.waitFor(timeout: 15) { screen in
            screen.contains { $0.contains("← command #1: queued event button_tap") }
                && screen.contains { $0.contains("event sent: button_tap") }
        }
        #expect(tracked.ok, "the command did not round-trip:\n\(tracked.screen.joined(separator: "\n"))")

        // When i is pressed, the app re-runs its first launch: a second /match, its result back as command #2
        try session.press("i")
        let rerun = await session.waitFor(timeout: 15) { screen in
            screen.contains { $0.contains("← command #2: first launch re-run") }
                && screen.contains { $0.contains("Match attempts (2)") }
        }
        #expect(rerun.ok, "the first launch was not re-run:\n\(rerun.screen.joined(separator: "\n"))")

        // When the app is killed, the dashboard marks it gone and keeps running
        let pid = try #require(
            Int32(
                try session.tmux(["list-panes", "-t", "0:1", "-F", "#{pane_pid}"]).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(Glibc.kill(pid, SIGKILL) == 0)
        let gone = await session.waitFor(timeout: 15) { $0.first?.contains("app \(deviceID.prefix(8)) ○ GONE") == true }
        #expect(gone.ok, "not marked gone:\n\(gone.screen.joined(separator: "\n"))")
        #expect(gone.screen.contains { $0.contains("gone: ") })

        // and D lists it as gone; q quits cleanly
        try session.press("D")
        let list = await session.waitFor {
            $0.joined().contains("Attached apps (0 live)") && $0.joined().contains("○ gone")
        }
        #expect(list.ok, "no device list:\n\(list.screen.joined(separator: "\n"))")
        try session.press("Escape")
        try session.press("q")
        #expect(await session.waitFor { $0.contains("EXIT=0") }.ok)
    }
}

extension TmuxSession {
    /// Polls a file of the work directory (every 50 ms, up to `timeout` s) until `condition` holds on its text.
    func waitForFile(_ name: String, timeout: Double = 15, _ condition: (String) -> Bool) async -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = file(name), condition(text) { return text }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return file(name)
    }
}
