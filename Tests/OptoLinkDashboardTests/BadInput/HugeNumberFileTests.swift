import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

/// HAR and session files whose numbers trap careless conversions open and render.
@Suite("Files with huge numbers open and render")
struct HugeNumberFileTests {
    /// Opens `url`, folds every entry into a state, and renders it at the full size with the log in focus.
    static func openAndRender(_ url: URL) throws -> ScreenBuffer {
        let file = try SessionFile.open(url)
        let replay = SessionReplay(file: file)
        var state = DashboardState()
        try replay.seek(to: file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
        return DashboardRenderer.render(state, size: .full)
    }

    /// A one-entry HAR whose `_optolink.requestID` and `time` are given as JSON text.
    static func har(requestID: String, time: String) -> String {
        """
        {"log":{"version":"1.2","creator":{"name":"optolink-dash","version":"1"},"entries":[
          {"startedDateTime":"2025-06-02T09:14:03.120Z","time":\(time),
           "_optolink":{"requestID":\(requestID),"attempt":1,"endpoint":"match"},
           "request":{"method":"POST","url":"http://127.0.0.1:1/v1/match","headers":[],"bodySize":0},
           "response":{"status":200,"headers":[],"content":{"size":0,"text":""}}},
          {"startedDateTime":"2025-06-02T09:14:04.120Z","time":1,
           "request":{"method":"GET","url":"http://127.0.0.1:1/health","headers":[],"bodySize":0},
           "response":{"status":200,"headers":[],"content":{"size":0,"text":""}}}]}}
        """
    }

    @Test func aHARWhoseRequestIDIsIntMaxOpens() throws {
        // Given an exported requests.har whose first request id is Int.max
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.write("requests.har", Self.har(requestID: "9223372036854775807", time: "12"))

        // When it is opened, then it opens with both requests (no arithmetic overflow)
        let file = try SessionFile.open(url)
        #expect(file.isHAR)
        _ = try Self.openAndRender(url)
    }

    @Test func aHARWhoseTimeIs1e308OpensAndRenders() throws {
        // Given a HAR entry that took 1e308 ms
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.write("huge.har", Self.har(requestID: "1", time: "1e308"))

        // When it is opened and its panes are drawn, then nothing traps and the screen has content
        let screen = try Self.openAndRender(url)
        #expect(!screen.lines.joined().trimmingCharacters(in: .whitespaces).isEmpty)
    }

    @Test func aSessionWithAHugeDurationAndANegativeDelayOpensAndRenders() throws {
        // Given a session whose response took 1e308 s and whose retry waits -1e308 s
        let files = try SessionTestFiles()
        defer { files.remove() }
        let wall = Date(timeIntervalSince1970: 1_700_000_000)
        let url = try files.session(
            "huge.olsession",
            entries: [
                SessionEntry(
                    time: 1, wall: wall,
                    action: .diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 1)),
                SessionEntry(
                    time: 2, wall: wall,
                    action: .diagnostic(
                        .responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 503, duration: 1e308),
                        time: 2)),
                SessionEntry(
                    time: 3, wall: wall,
                    action: .diagnostic(
                        .retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: -1e308), time: 3)),
                SessionEntry(time: 1e300, wall: wall, action: .log(.info, "late")),
            ])

        // When it is opened and drawn, then nothing traps
        let screen = try Self.openAndRender(url)
        #expect(screen.lines.count == ScreenSize.full.height)
    }

    @Test func theClockAndDurationLabelsClampWhatTheyCannotShow() {
        // Given times no recording could have, when they are formatted, then each gives a label
        #expect(formatSeconds(1e308).hasSuffix("s"))
        #expect(formatSeconds(-1e308).hasPrefix("-"))
        #expect(formatSeconds(-0.5) == "-0.5s")
        #expect(formatDuration(1e308).hasSuffix("s"))
        #expect(LogPaneView.clockLabel(1e308, origin: 0).contains(":"))
        #expect(!TimelineText.axisLabel(1e308, step: 1e300).isEmpty)
        #expect(!format1(1e308).isEmpty)
    }
}

/// A match breakdown from a session file with points no server gives.
@Suite("Score bars clamp what a file says")
struct ScoreBarBadInputTests {
    @Test func pointsOfIntMaxAndANegativeThresholdDrawWithinTheBar() {
        // Given a candidate whose points are Int.max in two components, and a threshold of Int.min
        let candidate = MatchCandidate(
            shortCode: "a", path: "/a", ageSeconds: 1e308, points: [.ip: Int.max, .platform: Int.max], total: Int.max)
        var buffer = ScreenBuffer(width: 40, height: 2)

        // When the bar is drawn
        MatchesPaneView.drawBar(candidate, threshold: Int.min, x: 0, y: 0, width: 40, into: &buffer)

        // Then it fills the bar (no overflow) and the threshold mark sits at its left edge
        #expect(buffer.lines[0].hasPrefix("┃"))
        #expect(buffer.lines[0].contains("█"))
        #expect(MatchesPaneView.formatAge(1e308).hasSuffix("h"))
    }
}
