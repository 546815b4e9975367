import DashboardCore
import Foundation
import OptoLink

/// Everything one doctor run found: the target, the checks in order, the totals and the exit code.
///
/// Encoded as-is by `--json` (the schema, `optolink-doctor/1`, is documented in docs/doctor.md; `provider` and
/// `link` are there only for the services other than OptoLink):
/// ```json
/// {"schema":"optolink-doctor/1","baseURL":"https://links.example.com","orgKey":"abcd",
///  "checks":[{"id":"host.answers","title":"host answers","status":"pass","detail":"GET /health → 200 in 4 ms"}],
///  "summary":{"passed":1,"warnings":0,"failed":0,"skipped":0},"reachable":true,"exitCode":0}
/// ```
package struct DoctorReport: Sendable, Hashable, Codable {
    /// The totals by status.
    package struct Summary: Sendable, Hashable, Codable {
        /// Checks that passed.
        package var passed: Int
        /// Checks that passed with a warning.
        package var warnings: Int
        /// Checks that failed.
        package var failed: Int
        /// Checks that were not run.
        package var skipped: Int

        /// `12 passed, 1 warning, 0 failed, 2 skipped`.
        package var line: String {
            "\(passed) passed, \(warnings) warning\(warnings == 1 ? "" : "s"), \(failed) failed, \(skipped) skipped"
        }
    }

    /// The schema name and version of the JSON form.
    package var schema: String
    /// The `--base-url` checked (for the services other than OptoLink, their API origin).
    package var baseURL: String
    /// The `--org-key` checked (empty for the services other than OptoLink).
    package var orgKey: String
    /// The service checked, as `--provider` names it; nil for OptoLink (the default, and the only service of
    /// the documents written before the others were added).
    package var provider: String?
    /// The short link checked (`--link`), for the services other than OptoLink; nil for OptoLink.
    package var link: String?
    /// The checks, in checklist order.
    package var checks: [DoctorCheck]
    /// The totals.
    package var summary: Summary
    /// False when the host gave no HTTP answer at all.
    package var reachable: Bool
    /// The process exit code (``DoctorExitCode``).
    package var exitCode: Int32

    /// The JSON schema name this version writes.
    package static let schemaName = "optolink-doctor/1"

    /// Builds the report of an OptoLink deployment and its totals and exit code from the checks.
    package init(baseURL: URL, orgKey: String, checks: [DoctorCheck], reachable: Bool) {
        self.init(
            provider: .optoLink, baseURL: baseURL, orgKey: orgKey, link: nil, checks: checks, reachable: reachable)
    }

    /// Builds the report of `provider`'s deployment, checked from its short link `link` (nil for OptoLink);
    /// `reachable` false when the first host asked gave no HTTP answer at all.
    package init(
        provider: OptoLinkService, baseURL: URL, orgKey: String = "", link: URL?, checks: [DoctorCheck],
        reachable: Bool
    ) {
        self.schema = DoctorReport.schemaName
        self.baseURL = baseURL.absoluteString
        self.orgKey = orgKey
        self.provider = provider == .optoLink ? nil : provider.rawValue
        self.link = link?.absoluteString
        self.checks = checks
        self.reachable = reachable
        func count(_ status: DoctorStatus) -> Int { checks.filter { $0.status == status }.count }
        summary = Summary(passed: count(.pass), warnings: count(.warn), failed: count(.fail), skipped: count(.skip))
        exitCode =
            !reachable ? DoctorExitCode.unreachable : summary.failed > 0 ? DoctorExitCode.failed : DoctorExitCode.passed
    }

    /// The heading of the checklist: `https://links.example.com (org abcd)` for OptoLink,
    /// `QubeRoute link https://go.example.com/go/spring (API https://app.quberoute.com)` for the others.
    package var target: String {
        guard let service = provider.flatMap(OptoLinkService.init(rawValue:)) else {
            return "\(baseURL) (org \(orgKey))"
        }
        return "\(service.displayName) link \(link ?? "?") (API \(baseURL))"
    }

    /// The check with `id`, if the report has one.
    package func check(_ id: String) -> DoctorCheck? { checks.first { $0.id == id } }

    /// The JSON form: keys sorted, pretty-printed, slashes unescaped.
    package func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
