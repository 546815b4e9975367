import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("Session replay: pace, steps, and the recorder's entries")
struct SessionReplayTests {
    /// A recording of a request that failed, waited 2 s and succeeded, on a clock moved by hand.
    func recordRetry(to url: URL) throws {
        let clock = SessionTestClock(10)
        let recorder = try SessionRecorder(
            url: url, settings: SessionSettings(mode: "simulated", service: "optolink"), state: DashboardState(),
            clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
        recorder.record(.diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 10))
        recorder.record(.tick(now: 10))
        clock.set(10.5)
        recorder.record(
            .diagnostic(.retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 2), time: 10.5))
        recorder.record(.focusNext)  // a view action: not recorded
        clock.set(12.5)
        recorder.record(.diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 2), time: 12.5))
        recorder.record(.tick(now: 12.6))
        recorder.stop()
    }

    @Test func playbackAppliesEachEntryWhenTheViewersClockReachesItsRecordedTime() throws {
        // Given a recorded retry (opening entries and the first attempt at 10, the wait at 10.5, the retry at 12.5)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("retry.olsession")
        try recordRetry(to: url)
        let replay = SessionReplay(file: try SessionFile.open(url))
        let opening = SessionRecorder.openingActions(DashboardState()).count
        #expect(replay.file.count == opening + 5)

        // When it plays at 1× from the viewer's time 100
        replay.changeSpeed(1, at: 100)
        #expect(replay.clock.speed == 1)

        // Then the entries come at their recorded offsets, not before
        #expect(replay.playTarget(at: 100) == opening + 2)
        #expect(replay.playTarget(at: 100.49) == opening + 2)
        #expect(replay.playTarget(at: 100.5) == opening + 3)
        #expect(replay.playTarget(at: 102.49) == opening + 3)
        #expect(replay.playTarget(at: 102.5) == opening + 4)
        #expect(replay.playTarget(at: 102.61) == opening + 5)

        // And at 4× the 2 s wait takes half a second of the viewer's
        replay.changeSpeed(1, at: 100)
        #expect(replay.clock.speed == 4)
        #expect(replay.playTarget(at: 100.124) == opening + 2)
        #expect(replay.playTarget(at: 100.125) == opening + 3)
        #expect(replay.playTarget(at: 100.624) == opening + 3)
        #expect(replay.playTarget(at: 100.625) == opening + 4)
    }

    @Test func stepsStopAfterEachDataEntryAndGoingBackStartsOverKeepingTheView() throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("retry.olsession")
        try recordRetry(to: url)
        let replay = SessionReplay(file: try SessionFile.open(url))
        var state = DashboardState()
        state.focus = .timeline
        var resets = 0
        func move(_ target: Int) throws {
            try replay.seek(
                to: target,
                reset: {
                    resets += 1
                    state = SessionReplay.freshState(keepingViewOf: state)
                }, apply: { DashboardReducer.reduce(&state, $0) })
        }

        // When it goes to the end, then one step back
        try move(replay.file.count)
        #expect(state.timeline.first?.attempts.count == 2)
        try move(replay.stepTarget(-1))

        // Then the second attempt is gone again (the state started over once) and the focus stayed
        #expect(resets == 1)
        #expect(state.timeline.first?.attempts.count == 1)
        #expect(state.timeline.first?.waits.count == 1)
        #expect(state.focus == .timeline)

        // And a step forward brings the retry back, with the tick after it (the clock at 12.6)
        try move(replay.stepTarget(1))
        #expect(replay.isAtEnd)
        #expect(state.timeline.first?.attempts.count == 2)
        #expect(state.now == 12.6)
    }

    @Test func theRecorderMasksThePairingTokenAndSkipsViewActions() throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("attach.olsession")
        let recorder = try SessionRecorder(
            url: url, settings: SessionSettings(mode: "attach", service: "optolink"), state: DashboardState(),
            clock: SessionTestClock(1))
        recorder.record(.attach(.listening(address: "0.0.0.0:7420", token: "k3y-9f2a-77c1")))
        recorder.record(.openOverlay(.help))
        recorder.stop()

        let text = try String(contentsOf: url, encoding: .utf8)
        let file = try SessionFile.open(url)

        #expect(!text.contains("k3y-9f2a-77c1"))
        #expect(
            try file.entry(at: file.count - 1).action == .attach(.listening(address: "0.0.0.0:7420", token: "k3y-…")))
        #expect(!text.contains("openOverlay") && !text.contains("help"))
    }

    @Test func aWrittenLineIsOnDiskBeforeTheWriterCloses() throws {
        // Given a writer that has taken an entry and not been closed (as when the dashboard is killed)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = files.url("open.olsession")
        let writer = try SessionWriter(
            url: url, header: SessionHeader(settings: SessionSettings(mode: "simulated", service: "optolink")))
        writer.append(SessionTestFiles.log("still here", at: 5))
        writer.flush()

        // When another reader opens the file
        let file = try SessionFile.open(url)

        // Then the entry is there, whole
        #expect(file.count == 1)
        #expect(try file.entry(at: 0).action == .log(.info, "still here"))
        #expect(writer.stats.lines == 2 && writer.stats.dropped == 0)
        writer.close()
    }

    @Test func theReplayBarFitsItsWidth() {
        var status = SessionStatus(mode: .replay, file: "/tmp/bug.olsession")
        status.position = 12
        status.count = 48
        status.elapsed = 65.25
        status.duration = 130
        status.speed = 4
        #expect(status.replayBar(width: 60).hasPrefix("▶ 4× 1:05.2 / 2:10.0 ▕"))
        #expect(status.replayBar(width: 60).hasSuffix("▏ 12/48"))
        #expect(status.replayBar(width: 60).count <= 60)
        let bar = status.replayBar(width: 60)
        let cells = bar.filter { $0 == "█" || $0 == "░" }.count
        #expect(bar.filter { $0 == "█" }.count == Int((Double(cells) / 4).rounded()))
        #expect(status.headerText == "session bug.olsession")
    }
}
