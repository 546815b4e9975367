import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// A headless run hands its session to the recorder it is given: the scenarios write no file themselves.
@Suite("headless runs record through their recorder")
struct HeadlessRecorderTests {
    @Test func aRecordedRunHandsEveryVerdictToItsSessionAndEndsWithItsCode() async throws {
        // Given a headless run that asks for a session, on a recorder whose session fails to finish
        let options = try DashboardOptions.parse(
            ["--headless", "--scenario", "direct-open", "--backoff-base", "0.05", "--record", "run.olsession"])
        let recorder = RecordingHeadlessRecorder(finishing: 2)
        let sink = LineSink()

        // When it runs on the embedded server
        let code = await HeadlessRunner.run(options: options, recorder: recorder) { sink.write($0) }

        // Then one session was opened and finished once, and its code is the run's
        let session = try #require(recorder.sessions.first)
        #expect(recorder.sessions.count == 1)
        #expect(session.finished == 1)
        #expect(code == 2, "\(sink.lines.joined(separator: "\n"))")
        // And it holds the run's target, the scenario's start and its verdict
        let actions = session.actions
        #expect(actions.contains { if case .targetChanged = $0 { true } else { false } })
        #expect(actions.contains { if case .scenarioStarted("direct-open", _) = $0 { true } else { false } })
        #expect(actions.contains { if case .scenarioFinished("direct-open", true, _) = $0 { true } else { false } })
    }

    @Test func aRunThatAsksForNoSessionRecordsNothing() async throws {
        // Given a headless run without --record or --cast
        let options = try DashboardOptions.parse(
            ["--headless", "--scenario", "direct-open", "--backoff-base", "0.05"])
        let recorder = RecordingHeadlessRecorder(finishing: 2)

        // When it runs
        let code = await HeadlessRunner.run(options: options, recorder: recorder) { _ in }

        // Then no session was opened and the verdict alone decides the code
        #expect(recorder.sessions.isEmpty)
        #expect(code == 0)
    }

    @Test func aCompareHandsItsColumnsToItsSession() async throws {
        // Given a headless compare that asks for a session
        let options = try DashboardOptions.parse(
            ["--headless", "--compare", "direct-open", "--backoff-base", "0.05", "--record", "c.olsession"])
        let recorder = RecordingHeadlessRecorder()

        // When it runs on the embedded server
        let code = await HeadlessRunner.run(options: options, recorder: recorder) { _ in }

        // Then its session holds the compare's updates and was finished once
        let session = try #require(recorder.sessions.first)
        #expect(code == 0)
        #expect(session.finished == 1)
        #expect(session.actions.contains { if case .panel = $0 { true } else { false } })
    }
}
