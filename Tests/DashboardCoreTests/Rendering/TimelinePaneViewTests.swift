import DashboardTestSupport
import Testing

@testable import DashboardCore

@Suite("TimelinePaneView (waterfall)")
struct TimelinePaneViewTests {
    static let sizes = [ScreenSize.full, ScreenSize.minimum]

    /// The screen line of request `id`'s timeline row (the selected row starts with `›`).
    static func row(_ id: Int, in lines: [String]) -> String {
        lines.first { $0.hasPrefix("│ #\(id) ") || $0.hasPrefix("│›#\(id) ") } ?? ""
    }

    /// The strip part of a row line (after the label column, without the right border).
    static func strip(_ line: String) -> [Character] {
        Array(Array(line).dropFirst(1 + TimelineWaterfall.labelWidth).dropLast())
    }

    /// Lengths of the runs of wait cells (`━`, `┄`, `╸`) in a strip, left to right.
    static func waitRuns(_ strip: [Character]) -> [Int] {
        var runs: [Int] = []
        var current = 0
        for character in strip {
            if "━┄╸".contains(character) {
                current += 1
            } else if current > 0 {
                runs.append(current)
                current = 0
            }
        }
        if current > 0 { runs.append(current) }
        return runs
    }

    static func waterfall(_ state: DashboardState, _ size: ScreenSize) throws -> TimelineWaterfall {
        var state = state
        DashboardReducer.reduce(&state, .resize(size))
        return try #require(TimelineWaterfall.compute(state))
    }

