import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("a session exported as an asciicast", .serialized, .quietMachine)
struct SessionCastExportTests {
    /// A session of `minutes` minutes as a live dashboard records it: the clock ticks ten times a second, a log
    /// line every second, and a scenario every 20 s (started, three steps, a verdict).
    static func entries(minutes: Int) -> [SessionEntry] {
        var entries: [SessionEntry] = []
        func add(_ time: Double, _ action: DashboardAction) {
            entries.append(
                SessionEntry(time: time, wall: Date(timeIntervalSince1970: 1_765_000_000 + time), action: action))
        }
        add(0, .providerChanged(.optoLink))
        add(0, .targetChanged(url: "http://127.0.0.1:8787 (embedded)", orgKey: "demo", sdkVersion: "1.0.0"))
        add(0, .scenariosAvailable(["direct-open", "flaky-server"]))
        add(0, .serverReachable(true))
        let ticks = minutes * 600
        for tick in 1...ticks {
            let time = Double(tick) / 10
            add(time, .tick(now: time))
            if tick % 10 == 0 { add(time, .log(.info, "app: heartbeat \(tick / 10) of the demo run")) }
            switch tick % 200 {
            case 1: add(time, .scenarioStarted(name: "flaky-server", steps: ["click", "launch", "match"]))
            case 20: add(time, .scenarioStepStarted("click"))
            case 40: add(time, .scenarioStepPassed("click"))
            case 80: add(time, .scenarioStepStarted("launch"))
            case 120: add(time, .scenarioStepPassed("launch"))
            case 150:
                add(time, .scenarioFinished(name: "flaky-server", passed: true, detail: "matched after 2 retries"))
            default: break
            }
        }
        return entries
    }

    /// The screen a fresh dashboard shows after every entry of `file`, at `size`.
    static func lastScreen(_ file: SessionFile, size: ScreenSize) throws -> ScreenBuffer {
        var state = DashboardState(size: size)
        for index in 0..<file.count {
            let entry = try file.entry(at: index)
            if let action = entry.action { DashboardReducer.reduce(&state, action) }
        }
        return DashboardRenderer.render(state, size: size)
    }

    @Test(.tags(.load), .skippable(.load)) func aTenMinuteSessionStaysUnderTwoMegabytes() throws {
        // Given a ten-minute session
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = try files.session("long.olsession", entries: Self.entries(minutes: 10))
        let cast = files.url("long.cast")

        // When it is exported at 120×40
        let written = try SessionCastExport.export(session: session, to: cast, settings: CastSettings())

        // Then the file is at most 2 MB, its lines are JSON, and it ends on the dashboard's last screen
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cast.path)[.size] as? Int)
        #expect(size == written.bytes)
        #expect(size <= 2_000_000, "\(size) bytes")
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == written.frames + 1)
        for line in lines.prefix(50) {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
        let expected = try Self.lastScreen(try SessionFile.open(session), size: .full)
        #expect(written.last == expected)
    }

    @Test func theCastReplayedOnATerminalEndsOnTheDashboardsLastScreen() throws {
        // Given a one-minute session exported at 100×30
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = try files.session("short.olsession", entries: Self.entries(minutes: 1))
        var settings = CastSettings()
        settings.size = ScreenSize(width: 100, height: 30)
        let cast = files.url("short.cast")
        _ = try SessionCastExport.export(session: session, to: cast, settings: settings)

        // When every event's data is applied in order to a 100×30 terminal
        var terminal = VirtualTerminal(width: 100, height: 30)
        for line in try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            terminal.apply(try #require(event[2] as? String))
        }

        // Then it shows the screen the dashboard shows at the session's end
        let file = try SessionFile.open(session)
        let expected = try Self.lastScreen(file, size: settings.size)
        #expect(terminal.lines == expected.lines)
        #expect(terminal.unknown.isEmpty, "\(terminal.unknown.prefix(5))")
        // And its header is dated when the session was recorded
        let header = try #require(try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
        let recorded = try #require(ISO8601Text.date(file.header.createdAt)).timeIntervalSince1970
        #expect(object["timestamp"] as? Int == Int(recorded.rounded(.down)))
        #expect(object["title"] as? String == "optolink-dash: short.olsession")
    }

    @Test(
        .tags(.processes), .skippable(.processes),
        .enabled(if: Asciinema.shouldRun && BuiltBinary.tmuxAvailable, Asciinema.skipReason))
    func asciinemaPlaysTheCastToTheDashboardsLastScreen() async throws {
        // Given a one-minute session exported in the default theme
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = try files.session("played.olsession", entries: Self.entries(minutes: 1))
        let cast = files.url("played.cast")
        let written = try SessionCastExport.export(session: session, to: cast, settings: CastSettings())

        // When asciinema itself reads it back (`asciinema cat`: every event's output, in order)
        let output = try await Asciinema.cat(cast)

        // Then that output, drawn on a 120×40 terminal, shows the dashboard's last screen
        var terminal = VirtualTerminal(width: 120, height: 40)
        terminal.apply(output)
        #expect(!output.isEmpty)
        #expect(terminal.lines == written.last.lines)
        #expect(terminal.lines == (try Self.lastScreen(try SessionFile.open(session), size: .full)).lines)
    }

    @Test func theExportCommandRefusesWhatItCannotUse() throws {
        // Given arguments missing a part, or with a bad value
        let cases: [([String], String)] = [
            (["--cast", "out.cast"], "needs a session file"),
            (["run.olsession"], "needs --cast"),
            (["run.olsession", "--cast", "o.cast", "--size", "big"], "--size must be COLUMNSxROWS"),
            (["run.olsession", "--cast", "o.cast", "--speed", "0"], "--speed must be"),
            (["run.olsession", "--cast", "o.cast", "--idle-limit", "-1"], "--idle-limit must be"),
        ]
        for (arguments, expected) in cases {
            // When parsed
            // Then a usage error names the problem
            #expect(throws: DashboardError.self) { try ExportCommand.parse(arguments) }
            do {
                _ = try ExportCommand.parse(arguments)
            } catch {
                #expect(error.message.contains(expected), "\(arguments): \(error.message)")
            }
        }
        // And good arguments give the settings
        let options = try #require(
            try ExportCommand.parse([
                "s.olsession", "--cast", "o.cast", "--size", "80x24", "--speed", "4",
                "--idle-limit", "0.5",
            ]))
        #expect(options.settings.size == ScreenSize(width: 80, height: 24))
        #expect(options.settings.speed == 4 && options.settings.idleLimit == 0.5)
    }
}
