import Foundation
import Testing

@testable import DashboardDoctor

@Suite("Doctor: report, exit codes, JSON and the checklist")
struct DoctorReportTests {
    let base = URL(string: "https://links.example.com")!
    let pass = DoctorCheck.pass("host.answers", "host answers", "GET /health → 200 in 4 ms")
    let warn = DoctorCheck.warn("clock.skew", "clock skew", "95 s ahead", fix: "sync with NTP")
    let fail = DoctorCheck.fail("aasa.contentType", "AASA Content-Type", "text/plain", fix: "serve application/json")
    let skip = DoctorCheck.skip("key.tier", "CLIENT key", "give --api-key")

    @Test func exitCodeIsZeroOnlyWithoutFailures() {
        #expect(DoctorReport(baseURL: base, orgKey: "abcd", checks: [pass, warn, skip], reachable: true).exitCode == 0)
        #expect(DoctorReport(baseURL: base, orgKey: "abcd", checks: [pass, fail, warn], reachable: true).exitCode == 1)
        #expect(DoctorReport(baseURL: base, orgKey: "abcd", checks: [fail, skip], reachable: false).exitCode == 4)
        #expect(DoctorExitCode.usage == 2)
    }

    @Test func summaryCountsEveryStatus() {
        let report = DoctorReport(
            baseURL: base, orgKey: "abcd", checks: [pass, pass, warn, fail, skip], reachable: true)
        #expect(report.summary == .init(passed: 2, warnings: 1, failed: 1, skipped: 1))
        #expect(report.summary.line == "2 passed, 1 warning, 1 failed, 1 skipped")
    }

    @Test func jsonFollowsTheDocumentedSchema() throws {
        // Given a report with a failure and a pass
        let report = DoctorReport(baseURL: base, orgKey: "abcd", checks: [pass, fail], reachable: true)
        // When it is written as JSON
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
        // Then it has the documented keys, and a fix only where there is something to do
        #expect(Set(object.keys) == ["schema", "baseURL", "orgKey", "checks", "summary", "reachable", "exitCode"])
        #expect(object["schema"] as? String == "optolink-doctor/1")
        #expect(object["baseURL"] as? String == "https://links.example.com")
        #expect(object["exitCode"] as? Int == 1 && object["reachable"] as? Bool == true)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(Set(checks[0].keys) == ["id", "title", "status", "detail"])
        #expect(Set(checks[1].keys) == ["id", "title", "status", "detail", "fix"])
        #expect(checks[1]["status"] as? String == "fail")
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["passed": 1, "warnings": 0, "failed": 1, "skipped": 0])
        // and it reads back as the same report
        #expect(try JSONDecoder().decode(DoctorReport.self, from: Data(report.jsonText().utf8)) == report)
    }

    @Test func theChecklistIsAlignedWithFixesUnderFailuresAndWarnings() {
        let report = DoctorReport(baseURL: base, orgKey: "abcd", checks: [pass, fail, warn, skip], reachable: true)
        let lines = DoctorReportPrinter.lines(report, color: false)
        #expect(
            lines == [
                "optolink-dash doctor: https://links.example.com (org abcd)",
                "",
                "✔ host answers        GET /health → 200 in 4 ms",
                "✘ AASA Content-Type   text/plain",
                "                      fix: serve application/json",
                "⚠ clock skew          95 s ahead",
                "                      fix: sync with NTP",
                "– CLIENT key          give --api-key",
                "",
                "1 passed, 1 warning, 1 failed, 1 skipped",
            ])
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(DoctorReportPrinter.wantsColor(stdoutIsTerminal: true, environment: [:]))
        #expect(!DoctorReportPrinter.wantsColor(stdoutIsTerminal: false, environment: [:]))
        #expect(!DoctorReportPrinter.wantsColor(stdoutIsTerminal: true, environment: ["NO_COLOR": "1"]))
        let report = DoctorReport(baseURL: base, orgKey: "abcd", checks: [pass, fail], reachable: true)
        let coloured = DoctorReportPrinter.lines(report, color: true)
        #expect(coloured[2].hasPrefix("\u{1B}[32m✔ host answers"))
        #expect(coloured[3].hasPrefix("\u{1B}[31m✘ AASA Content-Type"))
        #expect(!DoctorReportPrinter.lines(report, color: false).joined().contains("\u{1B}"))
    }
}
