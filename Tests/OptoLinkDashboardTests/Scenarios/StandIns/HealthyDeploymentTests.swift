import DashboardTestSupport
import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

/// Every scenario and the doctor against healthy deployments that read their seed in ways the reference server
/// does not: a QubeRoute that wants an install token on every call, an OptoLink backend with only the contract's
/// `/dev/deferred/simulate` or with NestJS's default statuses and messages, and each service seen through one
/// office address where the user's own click is already waiting. A verdict there is a claim about a deployment
/// that works: nothing may FAIL or ✘.
@Suite("Healthy deployments get no false verdict", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct HealthyDeploymentTests {
    /// A stand-in's kind and how it reads its seed.
    struct Deployment: Sendable, CustomTestStringConvertible {
        var kind: StandInKind
        var options: StandInOptions
        var testDescription: String { "\(kind) \(options.rawValue)" }
    }

    /// Each service's healthy readings, alone and with a click already waiting.
    static let deployments: [Deployment] = [
        Deployment(kind: .optoLink, options: [.simulateRoute]),
        Deployment(kind: .optoLink, options: [.simulateRoute, .clickWaiting]),
        Deployment(kind: .optoLink, options: [.nestDefaults]),
        Deployment(kind: .quberoute, options: [.installTokenEverywhere]),
        Deployment(kind: .quberoute, options: [.installTokenEverywhere, .clickWaiting]),
        Deployment(kind: .quberoute, options: [.eventsAccepted202, .noMatchAnswered4xx]),
        Deployment(kind: .deepBlue, options: [.clickWaiting]),
        Deployment(kind: .appsFlyer, options: [.clickWaiting]),
    ]

    @Test(arguments: deployments)
    func everyScenarioPassesOrSaysWhyItSkips(deployment: Deployment) async throws {
        // Given a healthy deployment (its keys, its links, its association file, no fault)
        let standIn = try StandInService.start(
            deployment.kind, options: deployment.options, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When every scenario runs against it
        let (code, lines) = try await StandInScenarioTests.run(standIn, links: true)
        // Then nothing fails, and every skip names its reason
        let failed = lines.filter { $0.hasPrefix("FAIL") }
        #expect(failed.isEmpty && code == 0, "\(failed)\n\(lines.joined(separator: "\n"))")
        let skipped = lines.filter { $0.hasPrefix("SKIP ") }
        #expect(skipped.allSatisfy { $0.split(separator: ":", maxSplits: 1).last.map { $0.count > 10 } ?? false })
        #expect(lines.contains { $0.hasPrefix("PASS ") })
    }

    @Test func theContractsSimulateRouteIsUsedWhereTheOtherDevRoutesAreMissing() async throws {
        // Given an OptoLink backend with /dev/deferred/simulate and no other /dev route
        let standIn = try StandInService.start(.optoLink, options: [.simulateRoute], trustsForwardedFor: false)
        defer { standIn.stop() }
        // When every scenario runs
        let (_, lines) = try await StandInScenarioTests.run(standIn, links: true)
        // Then the preamble says which route is there, and the scenarios that need a dated click run
        let joined = lines.joined(separator: "\n")
        #expect(joined.contains("/dev/deferred/simulate ✔"), "\(joined)")
        #expect(joined.contains("/dev/faults ✘ (the proxy injects)"), "\(joined)")
        #expect(joined.contains("/dev/match-attempts ✘ (scores from the SDK)"), "\(joined)")
        #expect(lines.contains("PASS deferred-fingerprint-exact"), "\(joined)")
        #expect(lines.contains("PASS window-expired"), "\(joined)")
        #expect(standIn.requests.contains("POST /dev/deferred/simulate"))
    }

    @Test(arguments: deployments)
    func theDoctorFindsNothingWrong(deployment: Deployment) async throws {
        // Given the same healthy deployment
        let standIn = try StandInService.start(
            deployment.kind, options: deployment.options, trustsForwardedFor: false)
        defer { standIn.stop() }
        // When the doctor checks it with its keys and its main link
        let options =
            deployment.kind == .optoLink
            ? DoctorOptions(
                baseURL: standIn.baseURL, orgKey: OrgKey(rawValue: standIn.orgKey),
                apiKey: APIKey(rawValue: standIn.apiKey),
                teamId: standIn.teamID,
                bundleId: standIn.bundleID, link: standIn.mainLink.lastPathComponent)
            : DoctorOptions.standIn(standIn)
        let report = await DoctorRunner(options: options).run()
        // Then it exits 0 and no line fails
        let failing = report.checks.filter { $0.status == .fail }.map { "\($0.id): \($0.detail)" }
        #expect(failing.isEmpty, "\(failing)")
        #expect(report.exitCode == 0)
    }
}
