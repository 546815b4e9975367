import DashboardScenarios
import DashboardSessions
import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import OptoLinkDashboard

/// Every export of a run states the rules of the run's own service: no answer called final that was retried,
/// no rule of another service, no expectation written for OptoLink in a QubeRoute report.
@Suite("Exports agree with what happened", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct ExportConsistencyTests {
    @Test(arguments: [OptoLinkService.quberoute, .deepBlue, .appsFlyer])
    func everyExportStatesOnlyTheRunsOwnServiceAndNeverCallsARetriedAnswerFinal(service: OptoLinkService) async throws {
        // Given a headless run of every scenario against the embedded server's emulation of `service`
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("junit.xml")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let options = try DashboardOptions.parse([
            "--headless", "--scenario", "all", "--provider", service.rawValue, "--backoff-base", "0.05",
            "--export", directory.path, "--junit", junit.path,
        ])
        let sink = LineSink()
        _ = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { sink.write($0) }
        // When every export is read
        let har = try Data(contentsOf: directory.appendingPathComponent("requests.har"))
        let report = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        let svg = try String(contentsOf: directory.appendingPathComponent("screen.svg"), encoding: .utf8)
        let log = try #require(
            (try JSONSerialization.jsonObject(with: har) as? [String: Any])?["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        // Then the HAR names the run's service, and no entry's decision calls final an answer that was retried
        #expect((log["_optolink"] as? [String: Any])?["service"] as? String == service.rawValue)
        let attempts = Dictionary(
            grouping: entries.compactMap { $0["_optolink"] as? [String: Any] },
            by: { $0["requestID"] as? Int ?? -1 })
        for (id, tries) in attempts {
            let numbers = tries.compactMap { $0["attempt"] as? Int }
            for attempt in tries {
                let decision = attempt["decision"] as? String ?? ""
                let number = attempt["attempt"] as? Int ?? 0
                if decision.contains("is final") {
                    #expect(!numbers.contains(number + 1), "request \(id): '\(decision)' yet retried")
                }
            }
        }
        // And no text states another service's rule, or OptoLink's old one-size rule
        let texts = [
            "requests.har": String(decoding: har, as: UTF8.self), "report.md": report, "junit.xml": xml,
            "screen.svg": svg,
        ]
        let others = OptoLinkService.allCases.filter { $0 != service }.map(\.displayName)
        for (name, text) in texts {
            #expect(!text.contains("4xx and other statuses are not retried"), "\(name)")
            for other in others {
                for rule in ["is final on \(other)", "retryable on \(other)", "is retried on \(other)"] {
                    #expect(!text.contains(rule), "\(name) states \(other)'s rule: \(rule)")
                }
            }
            let profile = ServiceProfiles.profile(for: service)
            if profile.retriesRateLimited {
                #expect(!text.contains("429 is final"), "\(name)")
                #expect(!text.contains("429: not retried") && !text.contains("does not retry it"), "\(name)")
            } else {
                #expect(!text.contains("429 is retried"), "\(name)")
            }
        }
        // And the report's expectations are the service's own (OptoLink's /match is not QubeRoute's route)
        if service != .optoLink {
            #expect(!report.contains(" /match answers 429"), "\(report)")
            #expect(!report.contains("fault: /match"), "\(report)")
        }
    }
}
