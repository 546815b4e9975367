import Foundation
import OptoLink
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// What the compare view relies on: one scenario run against the four services at once over one embedded
/// server, each environment built from `BackendTarget.demo`, with no state shared between them.
@Suite("Four services at once on one server", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct ConcurrentServicesTests {
    @Test(arguments: ["flaky-server", "reinstall-rematch", "window-expired"])
    func oneScenarioPassesForEveryServiceAtOnce(name: String) async throws {
        // Given one embedded server and an environment per service, as the compare view builds them
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let scenario = try #require(ScenarioCatalog.named(name))
        var environments: [ScenarioEnvironment] = []
        for service in OptoLinkService.allCases {
            let backend = BackendClient(target: .demo(service, baseURL: server.baseURL))
            environments.append(
                ScenarioEnvironment(
                    backend: backend, backoffBase: 0.05, hasDevEndpoints: await backend.hasDevEndpoints(),
                    observer: DeviceObserver(emit: { _ in }, breakdowns: nil, profiles: false)))
        }
        // When the scenario runs against the four at the same time
        let outcomes = await withTaskGroup(of: (OptoLinkService, ScenarioOutcome, [OptoLinkData]).self) {
            group in
            for environment in environments {
                group.addTask {
                    var runner = ScenarioRunner(environment: environment)
                    runner.clearsFaults = false  // the runs share the server's faults
                    let result = await runner.run(scenario)
                    let links = result.devices.flatMap { $0.recorder.links }
                    for device in result.devices { await device.stopSDK() }
                    return (environment.target.service, result.outcome, links)
                }
            }
            var all: [(OptoLinkService, ScenarioOutcome, [OptoLinkData])] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        // Then each service passes, and each device's links are its own service's
        #expect(outcomes.count == 4)
        for (service, outcome, links) in outcomes {
            guard case .passed = outcome else {
                Issue.record("\(service.displayName): \(outcome.line(for: name))")
                continue
            }
            #expect(links.allSatisfy { $0.service == service }, "\(service.displayName) got \(links.map(\.service))")
        }
    }
}
