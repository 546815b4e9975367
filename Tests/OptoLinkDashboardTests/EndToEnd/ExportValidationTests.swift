import DashboardSessions
import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// The exports checked by third-party validators from PyPI (`Scripts/validate-exports.sh`: jsonschema against
/// the checked-in HAR 1.2 schema, junitparser), on a real headless run against the embedded server.
enum ExportValidators {
    static let script = BuiltBinary.packageRoot.appendingPathComponent("Scripts/validate-exports.sh").path
    /// Made once per test process: 0 ready, 77 the virtualenv could not be made (PyPI unreachable), else broken.
    static let installStatus: Int32 = {
        let output =
            (try? spawn(["/bin/sh", "-c", "bash '\(script)' --install >/dev/null 2>&1; echo $?"], capture: true)) ?? "1"
        return Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1
    }()
    static var ready: Bool { installStatus == 0 }
    static let skipReason: Comment =
        "Scripts/validate-exports.sh could not make its virtualenv (python3 -m venv and pip install from PyPI)"

    /// The validator's JSON answer and its exit code.
    static func validate(_ arguments: [String]) async throws -> (json: [String: Any], status: Int32) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let output = try await spawnOffPool(
            ["/bin/sh", "-c", "bash '\(script)' \(quoted) 2>/dev/null; echo \"STATUS=$?\""], capture: true)
        let lines = output.split(separator: "\n").map(String.init)
        let status = lines.last.flatMap { Int32($0.replacingOccurrences(of: "STATUS=", with: "")) } ?? -1
        let json =
            lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
        return (json, status)
    }
}

@Suite("Exports pass third-party validators", .serialized, .tags(.processes), .skippable(.processes))
struct ExportValidationTests {
    @Test func installingTheValidatorsWorksOrSaysWhyNot() {
        #expect(
            ExportValidators.installStatus == 0 || ExportValidators.installStatus == 77,
            "validate-exports.sh --install exited \(ExportValidators.installStatus)")
    }

    @Test(.enabled(if: ExportValidators.ready, ExportValidators.skipReason))
    func aHeadlessRunsHARAndJUnitValidate() async throws {
        // Given a headless run of a passing and a retried scenario, recorded for export
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-export-test-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("junit.xml").path
        let sink = LineSink()
        let options = DashboardOptions(
            mode: .headless, baseURL: server.baseURL, backoffBase: 0.05, scenario: "flaky-server")
        var withExports = options
        withExports.links = BackendTarget.demo(.optoLink, baseURL: server.baseURL).links.byRole.mapValues(\.url)
        withExports.exportDirectory = directory.path
        withExports.junitFile = junit
        let code = await HeadlessRunner.run(
            options: withExports, recorder: SessionHeadlessRecorder(), write: { sink.write($0) })
        #expect(code == 0, "\(sink.lines.joined(separator: "\n"))")
        for name in ExportBundle.fileNames {
            #expect(
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name) missing")
        }

        // When the validators read the files
        let (json, status) = try await ExportValidators.validate([
            "--har", directory.appendingPathComponent("requests.har").path,
            "--junit", junit,
        ])

        // Then the HAR is valid HAR 1.2 with the /match's 503, 503, 200 and only masked keys; the JUnit has the case
        #expect(status == 0, "\(json)")
        let har = try #require(json["har"] as? [String: Any])
        #expect(har["valid"] as? Bool == true, "\(har["errors"] ?? "")")
        let statuses = har["statuses"] as? [Int] ?? []
        #expect(statuses.filter { $0 == 503 }.count == 2 && statuses.contains(200), "\(statuses)")
        let keys = har["headers"] as? [String] ?? []
        #expect(!keys.isEmpty && keys.allSatisfy { $0.hasSuffix("opl_sdk_…") }, "\(keys)")
        let cases = (json["junit"] as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        #expect(
            cases.count == 1 && cases.first?["name"] as? String == "flaky-server"
                && (cases.first?["results"] as? [String])?.isEmpty == true,
            "\(cases)")
    }

    @Test(.enabled(if: ExportValidators.ready, ExportValidators.skipReason))
    func junitFailuresAndSkipsAreSeenByJunitparser() async throws {
        // Given results with a PASS, a FAIL and a SKIP
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-junit-\(UUID().uuidString.prefix(8)).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            JUnitReport.xml([
                ScenarioResult(name: "a", expectation: "x", verdict: .passed, detail: "fine", duration: 1.5),
                ScenarioResult(
                    name: "b", expectation: "y", verdict: .failed, detail: "expected 2 got 3 & <more>", duration: 0.5),
                ScenarioResult(
                    name: "c", expectation: "z", verdict: .skipped, detail: "backend has no dev endpoints",
                    duration: 0),
            ]).utf8
        ).write(to: file)

        // When
        let (json, status) = try await ExportValidators.validate(["--junit", file.path])

        // Then
        #expect(status == 0)
        let cases = (json["junit"] as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        #expect(cases.map { $0["results"] as? [String] ?? [] } == [[], ["Failure"], ["Skipped"]], "\(cases)")
        #expect((cases[1]["messages"] as? [String]) == ["expected 2 got 3 & <more>"])
        #expect(cases.map { $0["time"] as? Double ?? -1 } == [1.5, 0.5, 0])
    }
}
