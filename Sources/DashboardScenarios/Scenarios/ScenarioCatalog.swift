import DashboardCore
import Foundation
import OptoLink

/// Every named scenario, in the order `all` runs them (and the picker lists them).
///
/// Each body checks what actually happened: the SDK's diagnostics and link stream, and the server's
/// answers (`/dev/match-attempts`). Bands and ratios come from the contract (threshold 65; medium 70–84;
/// low 65–69; retry n waits base × 2^(n−1)); observed values are only ever compared with them.
///
/// Every scenario runs against the target's service: what differs (links, routes, fault names, how the
/// engine's decision shows in the answer) comes from the service's ``ServiceProfile``; a scenario a
/// service cannot serve is skipped with the reason the profile gives (``Scenario/skipReason(for:)``).
/// The last five are about one service each (``ScenarioCatalog/serviceSpecific``).
package enum ScenarioCatalog {
    /// All scenarios: the 17 every service runs (or skips), then the service-specific ones.
    package static let all: [Scenario] = common + serviceSpecific

    /// The scenarios written for every service.
    package static let common: [Scenario] = [
        DirectOpenScenarios.directOpen, DirectOpenScenarios.directOpenColdStart, DeferredScenarios.deferredClipboard,
        DeferredScenarios.deferredFingerprintExact, DeferredScenarios.deferredScoredMedium,
        DeferredScenarios.deferredScoredLow, DeferredScenarios.deferredIPFuzzy, DeferredScenarios.sharedNetworkGuard,
        DeferredScenarios.windowExpired, RetryScenarios.flakyServer, RetryScenarios.serverDown,
        RetryScenarios.rateLimited, RetryScenarios.timeout, LifecycleScenarios.reinstallRematch,
        LifecycleScenarios.identityBeforeSession, LifecycleScenarios.oversizedEvent,
        LifecycleScenarios.offlineEventsFlush,
    ]

    /// The scenarios about one service (a SKIP under the others).
    package static let serviceSpecific: [Scenario] = [
        ServiceScenarios.eventsIdempotent, ServiceScenarios.matchOnce, ServiceScenarios.notAShortLink,
        ServiceScenarios.customScheme, ServiceScenarios.signature,
    ]

    /// The names, in order.
    package static var names: [String] { all.map(\.name) }

    /// What each scenario expects against OptoLink, by name.
    package static var expectations: [String: String] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.expectation) })
    }

    /// What each scenario expects against `service`, by name.
    package static func expectations(for service: OptoLinkService) -> [String: String] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.expectation(for: service)) })
    }

    /// Why each scenario `service` cannot serve is skipped under it, by name (the others are absent).
    package static func skipReasons(for service: OptoLinkService) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: all.compactMap { scenario in
                scenario.skipReason(for: service).map { (scenario.name, $0) }
            })
    }

    /// What each scenario expects against `target` (its own links), by name.
    package static func expectations(for target: BackendTarget) -> [String: String] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.expectation(for: target)) })
    }

    /// Why each scenario is skipped against `target` before the backend is asked (the service lacks what it
    /// needs, or a link it clicks was not given), by name.
    package static func skipReasons(for target: BackendTarget) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: all.compactMap { scenario in
                scenario.skipReason(for: target).map { (scenario.name, $0) }
            })
    }

    /// Why each scenario is skipped in `environment` (``ScenarioRunner/reasonToSkip(_:_:)``: once the backend
    /// was probed, what it lacks too), by name.
    package static func skipReasons(in environment: ScenarioEnvironment) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: all.compactMap { scenario in
                ScenarioRunner.reasonToSkip(scenario, environment).map { (scenario.name, $0) }
            })
    }

    /// What each scenario expects when it is compared across every service, by name: its expectation
    /// under the first service that runs it (in `Service.allCases` order, the compare's columns) and, when
    /// some skip it, `(SKIP under QubeRoute, AppsFlyer)`.
    package static var compareExpectations: [String: String] {
        let services = OptoLinkService.allCases
        return Dictionary(
            uniqueKeysWithValues: all.map { scenario in
                let skipping = services.filter { scenario.skipReason(for: $0) != nil }
                guard let runs = services.first(where: { scenario.skipReason(for: $0) == nil }) else {
                    return (scenario.name, "SKIP under every service")
                }
                let text = "\(runs.displayName): " + scenario.expectation(for: runs)
                return (
                    scenario.name,
                    skipping.isEmpty
                        ? text : text + " (SKIP under \(skipping.map(\.displayName).joined(separator: ", ")))"
                )
            })
    }

    /// The scenario called `name`.
    package static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }
}
