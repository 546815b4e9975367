import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// The scenario checklist, the waterfall, the inspector, the export and the mouse in the real binary under tmux: in the
/// serialized terminal suite, so no two dashboards under tmux load the machine at once.
extension TerminalEndToEndTests {
    /// The number of wait cells (━) on the screen line of the /match row.
    static func elapsedWaitCells(_ screen: [String]) -> Int? {
        screen.first {
            $0.contains("#") && $0.contains("match") && ($0.contains("━") || $0.contains("┄")) && !$0.contains(":")
        }
        .map { line in line.filter { $0 == "━" }.count }
    }

    /// The milliseconds one timeline column stands for, from the pane's title (`· 1 col = 32ms`, `· 1 col = 1s`).
    static func millisecondsPerColumn(_ screen: [String]) -> Double? {
        guard let title = screen.first(where: { $0.contains("Retry timeline") }),
            let range = title.range(of: "1 col = ")
        else { return nil }
        let text = title[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "m" || $0 == "s" }
        if text.hasSuffix("ms") { return Double(text.dropLast(2)) }
        if text.hasSuffix("s") { return Double(text.dropLast()).map { $0 * 1000 } }
        return nil
    }

    /// How much waiting the /match row's bars show, in milliseconds (cells × the column's time): unlike the
    /// cell count, it does not shrink when the pane halves its scale to fit a longer run.
    static func elapsedWaitMilliseconds(_ screen: [String]) -> Double? {
        guard let cells = elapsedWaitCells(screen), let scale = millisecondsPerColumn(screen) else { return nil }
        return Double(cells) * scale
    }

    @Test func theWaterfallGrowsTheInspectorShowsTheMaskedKeyAndXExportsFilesThatParse() async throws {
        // Given the dashboard running flaky-server with 2 s and 4 s waits (6 s of waiting)
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --scenario flaky-server --backoff-base 2
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }

