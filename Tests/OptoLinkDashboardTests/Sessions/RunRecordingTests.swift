import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkHTTP
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardScenarios
@testable import DashboardSessions
@testable import OptoLinkDashboard

/// `--record` (and `--cast`) on the runs that have no screen: a headless compare and `optolink-dash lab`. Each
/// session reopens on the view the dashboard shows for that run.
@Suite(
    "headless compare and lab runs record", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct RunRecordingTests {
    /// The state a fresh dashboard shows after every entry of the session at `url`.
    static func reopened(_ url: URL) throws -> DashboardState {
        let replay = SessionReplay(file: try SessionFile.open(url))
        var state = DashboardState(size: .full)
        try replay.seek(to: replay.file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
        return state
    }

    @Test func aRecordedLabRunReopensInTheLabViewWithItsResult() async throws {
        // Given `optolink-dash lab --record FILE` on a small population
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("lab.olsession")
        let err = Locked([String]())
        let code = await LabCommand.run(
            arguments: ["--installs", "300", "--no-sweep", "--compare", "--record", url.path],
            currentDirectory: files.directory.path, executablePath: nil, out: { _ in },
            err: { line in err.withLock { $0.append(line) } })
        #expect(code == 0)
        #expect(err.withLock { $0 }.contains { $0.contains("session recorded to \(url.path)") })

        // When the session is reopened
        let state = try Self.reopened(url)

        // Then the Lab view shows the finished run of the four services, with what it means
        #expect(state.overlay == .lab)
        #expect(state.lab.phase == .finished)
        #expect(state.lab.result?.services.count == 4)
        #expect(state.lab.result?.installs == 300)
        let screen = DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
        #expect(screen.contains("matched their own click"), "\(screen)")
    }

    @Test func aRecordedHeadlessCompareReopensOnTheCompareViewAndCastsIt() async throws {
        // Given `--headless --compare flaky-server --record FILE --cast FILE.cast`
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = files.url("compare.olsession")
        let cast = files.url("compare.cast")
        let options = try DashboardOptions.parse([
            "--headless", "--compare", "flaky-server", "--backoff-base", "0.05", "--record", session.path,
            "--cast", cast.path,
        ])
        let sink = LineSink()
        let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        #expect(code == 0, "\(sink.lines.joined(separator: "\n"))")
        #expect(sink.lines.contains { $0.hasPrefix("session recorded to \(session.path)") })
        #expect(sink.lines.contains { $0.hasPrefix("asciicast written to \(cast.path)") })

        // When the session is reopened
        let state = try Self.reopened(session)

        // Then the compare view shows every column's verdict
        #expect(state.overlay == .compare)
        #expect(state.compare?.scenario == "flaky-server")
        #expect(state.compare?.failed == 0)
        // And the asciicast ends on that screen, at 120×40
        var terminal = VirtualTerminal(width: 120, height: 40)
        for line in try String(contentsOf: cast, encoding: .utf8).split(separator: "\n").dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            terminal.apply(try #require(event[2] as? String))
        }
        #expect(terminal.lines == DashboardRenderer.render(state, size: .full).lines)
    }
}
