import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import DashboardSessions

/// A headless run recorded with `--record`, reopened with `--open` and stepped through, exported as an
/// asciicast, and a live dashboard's `--cast`, over the real binary.
@Suite(
    "optolink-dash headless --record, --open, export and --cast (real binary)", .serialized, .quietMachine,
    .tags(.terminal, .processes), .skippable(.terminal, .processes),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct HeadlessSessionBinaryTests {
    /// The verdicts a headless run printed, in order: (name, PASS/FAIL/SKIP).
    static func verdicts(_ output: String) -> [(name: String, verdict: String)] {
        output.split(separator: "\n").compactMap { line in
            for verdict in ["PASS", "FAIL", "SKIP"] where line.hasPrefix(verdict + " ") {
                let rest = line.dropFirst(verdict.count + 1)
                return (String(rest.prefix { $0 != ":" && $0 != " " }), verdict)
            }
            return nil
        }
    }

    @Test func aHeadlessRunOfEveryScenarioReopensAndStepsThroughEachAsTheDashboardShowedIt() async throws {
        // Given `--headless --scenario all --record` run to its end
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = files.url("all.olsession").path
        let output = try await spawnOffPool(
            [
                "/bin/sh", "-c",
                "'\(BuiltBinary.path)' --headless --scenario all --backoff-base 0.05 --record '\(session)' 2>&1",
            ], capture: true)
        let verdicts = Self.verdicts(output)
        #expect(verdicts.count == ScenarioCatalog.all.count, "\(output.suffix(2_000))")
        #expect(output.contains("session recorded to \(session)"), "\(output.suffix(500))")
        let last = try #require(verdicts.last)

        // When it is opened in a terminal
        let terminal = try TmuxSession(command: "'\(BuiltBinary.path)' --open '\(session)'", width: 160, height: 44)
        defer { terminal.kill() }
        let opened = await terminal.waitFor(timeout: 20) {
            $0.first?.contains("scenario \(last.name) \(last.verdict)") == true
        }
        #expect(opened.ok, "\(opened.screen.joined(separator: "\n"))")

        // Then `{` steps back scenario by scenario, each shown with its own verdict, to the first
        for expected in verdicts.dropLast().reversed() {
            try terminal.press("{")
            let shown = await terminal.waitFor(timeout: 10) {
                $0.first?.contains("scenario \(expected.name) \(expected.verdict)") == true
            }
            #expect(shown.ok, "\(expected.name): \(shown.screen.prefix(3).joined(separator: "\n"))")
            if !shown.ok { break }
        }
        // And `}` steps forward again to the second
        try terminal.press("}")
        let second = verdicts[1]
        let forward = await terminal.waitFor(timeout: 10) {
            $0.first?.contains("scenario \(second.name) \(second.verdict)") == true
        }
        #expect(forward.ok, "\(forward.screen.prefix(3).joined(separator: "\n"))")
        try terminal.press("q")
    }

    @Test(.enabled(if: Asciinema.shouldRun, Asciinema.skipReason))
    func aRecordedHeadlessRunExportsAnAsciicastThatAsciinemaPlays() async throws {
        // Given a headless run of one scenario, recorded
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = files.url("one.olsession").path
        let cast = files.url("one.cast").path
        _ = try await spawnOffPool(
            [
                "/bin/sh", "-c",
                "'\(BuiltBinary.path)' --headless --scenario flaky-server --backoff-base 0.05 --record '\(session)' "
                    + ">/dev/null 2>&1",
            ], capture: true)

        // When the export command writes its asciicast at 100x30
        let said = try await spawnOffPool(
            ["/bin/sh", "-c", "'\(BuiltBinary.path)' export '\(session)' --cast '\(cast)' --size 100x30 2>&1"],
            capture: true)
        #expect(said.contains("asciicast written to \(cast)"), "\(said)")

        // Then asciinema plays it to the screen the session ends on at that size
        let played = try await Asciinema.cat(URL(fileURLWithPath: cast))
        var screen = VirtualTerminal(width: 100, height: 30)
        screen.apply(played)
        let file = try SessionFile.open(URL(fileURLWithPath: session))
        let expected = try SessionCastExportTests.lastScreen(file, size: ScreenSize(width: 100, height: 30))
        #expect(screen.lines == expected.lines)
        #expect(screen.lines.joined().contains("flaky-server"))
    }

    @Test(.enabled(if: Asciinema.shouldRun, Asciinema.skipReason))
    func aLiveDashboardsCastEndsOnTheScreenItShowed() async throws {
        // Given the dashboard in a 100×30 terminal writing --cast, up and idle
        let terminal = try TmuxSession(
            command: "'\(BuiltBinary.path)' --cast live.cast --backoff-base 0.2; echo \"EXIT=$?\"; sleep 60",
            width: 100, height: 30)
        defer { terminal.kill() }
        let up = await terminal.waitFor(timeout: 20) { $0.joined().contains("server ● up") }
        #expect(up.ok, "\(up.screen.joined(separator: "\n"))")
        try terminal.press("c")
        let clicked = await terminal.waitFor(timeout: 10) { $0.joined().contains("click") }
        #expect(clicked.ok)
        try await Task.sleep(nanoseconds: 1_000_000_000)
        let shown = terminal.screen()

        // When it quits
        try terminal.press("q")
        let exited = await terminal.waitFor(timeout: 10) { $0.joined().contains("EXIT=0") }
        #expect(exited.ok, "\(exited.screen.joined(separator: "\n"))")

        // Then the cast has the terminal's size, and asciinema plays it to the screen shown before q
        let file = URL(fileURLWithPath: terminal.workDirectory + "/live.cast")
        let header = try #require(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 100 && object["height"] as? Int == 30 && object["version"] as? Int == 2)
        var played = VirtualTerminal(width: 100, height: 30)
        played.apply(try await Asciinema.cat(file))
        func trimmed(_ lines: [String]) -> [String] {
            lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        }
        #expect(trimmed(played.lines) == trimmed(Array(shown.prefix(30))), "\(played.lines.joined(separator: "\n"))")
    }
}
