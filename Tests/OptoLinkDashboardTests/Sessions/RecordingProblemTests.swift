import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions
@testable import OptoLinkDashboard

/// The live dashboard never calls a recording that lost part of the run recorded.
@Suite("a live recording that cannot be written whole")
struct RecordingProblemTests {
    /// A dashboard showing no live data, recording to `url`.
    func recordingApp(to url: URL) throws -> DashboardApp {
        let app = DashboardApp(
            state: DashboardState(size: .full), themes: ThemeLoader(searchDirectories: []),
            handler: SessionReplayHandler(), clock: SessionTestClock(5))
        try app.startRecording(to: url)
        return app
    }

    #if os(Linux)
    @Test func aRecordingWhoseWritesFailIsLoggedAsAnErrorAndKeptForTheExit() throws {
        // Given the live dashboard recording a session
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("live.olsession")
        let app = try recordingApp(to: url)

        // When the file stops taking writes and the recording is stopped (W, or the dashboard quitting)
        try SessionTestFiles.makeReadOnly(url)
        app.apply(.log(.info, "after the disk went read-only"))
        app.stopRecording()

        // Then the log says where the file stops, as an error, and the executable gets it to repeat on exit
        #expect(app.recordingProblems.count == 1)
        let last = app.state.log.last
        #expect(last?.level == .error)
        #expect(last?.text.hasPrefix("\(url.path): the session stops after line ") == true, "\(last?.text ?? "")")
        #expect(!app.state.log.contains { $0.text.hasPrefix("session recorded to") })
    }
    #endif

    @Test func aWholeRecordingIsCalledRecorded() throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("whole.olsession")
        let app = try recordingApp(to: url)
        app.apply(.log(.info, "one line"))
        app.stopRecording()
        #expect(app.recordingProblems.isEmpty)
        #expect(app.state.log.last?.text.hasPrefix("session recorded to \(url.path)") == true)
    }
}
