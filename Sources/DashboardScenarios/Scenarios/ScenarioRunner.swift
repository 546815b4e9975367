import DashboardCore
import Foundation

/// Runs scenarios one at a time: announces them with their plan of steps, skips those the backend cannot
/// serve, clears the backend's faults before and after, gives each a fresh ``ScenarioContext`` (fresh device,
/// fresh network addresses), bounds its time, closes its open step with the outcome, and reports PASS / FAIL / SKIP.
package struct ScenarioRunner: Sendable {
    /// What the runs share.
    package let environment: ScenarioEnvironment
    /// The longest a scenario may take, in seconds of real time, before it fails.
    package var timeLimit: Double
    /// Whether each run clears the backend's faults before and after (default true). A compare runs several
    /// scenarios on one server at once and clears them once around all of them instead, so that one run's
    /// clearing never takes away a fault another one just injected.
    package var clearsFaults = true

    /// A finished run.
    package struct Result: Sendable {
        /// How it ended.
        package var outcome: ScenarioOutcome
        /// The devices it created (the caller keeps or shuts them down).
        package var devices: [SimulatedDevice]
    }

    /// Creates a runner.
    package init(environment: ScenarioEnvironment, timeLimit: Double = 120) {
        self.environment = environment
        self.timeLimit = timeLimit
    }

    /// Runs one scenario.
    package func run(_ scenario: Scenario) async -> Result {
        let emit = environment.observer.emit
        let plan = scenario.plan(environment.target)
        if let reason = Self.reasonToSkip(scenario, environment) {
            // No steps and no "expects" line for a skipped scenario: its plan checks nothing here (and may name
            // routes of a service it is not about).
            emit(.scenarioStarted(name: scenario.name, steps: []))
            emit(.scenarioSkipped(name: scenario.name, reason: reason))
            return Result(outcome: .skipped(reason), devices: [])
        }
        emit(.scenarioStarted(name: scenario.name, steps: plan.steps))
        emit(.log(.info, "expects: \(plan.expectation)"))
        if clearsFaults { await Self.clearFaults(environment) }
        let context = ScenarioContext(environment: environment, steps: plan.steps)
        var outcome = await Self.bounded(seconds: timeLimit + 10 * environment.backoffBase) {
            do {
                return .passed(try await scenario.body(context))
            } catch let error as DashboardError where error.isCannotCheck {
                return .skipped(error.message)
            } catch let error as DashboardError {
                return .failed(error.message)
            } catch {
                return .failed("\(error)")
            }
        }
        let devices = await context.devices
        if case .failed(let detail) = outcome, let cause = FailureCause.cause(in: devices, target: environment.target) {
            outcome = .failed("\(detail) (cause: \(cause))")
        }
        context.closeSteps(outcome)
        if clearsFaults { await Self.clearFaults(environment) }
        switch outcome {
        case .passed(let detail): emit(.scenarioFinished(name: scenario.name, passed: true, detail: detail))
        case .failed(let detail): emit(.scenarioFinished(name: scenario.name, passed: false, detail: detail))
        case .skipped(let reason): emit(.scenarioSkipped(name: scenario.name, reason: reason))
        }
        return Result(outcome: outcome, devices: devices)
    }

    /// Why `scenario` is skipped in `environment` (its service, its links, the backend's capabilities), nil
    /// when it runs: what a run says, and what the picker says once the backend was probed.
    package static func reasonToSkip(_ scenario: Scenario, _ environment: ScenarioEnvironment) -> String? {
        scenario.skipReason(for: environment.target) ?? engineSkipReason(scenario, environment)
            ?? signedAddressSkipReason(scenario, environment)
            ?? (scenario.needsDevEndpoints && !environment.hasDevEndpoints ? skipReason(scenario, environment) : nil)
    }

    /// Why `scenario` cannot run where the matching engine is not known (a deployment of another service than
    /// OptoLink that is not the reference server's emulation); nil when it can.
    static func engineSkipReason(_ scenario: Scenario, _ environment: ScenarioEnvironment) -> String? {
        let service = environment.target.service
        guard scenario.needs.contains(.referenceEngine), service != .optoLink, !environment.engineKnown else {
            return nil
        }
        return "its outcome is the reference engine's (OptoLink's matching rules, seed 000), which "
            + "\(service.displayName) does not document: it runs against the reference server's emulation"
    }

    /// Why `scenario` cannot run against an AppsFlyer deployment the dashboard cannot name its clicks' address
    /// to; nil when it can. AppsFlyer matches the click's address with the `ip` the app's backend signs, and the
    /// dashboard plays that backend with the simulated device's address: that is the address the deployment saw
    /// the browser's click from only on the reference server (which takes `X-Forwarded-For`) or a plain-HTTP
    /// loopback deployment (each simulated network sends from a loopback address of its own). Anywhere else the
    /// click comes from this machine's public address, which the dashboard does not know: a deferred match there
    /// would fail whatever the deployment does.
    static func signedAddressSkipReason(_ scenario: Scenario, _ environment: ScenarioEnvironment) -> String? {
        let target = environment.target
        guard target.service == .appsFlyer, !environment.capabilities.referenceServer, !scenario.links.isEmpty,
            LoopbackUpstream.sourceAddress(for: "203.0.113.10", upstream: target.baseURL) == nil
        else { return nil }
        return "AppsFlyer matches the click's address with the ip the app's backend signs, and the dashboard cannot "
            + "know which address \(target.baseURL.host ?? "the deployment") saw its browser's click from (this "
            + "machine's public address): a deferred match cannot be checked there"
    }

    /// Why `scenario` cannot run against a backend without `/dev` endpoints; nil when it can.
    static func skipReason(_ scenario: Scenario, _ environment: ScenarioEnvironment) -> String? {
        switch scenario.devFallback(environment.target) {
        case .skip(let reason): reason
        case .proxyFaults:
            environment.faultProxy == nil
                ? "needs injected faults: the backend has no /dev/faults and no fault proxy runs" : nil
        case .pageClicks: nil
        case .clickRoute(let reason): environment.capabilities.clickRoute ? nil : reason
        }
    }

    /// Clears the pending faults of whichever layer injects them.
    static func clearFaults(_ environment: ScenarioEnvironment) async {
        if environment.capabilities.faults { try? await environment.backend.clearFaults() }
        environment.faultProxy?.clear()
    }

    /// Runs `body` in its own task; FAIL when it is not over after `seconds` (the task is cancelled).
    static func bounded(seconds: Double, _ body: @escaping @Sendable () async -> ScenarioOutcome) async
        -> ScenarioOutcome
    {
        let once = OnceOutcome()
        return await withCheckedContinuation { continuation in
            once.continuation = continuation
            let work = Task {
                once.finish(await body())
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                if once.finish(.failed("did not finish within \(Int(seconds)) s")) { work.cancel() }
            }
        }
    }
}