    @Test(arguments: sizes)
    func waitsOfOneTwoAndFourSecondsAreBarsInTheRatioOneTwoFour(size: ScreenSize) throws {
        // Given: four attempts answered 503 with 1 s, 2 s and 4 s waits between them.
        let state = Fixtures.backoffOneTwoFour()

        // When
        let lines = DashboardRenderer.render(state, size: size).lines
        let waterfall = try Self.waterfall(state, size)
        let layout = WaterfallRow(state.timeline[1], now: state.now, in: waterfall)

        // Then: the laid-out waits measure 1:2:4 (±1 cell), each within a cell of its true length on the one scale…
        let waits = layout.segments.filter { $0.kind == .wait }.map(\.columns.count)
        #expect(waits.count == 3)
        for (length, delay) in zip(waits, [1.0, 2, 4]) {
            #expect(
                abs(Double(length) - delay / waterfall.secondsPerColumn) <= 1,
                "\(waits) at \(waterfall.secondsPerColumn) s/col")
        }
        #expect(abs(waits[1] - 2 * waits[0]) <= 1 && abs(waits[2] - 2 * waits[1]) <= 1, "\(waits)")
        #expect(waits[0] >= 7, "a 1 s wait is only \(waits[0]) cells")
        // …and the screen shows exactly those runs, every attempt a minimum mark between them, the outcome closing the
        // row.
        let strip = Self.strip(Self.row(2, in: lines))
        #expect(Self.waitRuns(strip) == waits, "\(String(strip))")
        #expect(strip.filter { $0 == "▌" }.count == 4, "\(String(strip))")
        let end = try #require(strip.firstIndex(of: "✘"), "no outcome mark: \(String(strip))")
        #expect(strip[..<end].allSatisfy { "▌━ ".contains($0) }, "text inside the bars: \(String(strip))")
    }

    @Test(arguments: sizes)
    func theWaitInProgressGrowsWithItsCountdownAndKeepsItsLength(size: ScreenSize) throws {
        // Given: request #2 is 1.2 s into its 2 s wait
        var state = Fixtures.flakyAfterEarlierMatch()
        let before = Self.strip(Self.row(2, in: DashboardRenderer.render(state, size: size).lines))

        // When half a second passes
        DashboardReducer.reduce(&state, .tick(now: state.now + 0.5))
        let after = Self.strip(Self.row(2, in: DashboardRenderer.render(state, size: size).lines))

        // Then the elapsed part (━) grew, the whole wait (━ + ┄) is as long as before, and the countdown moved.
        let elapsed = { (strip: [Character]) in strip.filter { $0 == "━" }.count }
        let pending = { (strip: [Character]) in strip.filter { $0 == "┄" }.count }
        #expect(elapsed(after) > elapsed(before), "\(String(before))\n\(String(after))")
        #expect(pending(before) > 0 && pending(after) < pending(before))
        #expect(Self.waitRuns(before).last == Self.waitRuns(after).last)
        let lines = DashboardRenderer.render(state, size: size).lines.joined(separator: "\n")
        #expect(lines.contains("wait 0.3s"), "\(lines)")
    }

    @Test(arguments: sizes)
    func finishedRowsAreClosedByTheirOutcomeAndSubCellAttemptsStillShow(size: ScreenSize) {
        // Given: request #2 answered 200 at its third attempt (attempts of 2–8 ms on a scale of tens of ms)
        let state = Fixtures.flakyAfterEarlierMatch(finished: true)

        // When
        let lines = DashboardRenderer.render(state, size: size).lines

        // Then
        let first = String(Self.strip(Self.row(1, in: lines)))
        let second = String(Self.strip(Self.row(2, in: lines)))
        #expect(first.contains("▌✔ 200 in 4ms"), "\(first)")
        #expect(second.contains("▌✔"), "\(second)")
        #expect(second.filter { $0 == "▌" }.count == 3, "\(second)")
        #expect(lines.contains { $0.contains("#2 match: 503 2ms ▸ wait 1.0s ▸ 503 8ms ▸ wait 2.0s ▸ 200 2ms ✔") })
    }

    @Test func aRowEndingInAnAnswerItsServiceDocumentsIsTickedInItsBarsAndItsMark() throws {
        // Given a browser click handed to the App Store (302), a Deep Blue resolve answered 404 ("not a short
        // link", which its guide documents) and a match answered 404, which nothing documents
        var click = TimelineRow(requestID: SimulatedBrowser.firstVisitID, endpoint: SimulatedBrowser.endpoint)
        var resolve = TimelineRow(requestID: 2, endpoint: "data", name: "resolve")
        resolve.documented = [404]
        var match = TimelineRow(requestID: 3, endpoint: "match")
        for (index, status) in [(0, 302), (1, 404), (2, 404)] {
            let attempt = TimelineAttempt(number: 1, start: Double(index), status: status, duration: 0.01)
            let outcome = TimelineOutcome.finished(status: status, attempts: 1)
            switch index {
            case 0: (click.attempts, click.outcome) = ([attempt], outcome)
            case 1: (resolve.attempts, resolve.outcome) = ([attempt], outcome)
            default: (match.attempts, match.outcome) = ([attempt], outcome)
            }
        }
        var state = DashboardState()
        state.timeline = [click, resolve, match]
        state.now = 3
        let waterfall = try Self.waterfall(state, .full)
        // Then the click and the resolve end in ✔ with their bars in the ok colour, as their summary lines say
        for row in [click, resolve] {
            let layout = WaterfallRow(row, now: state.now, in: waterfall)
            #expect(layout.outcome?.character == "✔", "\(row.title)")
            #expect(layout.outcome?.role == .ok, "\(row.title)")
            #expect(layout.segments.first?.role == .ok, "\(row.title)")
            #expect(TimelineText.detail(row, now: state.now).hasSuffix("✔"), "\(TimelineText.detail(row, now: 3))")
        }
        // And the undocumented 404 keeps its ✘ and the 4xx colour
        let layout = WaterfallRow(match, now: state.now, in: waterfall)
        #expect(layout.outcome?.character == "✘")
        #expect(layout.segments.first?.role == .warning)
    }

    @Test(arguments: sizes)
    func rowsShareOneTimeScaleAndStayInTimeOrder(size: ScreenSize) throws {
        // Given / When
        let state = Fixtures.flakyAfterEarlierMatch(finished: true)
        let lines = DashboardRenderer.render(state, size: size).lines
        let waterfall = try Self.waterfall(state, size)

        // Then: the axis starts at the earliest row, the later request starts 7 s further right.
        let axis = lines.first { $0.hasPrefix("│ at ") } ?? ""
        #expect(axis.contains("┬0"), "\(axis)")
        let first = try #require(Self.strip(Self.row(1, in: lines)).firstIndex(of: "▌"))
        let second = try #require(Self.strip(Self.row(2, in: lines)).firstIndex(of: "▌"))
        #expect(first == 0)
        #expect(abs(Double(second - first) - 7 / waterfall.secondsPerColumn) <= 1)
    }

    @Test func zoomHalvesTheScaleAndZeroFitsAgain() throws {
        // Given the fitted view
        var state = Fixtures.serverDown()
        let fitted = try Self.waterfall(state, .full).secondsPerColumn

        // When + is pressed twice, then - once
        for action in [DashboardAction.zoomTimeline(0.5), .zoomTimeline(0.5), .zoomTimeline(2)] {
            DashboardReducer.reduce(&state, action)
        }

        // Then the scale is half the fitted one, the title says how to follow again, and the newest end stays in view
        let zoomed = try Self.waterfall(state, .full)
        #expect(abs(zoomed.secondsPerColumn - fitted / 2) < 1e-9)
        let lines = DashboardRenderer.render(state, size: .full).lines
        #expect(lines.contains { $0.contains("Retry timeline (2) · 1 col = ") && $0.contains("0 follows") })
        #expect(String(Self.strip(Self.row(2, in: lines))).contains("✘"), "the newest end scrolled out")

        // When ← scrolls back, the row's end goes out of view on the right (▸)
        DashboardReducer.reduce(&state, .scrollTimeline(-4))
        let scrolled = String(Self.strip(Self.row(2, in: DashboardRenderer.render(state, size: .full).lines)))
        #expect(scrolled.trimmingSpaces.hasSuffix("▸"), "\(scrolled)")

        // When 0 is pressed, the fitted scale and the following view are back
        DashboardReducer.reduce(&state, .fitTimeline)
        #expect(try Self.waterfall(state, .full).secondsPerColumn == fitted)
        #expect(state.timelineView.isFollowing)
    }

    @Test func theViewFollowsTheNewestRowsUntilARowIsSelected() throws {
        // Given more requests than rows in the pane
        var actions: [DashboardAction] = []
        for id in 1...30 {
            let t = Double(id)
            actions += [
                .diagnostic(.requestStarted(requestID: id, endpoint: "events", attempt: 1), time: t),
                .diagnostic(
                    .responseReceived(requestID: id, endpoint: "events", attempt: 1, status: 200, duration: 0.01),
                    time: t + 0.01),
                .diagnostic(
                    .requestFinished(requestID: id, endpoint: "events", attempts: 1, status: 200), time: t + 0.01),
            ]
        }
        var state = Fixtures.reduced(actions + [.focus(.timeline), .tick(now: 31)])
        let capacity = try Self.waterfall(state, .full).rows.count

        // Then the newest are shown, the newest selected
        var lines = DashboardRenderer.render(state, size: .full).lines
        #expect(Self.row(30, in: lines).hasPrefix("│›#30"))
        #expect(Self.row(30 - capacity, in: lines).isEmpty)

        // When ↑ is pressed past the top of the pane, the selection stays in view and the detail line follows it
        for _ in 0..<capacity { DashboardReducer.reduce(&state, .moveSelection(-1)) }
        lines = DashboardRenderer.render(state, size: .full).lines
        #expect(state.timelineView.selectedRequestID == 30 - capacity)
        #expect(Self.row(30 - capacity, in: lines).hasPrefix("│›"))
        #expect(lines.contains { $0.hasPrefix("│ #\(30 - capacity) events: 200 10ms ✔") })

        // When a new request arrives, the selected row stays where it is
        DashboardReducer.reduce(
            &state, .diagnostic(.requestStarted(requestID: 31, endpoint: "match", attempt: 1), time: 31.5))
        #expect(state.timelineView.selectedRequestID == 30 - capacity)

        // When ↓ reaches the newest row, the view follows again
        for _ in 0..<(capacity + 1) { DashboardReducer.reduce(&state, .moveSelection(1)) }
        #expect(state.timelineView.selectedRequestID == nil)
        #expect(Self.row(31, in: DashboardRenderer.render(state, size: .full).lines).hasPrefix("│›#31"))
    }

    @Test func axisLabelsUseMillisecondsSecondsOrMinutesAsTheScaleNeeds() {
        #expect(TimelineText.axisLabel(0.25, step: 0.25) == "250ms")
        #expect(TimelineText.axisLabel(1.25, step: 0.25) == "1.25s")
        #expect(TimelineText.axisLabel(12, step: 2) == "12s")
        #expect(TimelineText.axisLabel(90, step: 30) == "1m30s")
        #expect(TimelineText.axisLabel(300, step: 300) == "5min")
        #expect(TimelineText.axisLabel(7_200, step: 3_600) == "2h")
        // The step keeps ticks at least 10 columns apart.
        #expect(TimelineText.step(secondsPerColumn: 0.01) == 0.1)
        #expect(TimelineText.step(secondsPerColumn: 7) == 120)
    }
}
