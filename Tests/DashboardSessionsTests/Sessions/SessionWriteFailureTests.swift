import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import DashboardSessions

/// A session or an asciicast that cannot be written whole is said so, with the output code (3), never called
/// recorded.
@Suite("sessions that cannot be written whole")
struct SessionWriteFailureTests {
    @Test func aCastThatCannotBeWrittenStopsAHeadlessRunBeforeItStarts() throws {
        // Given a headless run asking for an asciicast in a folder that does not exist
        let options = try DashboardOptions.parse([
            "--headless", "--scenario", "direct-open", "--cast", "/nonexistent-\(UUID().uuidString)/run.cast",
        ])

        // When its session is opened, before any scenario runs
        var thrown: DashboardError?
        do {
            _ = try SessionHeadlessRecorder().open(options: options, state: DashboardState(), now: { 0 })
        } catch {
            thrown = error
        }

        // Then it is refused at once with the output code, naming the file and why
        #expect(thrown?.exitStatus == .exportFailed)
        #expect(thrown?.message.hasPrefix("cannot write the asciicast: /nonexistent-") == true)
        #expect(thrown?.message.hasSuffix("/run.cast: its folder does not exist") == true)
    }

    @Test func aFileThatCannotBeReadIsBadInputAndOneThatCannotBeWrittenIsAFailedOutput() {
        #expect(DashboardError.session("x is not a session file").exitStatus == .badInput)
        #expect(DashboardError.export("cannot record the session: x: disk full").exitStatus == .exportFailed)
        #expect(DashboardError.usage("--record needs a file").exitStatus == .badInput)
        #expect(DashboardError.backend("no answer").exitStatus == .backendUnreachable)
    }

    #if os(Linux)
    @Test func aWriteThatFailsMidRunIsReportedAndTheSessionNotCalledRecorded() throws {
        // Given a headless recording whose first entries reached the file
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("broken.olsession")
        let (recording, file) = try files.headlessRecording("broken.olsession", clock: SessionTestClock(100))
        recording.apply(.log(.info, "reached the file"))

        // When every later write to the file fails (its descriptor now only reads, as a disk gone read-only)
        try SessionTestFiles.makeReadOnly(url)
        recording.apply(.log(.info, "lost"))
        let out = LineSink()
        let errors = LineSink()
        let code = file.finish(write: { out.append($0) }, errors: { errors.append($0) })

        // Then the run ends with the output code and one line naming the file and where it stops
        #expect(code == 3)
        #expect(errors.values.count == 1)
        let line = errors.values.first ?? ""
        #expect(line.hasPrefix("optolink-dash: \(url.path): the session stops after line "), "\(line)")
        #expect(line.hasSuffix("(bad file descriptor): what came after is lost"), "\(line)")
        // And it is not called recorded
        #expect(!out.values.contains { $0.hasPrefix("session recorded") }, "\(out.values)")
        #expect(file.problem != nil)
    }
    #endif
}