        // Then the /match row's wait bars grow while it waits. The first reading is taken in the first 3 s of the
        // 6 s of waiting, so a loaded machine that captures the screen late still leaves the bar time to grow; the
        // growth is measured in time (cells × the column's milliseconds), as the pane rescales to fit.
        let first = await session.waitFor(timeout: 15) { screen in
            guard let elapsed = Self.elapsedWaitMilliseconds(screen) else { return false }
            return elapsed > 0 && elapsed < 3_000
        }
        let before = try #require(
            Self.elapsedWaitMilliseconds(first.screen),
            "no waterfall row:\n\(first.screen.joined(separator: "\n"))")
        #expect(
            first.ok, "the row was never seen in its first 3 s of waiting:\n\(first.screen.joined(separator: "\n"))")
        let grown = await session.waitFor(timeout: 8) { screen in
            guard let elapsed = Self.elapsedWaitMilliseconds(screen), let scale = Self.millisecondsPerColumn(screen)
            else { return false }
            return elapsed > before + 2 * scale
        }
        #expect(grown.ok, "the wait did not grow from \(before) ms:\n\(grown.screen.joined(separator: "\n"))")
        let passed = await session.waitFor(timeout: 20) { $0.first?.contains("scenario flaky-server PASS") == true }
        #expect(passed.ok, "no PASS:\n\(passed.screen.joined(separator: "\n"))")

        // When the timeline is focused (a click on its title row) and its /match row inspected with Enter
        let titleRow = try #require(passed.screen.firstIndex { $0.contains("Retry timeline") })
        try session.mouse(button: 0, x: 20, y: titleRow)
        try session.mouse(button: 3, x: 20, y: titleRow)
        let focused = await session.waitFor { $0.contains { $0.contains("▶ Retry timeline") } }
        #expect(focused.ok, "the click did not focus the timeline:\n\(focused.screen.joined(separator: "\n"))")
        // (The /match row of the timeline, under its title: the scenario pane's ticked steps name /match too.)
        let matchRow = try #require(
            focused.screen.indices.first { index in
                let line = focused.screen[index]
                return index > titleRow && line.contains("match") && line.contains("✔") && !line.contains(":")
            })
        try session.mouse(button: 0, x: 5, y: matchRow)
        try session.mouse(button: 3, x: 5, y: matchRow)
        try session.press("Enter")
        // (Waits for the attempt's answer too: tmux can be read while ncurses is still drawing the overlay,
        // and a run once read the request half of it only.)
        let inspector = await session.waitFor {
            $0.joined().contains("── attempt 1 of 3") && $0.joined().contains("response 503 Service Unavailable")
        }
        #expect(inspector.ok, "no inspector:\n\(inspector.screen.joined(separator: "\n"))")
        #expect(inspector.screen.joined().contains("X-API-Key: opl_sdk_…"))
        #expect(!inspector.screen.joined().contains("opl_sdk_demo"), "the key is not masked")
        #expect(inspector.screen.joined().contains("response 503 Service Unavailable"))
        // The wheel scrolls it
        try session.mouse(button: 65, x: 30, y: 10)
        let scrolled = await session.waitFor { $0.joined().contains("lines 4–") }
        #expect(scrolled.ok, "the wheel did not scroll the inspector:\n\(scrolled.screen.joined(separator: "\n"))")
        try session.press("Escape")

        // When X is pressed, the export lands in the working directory and its files parse
        try session.press("X")
        let exported = await session.waitFor { $0.joined().contains("exported requests.har, report.md, screen.svg") }
        #expect(exported.ok, "no export line:\n\(exported.screen.joined(separator: "\n"))")
        let directory = try #require(
            try FileManager.default.contentsOfDirectory(atPath: session.workDirectory)
                .first { $0.hasPrefix("optolink-export-") })
        let base = URL(fileURLWithPath: session.workDirectory).appendingPathComponent(directory)
        let har = try #require(FileManager.default.contents(atPath: base.appendingPathComponent("requests.har").path))
        let entries =
            ((try JSONSerialization.jsonObject(with: har) as? [String: Any])?["log"] as? [String: Any])?["entries"]
            as? [Any]
        #expect((entries?.count ?? 0) >= 3)
        let svg = try #require(FileManager.default.contents(atPath: base.appendingPathComponent("screen.svg").path))
        let (reader, ok, error) = SVGReader.read(String(decoding: svg, as: UTF8.self))
        #expect(ok, "\(error ?? "")")
        #expect(reader.rows.count == 40 && reader.rows.contains { $0.contains("Retry timeline") })
        let report = String(
            decoding: FileManager.default.contents(atPath: base.appendingPathComponent("report.md").path) ?? Data(),
            as: UTF8.self)
        #expect(report.contains("| flaky-server | PASS |"))
        try session.press("q")
        #expect(await session.waitFor { $0.contains("EXIT=0") }.ok)
    }

    /// The scenario pane's ticked steps (`│ ✔ …` rows of the left column).
    static func tickedSteps(_ screen: [String]) -> Int {
        screen.filter { $0.hasPrefix("│ ✔ ") }.count
    }

    /// The left column's text (44 columns at 120×40) without its borders, rows joined by spaces.
    static func leftColumnText(_ screen: [String]) -> String {
        screen.dropFirst().map { String($0.prefix(44).dropFirst().dropLast()).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test func thePickerShowsExpectationsAndTheScenarioChecklistTicksUpToPass() async throws {
        // Given the dashboard with 1 s and 2 s waits (flaky-server's first launch takes 3 s)
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --backoff-base 1
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }
        #expect(await session.waitFor { $0.joined().contains("Match attempts") }.ok)

        // When s opens the picker: each scenario's expectation is beside its name
        try session.press("s")
        let picker = await session.waitFor { $0.joined().contains("Run a scenario") }
        #expect(
            picker.screen.contains { $0.contains("flaky-server") && $0.contains("/match answers 503 twice") },
            "\(picker.screen.joined(separator: "\n"))")
        // and the selected one's, whole, under the list
        for _ in 0..<9 { try session.press("j") }
        let selected = await session.waitFor { $0.contains { $0.contains("── flaky-server ─") } }
        #expect(selected.ok, "\(selected.screen.joined(separator: "\n"))")
        #expect(
            selected.screen.contains {
                $0.contains("expects /match answers 503 twice then succeeds: waits base then 2×base")
            })

        // When it runs: while the first launch waits out the retries, the steps before it are ticked
        try session.press("Enter")
        let running = await session.waitFor(timeout: 15) { screen in
            screen.contains { $0.contains("Scenario flaky-server · running 2/7") }
                && screen.contains { $0.hasPrefix("│ ▸ first launch") }
        }
        #expect(running.ok, "no running checklist:\n\(running.screen.joined(separator: "\n"))")
        let runningText = running.screen.joined(separator: "\n")
        #expect(Self.tickedSteps(running.screen) == 2, "\(runningText)")
        #expect(running.screen.contains { $0.hasPrefix("│ · /match → 503, 503, 200") }, "\(runningText)")
        #expect(running.screen.contains { $0.hasPrefix("│ expects /match answers 503") }, "\(runningText)")

        // Then every step ticks and the verdict explains itself, expected versus observed
        let passed = await session.waitFor(timeout: 20) {
            $0.contains { $0.contains("Scenario flaky-server · PASS 7/7") }
        }
        #expect(passed.ok, "no PASS:\n\(passed.screen.joined(separator: "\n"))")
        #expect(Self.tickedSteps(passed.screen) == 7)
        #expect(passed.screen.contains { $0.hasPrefix("│ PASS: expected /match answers 503 twice") })
        #expect(
            Self.leftColumnText(passed.screen).contains("observed 503, wait 1.0s, 503, wait 2.0s, 200"),
            "\(Self.leftColumnText(passed.screen))")
        #expect(passed.screen.first?.contains("scenario flaky-server PASS") == true)
        // Shift-Tab (to the fingerprint) brings the device profile and the fingerprint back
        try session.press("BTab")
        #expect(await session.waitFor { $0.contains { $0.contains("Device profile") } }.ok)
        try session.press("q")
        #expect(await session.waitFor { $0.contains("EXIT=0") }.ok)
    }

    @Test func withNoMouseClicksAreIgnoredAndTheWheelScrollsTheLogOtherwise() async throws {
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' --no-mouse
                echo "EXIT=$?"
                sleep 60
                """)
        defer { session.kill() }
        let started = await session.waitFor { $0.joined().contains("Match attempts") }
        #expect(started.ok)
        let logRow = try #require(started.screen.firstIndex { $0.contains("─ Log ") }) + 2
        try session.mouse(button: 0, x: 10, y: logRow)
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(!session.screen().contains { $0.contains("▶ Log") }, "a click was taken although --no-mouse")
        try session.press("q")
        #expect(await session.waitFor { $0.contains("EXIT=0") }.ok)

        // With the mouse on, a click on the log focuses it
        let mouse = try TmuxSession(command: "'\(BuiltBinary.path)'\nsleep 60")
        defer { mouse.kill() }
        #expect(await mouse.waitFor { $0.joined().contains("Match attempts") }.ok)
        try mouse.mouse(button: 0, x: 10, y: logRow)
        #expect(await mouse.waitFor { $0.contains { $0.contains("▶ Log") } }.ok)
    }

    @Test func headlessExportAndJUnitAreWritten() async throws {
        let directory = NSTemporaryDirectory() + "optolink-headless-export-" + UUID().uuidString.prefix(8)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = try await spawnOffPool(
            [
                "/bin/sh", "-c",
                "'\(BuiltBinary.path)' --headless --scenario rate-limited --backoff-base 0.05 "
                    + "--export '\(directory)' --junit '\(directory)/junit.xml'; echo EXIT=$?",
            ], capture: true)
        #expect(output.contains("exported requests.har, report.md, screen.svg to \(directory)"), "\(output)")
        #expect(output.contains("EXIT=0"))
        let junit = String(
            decoding: FileManager.default.contents(atPath: directory + "/junit.xml") ?? Data(), as: UTF8.self)
        #expect(junit.contains(#"<testcase classname="optolink-dash.scenarios" name="rate-limited""#), "\(junit)")
        let har = FileManager.default.contents(atPath: directory + "/requests.har") ?? Data()
        #expect(String(decoding: har, as: UTF8.self).contains("\"status\" : 429"))
    }
}
