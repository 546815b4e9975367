import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// Runs one scenario against several services at once over one backend (the embedded server emulates all
/// four), each on its own simulated device, target, network addresses and fault layer, and reports every
/// column's steps, diagnostics and verdict as ``CompareUpdate``s while they happen.
///
/// ```swift
/// let runner = CompareRunner(backoffBase: 0.2) { service in
///     .success(BackendTarget.demo(service, baseURL: server.baseURL))
/// }
/// let compare = await runner.run(ScenarioCatalog.named("flaky-server")!) { action in inbox.send(action) }
/// print(CompareTable.lines(compare).joined(separator: "\n"))
/// ```
///
/// A service with no target (nil from `targets`, e.g. `--base-url` without that service's keys) ends SKIP
/// saying so; the others still run.
package struct CompareRunner: Sendable {
    /// The services compared, in column order (default all four).
    package var services: [OptoLinkService]
    /// The SDK's `backoffBase` for every device.
    package var backoffBase: Double
    /// The longest one column's run may take, in seconds of real time.
    package var timeLimit: Double
    /// Where the first column's network addresses start (each column takes its own block of 50).
    package var firstAddress: Int
    /// The backend target of each service, or why that service's column cannot run (its SKIP reason).
    package let targets: @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError>

    /// Creates a runner.
    package init(
        services: [OptoLinkService] = OptoLinkService.allCases, backoffBase: Double,
        timeLimit: Double = 120, firstAddress: Int = 10,
        targets: @escaping @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError>
    ) {
        self.services = services
        self.backoffBase = backoffBase
        self.timeLimit = timeLimit
        self.firstAddress = firstAddress
        self.targets = targets
    }

    /// Runs `scenario` once per service, all at the same time; `emit` gets ``DashboardAction/compare(_:)``
    /// updates and each column's log lines (prefixed with the service). Returns the final state.
    package func run(_ scenario: Scenario, emit: @escaping @Sendable (DashboardAction) -> Void) async -> CompareState {
        emit(.compare(.began(scenario: scenario.name, services: services)))
        emit(
            .log(.info, "compare \(scenario.name) across \(services.map(CompareColumn.title).joined(separator: ", "))"))
        var state = CompareState(scenario: scenario.name, services: services)
        await clearServerFaults()
        let columns = await withTaskGroup(of: CompareColumn.self) { group in
            for (index, service) in services.enumerated() {
                let block = (firstAddress + index * 50 - 1) % 240 + 1
                group.addTask {
                    await runColumn(scenario, service: service, firstAddress: block, emit: emit)
                }
            }
            var done: [CompareColumn] = []
            for await column in group { done.append(column) }
            return done
        }
        await clearServerFaults()
        for column in columns {
            if let index = state.columns.firstIndex(where: { $0.service == column.service }) {
                state.columns[index] = column
            }
        }
        emit(
            .log(
                state.failed == 0 ? .info : .error,
                "compare \(scenario.name): "
                    + state.columns.map { "\($0.title) \(Self.verdict($0.status))" }.joined(separator: ", ")))
        return state
    }

    /// Clears the faults of every backend the columns use that has `/dev/faults` (once per base URL).
    private func clearServerFaults() async {
        var seen: Set<URL> = []
        for service in services {
            guard let target = try? targets(service).get(), seen.insert(target.baseURL).inserted else { continue }
            let backend = BackendClient(target: target)
            if await backend.hasDevEndpoints() { try? await backend.clearFaults() }
        }
    }

    private func runColumn(
        _ scenario: Scenario, service: OptoLinkService, firstAddress: Int,
        emit: @escaping @Sendable (DashboardAction) -> Void
    ) async -> CompareColumn {
        let title = CompareColumn.title(service)
        emit(.compare(.step(service, nil)))
        let target: BackendTarget
        switch targets(service) {
        case .success(let found):
            target = found
        case .failure(let reason):
            let outcome = ScenarioOutcome.skipped(reason.message)
            emit(.compare(.finished(service, outcome)))
            return CompareColumn(service: service, status: .finished(outcome))
        }
        let forward: @Sendable (DashboardAction) -> Void = { action in
            switch action {
            case .diagnostic(let event, let time): emit(.compare(.diagnostic(service, event, time: time)))
            case .scenarioStepStarted(let step): emit(.compare(.step(service, step)))
            case .log(let level, let text): emit(.log(level, "\(title): \(text)"))
            default: break
            }
        }
        let backend = BackendClient(target: target)
        let capabilities = await backend.capabilities()
        let proxy =
            capabilities.faults ? nil : FaultProxy.start(inFrontOf: target.baseURL, emit: forward)
        defer { proxy?.stop() }
        let environment = ScenarioEnvironment(
            backend: backend, backoffBase: backoffBase, capabilities: capabilities,
            observer: DeviceObserver(emit: forward, breakdowns: nil, profiles: false), firstAddress: firstAddress,
            faultProxy: proxy)
        var runner = ScenarioRunner(environment: environment, timeLimit: timeLimit)
        runner.clearsFaults = false  // cleared once around the whole compare (run(_:emit:))
        environment.faultProxy?.clear()
        let result = await runner.run(scenario)
        var metrics = CompareMetrics()
        for device in result.devices {
            // Stopped first: the diagnostics still on their way (a link delivered just before the verdict) reach
            // the recorder before the column is read.
            await device.stopSDK()
            for record in device.recorder.diagnostics { metrics.apply(record.event, time: record.time) }
        }
        emit(.compare(.finished(service, result.outcome)))
        return CompareColumn(service: service, status: .finished(result.outcome), metrics: metrics)
    }

    private static func verdict(_ status: CompareColumn.Status) -> String {
        switch status {
        case .finished(.passed): "PASS"
        case .finished(.failed): "FAIL"
        case .finished(.skipped): "SKIP"
        case .waiting, .running: "unfinished"
        }
    }
}
