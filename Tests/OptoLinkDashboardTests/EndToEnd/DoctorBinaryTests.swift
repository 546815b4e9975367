import DashboardTestSupport
import Foundation
import TestSupport
import Testing

@testable import DashboardDoctor
@testable import DashboardScenarios

/// The real `optolink-dash doctor`, spawned against a reference server in this process: exit codes and `--json`.
@Suite(
    "optolink-dash doctor, the binary", .tags(.processes), .skippable(.processes),
    .enabled(if: BuiltBinary.exists, "needs the built binary at .build/debug/optolink-dash (run `swift build` first)"))
struct DoctorBinaryTests {
    /// Runs the binary with `arguments` (NO_COLOR unset, stdout a pipe); returns stdout and the exit code.
    func doctor(_ arguments: [String]) async throws -> (output: String, code: Int32?) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let output = try await spawnOffPool(
            ["/bin/sh", "-c", "'\(BuiltBinary.path)' doctor \(quoted); echo \"EXIT=$?\""], capture: true)
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let code = lines.last.flatMap { $0.hasPrefix("EXIT=") ? Int32($0.dropFirst(5)) : nil }
        return (lines.dropLast().joined(separator: "\n"), code)
    }

    @Test func exitCodesAndJSONOfTheRealBinary() async throws {
        let server = try DoctorSeeds.server(production: true)
        defer { server.stop() }
        let base = ["--base-url", server.baseURL.absoluteString, "--org-key", "demo"]

        // Every option against the production-mode reference server: exit 0, one JSON document
        let good = try await doctor(
            base + [
                "--api-key", DoctorSeeds.clientKey, "--team-id", DoctorSeeds.teamId,
                "--bundle-id", DoctorSeeds.bundleId, "--link", "summer", "--json",
            ])
        #expect(good.code == 0, "\(good.output)")
        let report = try JSONDecoder().decode(DoctorReport.self, from: Data(good.output.utf8))
        #expect(report.schema == "optolink-doctor/1" && report.exitCode == 0 && report.checks.count == 15)
        #expect(report.checks.filter { $0.status == .fail || $0.status == .skip }.isEmpty)

        // A SERVER key: exit 1, the checklist (not JSON, no colour into a pipe) says never to ship it
        let bad = try await doctor(base + ["--api-key", DoctorSeeds.serverKey])
        #expect(bad.code == 1)
        #expect(bad.output.contains("✘ CLIENT key") && bad.output.contains("never ship a SERVER key"))
        #expect(!bad.output.contains("\u{1B}["))

        // Bad arguments: exit 2
        #expect(try await doctor(["--org-key", "demo"]).code == 2)

        // Nothing listening: exit 3
        let unused = UnusedPort()
        let down = try await doctor(["--base-url", "http://127.0.0.1:\(unused.port)", "--org-key", "demo"])
        #expect(down.code == 4)
        #expect(down.output.contains("connection refused"))

        // Help: exit 0
        let help = try await doctor(["--help"])
        #expect(help.code == 0 && help.output.contains("EXIT CODES"))
    }

    @Test func theOtherServicesThroughTheRealBinary() async throws {
        // Given QubeRoute's stand-in, good and broken
        let good = try StandInService.start(.quberoute)
        defer { good.stop() }
        let broken = try StandInService.start(.quberoute, flaws: [.linksUnknown])
        defer { broken.stop() }
        func arguments(_ service: StandInService) -> [String] {
            [
                "--provider", "quberoute", "--link", service.mainLink.absoluteString, "--base-url",
                service.baseURL.absoluteString, "--api-key", service.apiKey, "--team-id", service.teamID,
                "--bundle-id", service.bundleID,
            ]
        }
        // When the binary checks each, Then the good one exits 0 with a QubeRoute report
        let passed = try await doctor(arguments(good) + ["--json"])
        #expect(passed.code == 0, "\(passed.output)")
        let report = try JSONDecoder().decode(DoctorReport.self, from: Data(passed.output.utf8))
        #expect(report.provider == "quberoute" && report.link == good.mainLink.absoluteString)
        // and the broken one exits 1, its link line failing
        let failed = try await doctor(arguments(broken))
        #expect(failed.code == 1 && failed.output.contains("✘ link resolves"))
        // and AppsFlyer without --app-id is a usage error
        #expect(try await doctor(["--provider", "appsflyer", "--link", good.mainLink.absoluteString]).code == 2)
    }
}
