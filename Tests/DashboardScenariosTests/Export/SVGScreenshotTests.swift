import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("SVG screenshot, HAR, JUnit and Markdown writers")
struct SVGScreenshotTests {
    @Test(arguments: [ScreenSize.full, ScreenSize.minimum])
    func theSVGIsWellFormedAndItsTextIsTheScreenLineByLine(size: ScreenSize) {
        // Given a screen with box drawing, bars, a countdown and characters XML must escape
        var state = Fixtures.retryMidWait()
        DashboardReducer.reduce(&state, .log(.info, "a <tag> & \"quotes\""))
        let buffer = DashboardRenderer.render(state, size: size)

        // When
        let svg = SVGScreenshot.svg(buffer, theme: .builtInDefault)
        let (reader, ok, error) = SVGReader.read(svg)

        // Then
        #expect(ok, "not well-formed: \(error ?? "")")
        #expect(reader.rows == buffer.lines)
        #expect(reader.rects > 1, "no background rects (header, footer, selection)")
    }

    @Test func runsTakeTheThemesColours() {
        // Given the default theme, whose ok_fg is a hex colour
        let theme = Theme.builtInDefault
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.write("ok", x: 0, y: 0, role: .ok)
        buffer.write("err", x: 3, y: 0, role: .error)
        // When
        let runs = SVGScreenshot.runs(buffer, y: 0, theme: theme)
        // Then one run per style: ok, blank, error
        #expect(runs.map(\.text) == ["ok", " ", "err"])
        #expect(runs[0].foreground == SVGScreenshot.hex(theme.colors(for: .ok).foreground, fallback: "?"))
        #expect(runs[2].foreground == SVGScreenshot.hex(theme.colors(for: .error).foreground, fallback: "?"))
        #expect(runs[0].foreground != runs[2].foreground)
        #expect(SVGScreenshot.hex(.indexed(196), fallback: "?") == "#ff0000")
        #expect(SVGScreenshot.hex(.rgb(red: 1, green: 2, blue: 255), fallback: "?") == "#0102ff")
    }

    @Test func theHARHasAnEntryPerAttemptWithMaskedKeys() throws {
        // Given request #2's three recorded attempts
        let state = Fixtures.flakyWithExchanges()
        // When
        let object = try #require(try JSONSerialization.jsonObject(with: HARExport.data(state)) as? [String: Any])
        let log = try #require(object["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        // Then
        #expect(log["version"] as? String == "1.2")
        #expect(entries.count == 3)
        #expect(entries.compactMap { ($0["response"] as? [String: Any])?["status"] as? Int } == [503, 503, 200])
        #expect(
            entries.compactMap { $0["comment"] as? String } == [
                "#2 match attempt 1 of 3", "#2 match attempt 2 of 3", "#2 match attempt 3 of 3",
            ])
        let text = String(decoding: HARExport.data(state), as: UTF8.self)
        #expect(text.contains("opl_sdk_…") && !text.contains("opl_sdk_demo"))
        let decision = (entries[0]["_optolink"] as? [String: Any])?["decision"] as? String
        #expect(decision?.hasPrefix("retry after 1.0s") == true)
    }

    @Test func junitHasACaseperScenarioWithFailureAndSkipped() {
        let xml = JUnitReport.xml(
            [
                ScenarioResult(
                    name: "direct-open", expectation: "opens", verdict: .passed, detail: "ok", duration: 0.25),
                ScenarioResult(
                    name: "flaky-server", expectation: "retries", verdict: .failed,
                    detail: "expected 503, 503, 200; got <503>", duration: 3),
                ScenarioResult(
                    name: "timeout", expectation: "times out", verdict: .skipped,
                    detail: "backend has no dev endpoints", duration: 0),
            ], timestamp: Date(timeIntervalSince1970: 0))
        #expect(
            xml.contains(
                #"<testsuite name="optolink-dash scenarios" tests="3" failures="1" errors="0" skipped="1" time="3.250""#
            ))
        #expect(xml.contains(#"<failure message="expected 503, 503, 200; got &lt;503&gt;" type="ScenarioFailure">"#))
        #expect(xml.contains(#"<skipped message="backend has no dev endpoints"/>"#))
        #expect(xml.contains(#"timestamp="1970-01-01T00:00:00""#))
        let (_, ok, error) = SVGReader.read(xml)
        #expect(ok, "\(error ?? "")")
    }

    @Test func junitSystemOutListsTheStepsUnderTheVerdict() throws {
        let result = try #require(Fixtures.scenarioFailed().scenarioResults.last)
        let xml = JUnitReport.xml([result], timestamp: Date(timeIntervalSince1970: 0))
        #expect(
            xml.contains(
                "<system-out>deferred-clipboard FAIL at step 3 “/match → CLIPBOARD exact”: expected CLIPBOARD exact"))
        #expect(
            xml.contains(
                "&#10;✔ click from another network&#10;✔ first launch&#10;✘ "
                    + "/match → CLIPBOARD exact&#10;· pasteboard cleared</system-out>"
            ))
        let (_, ok, error) = SVGReader.read(xml)
        #expect(ok, "\(error ?? "")")
    }

    @Test func theReportHasVerdictsTimelineAndBreakdowns() {
        var state = Fixtures.deferredMatch()
        DashboardReducer.reduce(&state, .scenarioExpectations(["deferred-scored-medium": "medium confidence"]))
        DashboardReducer.reduce(&state, .scenarioStarted(name: "deferred-scored-medium"))
        DashboardReducer.reduce(
            &state, .scenarioFinished(name: "deferred-scored-medium", passed: true, detail: "score 79"))
        let report = MarkdownReport.markdown(state)
        #expect(report.contains("| deferred-scored-medium | PASS |"))
        #expect(report.contains("| medium confidence | score 79 |"))
        #expect(report.contains("#2 match: 200 80ms ✔"))
        #expect(report.contains("`summer` /promo/summer: ip 30 plat 10 os 8 lang 10 tz 0 model 12 rec 9 = 79 ≥ 65"))
    }

    @Test func theReportNamesTheServiceAndOnlyTheKeyItHas() {
        // Given the same state run against OptoLink, AppsFlyer and QubeRoute
        var state = Fixtures.scenarioFailed()
        state.header.orgKey = "acme"
        #expect(MarkdownReport.markdown(state).contains("- service: OptoLink · org: acme · SDK "))
        state.header.provider = .appsFlyer
        state.header.orgKey = "id123456789"
        // Then AppsFlyer's app id is named as one, and QubeRoute (which has neither) shows no org at all
        #expect(MarkdownReport.markdown(state).contains("- service: AppsFlyer · app: id123456789 · SDK "))
        state.header.provider = .quberoute
        state.header.orgKey = ""
        let report = MarkdownReport.markdown(state)
        #expect(report.contains("- service: QubeRoute · SDK ") && !report.contains("org:"))
    }

    @Test func theReportListsEachScenariosStepsWithTheirMarks() {
        let report = MarkdownReport.markdown(Fixtures.scenarioFailed())
        #expect(report.contains("### Steps"))
        #expect(
            report.contains(
                "- **deferred-clipboard** FAIL: ✔ click from another "
                    + "network · ✔ first launch · ✘ /match → CLIPBOARD exact · "
                    + "· pasteboard cleared"))
    }
}
