import Foundation

/// Everything one doctor run found: the target, the checks in order, the totals and the exit code.
///
/// Encoded as-is by `--json` (the schema, `optolink-doctor/1`, is documented in docs/doctor.md):
/// ```json
/// {"schema":"optolink-doctor/1","baseURL":"https://links.example.com","orgKey":"abcd",
///  "checks":[{"id":"host.answers","title":"host answers","status":"pass","detail":"GET /health → 200 in 4 ms"}],
///  "summary":{"passed":1,"warnings":0,"failed":0,"skipped":0},"reachable":true,"exitCode":0}
/// ```
public struct DoctorReport: Sendable, Hashable, Codable {
    /// The totals by status.
    public struct Summary: Sendable, Hashable, Codable {
        /// Checks that passed.
        public var passed: Int
        /// Checks that passed with a warning.
        public var warnings: Int
        /// Checks that failed.
        public var failed: Int
        /// Checks that were not run.
        public var skipped: Int

        /// `12 passed, 1 warning, 0 failed, 2 skipped`.
        public var line: String {
            "\(passed) passed, \(warnings) warning\(warnings == 1 ? "" : "s"), \(failed) failed, \(skipped) skipped"
        }
    }

    /// The schema name and version of the JSON form.
    public var schema: String
    /// The `--base-url` checked.
    public var baseURL: String
    /// The `--org-key` checked.
    public var orgKey: String
    /// The checks, in checklist order.
    public var checks: [DoctorCheck]
    /// The totals.
    public var summary: Summary
    /// False when the host gave no HTTP answer at all.
    public var reachable: Bool
    /// The process exit code (``DoctorExitCode``).
    public var exitCode: Int32

    /// The JSON schema name this version writes.
    public static let schemaName = "optolink-doctor/1"

    /// Builds the report and its totals and exit code from the checks.
    public init(baseURL: URL, orgKey: String, checks: [DoctorCheck], reachable: Bool) {
        self.schema = DoctorReport.schemaName
        self.baseURL = baseURL.absoluteString
        self.orgKey = orgKey
        self.checks = checks
        self.reachable = reachable
        func count(_ status: DoctorStatus) -> Int { checks.filter { $0.status == status }.count }
        summary = Summary(passed: count(.pass), warnings: count(.warn), failed: count(.fail), skipped: count(.skip))
        exitCode =
            !reachable ? DoctorExitCode.unreachable : summary.failed > 0 ? DoctorExitCode.failed : DoctorExitCode.passed
    }

    /// The check with `id`, if the report has one.
    public func check(_ id: String) -> DoctorCheck? { checks.first { $0.id == id } }

    /// The JSON form: keys sorted, pretty-printed, slashes unescaped.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
