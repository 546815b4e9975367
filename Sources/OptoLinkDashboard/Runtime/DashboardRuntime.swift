import DashboardCore
import DashboardLab
import DashboardScenarios
import Foundation
import OptoLink
import OptoLinkServer

/// The live dashboard's command handler: an embedded `OptoLinkServer` (unless `--base-url`), a
/// ``SimulatedDevice`` running the real SDK against it, the scenarios, and `/health` polling.
///
/// ```swift
/// let runtime = try DashboardRuntime.start(options: options, inbox: app.inbox)
/// for action in runtime.initialActions { app.apply(action) }
/// app.run(on: terminal)   // keys → runtime.handle(…) → SDK / server → inbox → screen
/// runtime.stop()
/// ```
///
/// Commands are queued and executed one at a time in key order (a click finishes before the install that
/// follows it reads the pasteboard); results come back through the ``DashboardInbox``.
package final class DashboardRuntime: DashboardCommandHandler, Sendable {
    /// The backend.
    package let target: BackendTarget
    /// The embedded server, nil with `--base-url`.
    package let server: OptoLinkServer?
    let core: RuntimeCore
    /// Runs the Lab view's labs (`L`), in process: they need neither the device nor the backend.
    package let lab: LabViewRunner
    private let queue: AsyncStream<(DashboardCommand, DashboardState)>.Continuation
    private let worker: Task<Void, Never>
    private let health: Task<Void, Never>

    /// Starts the embedded server (unless `options.baseURL`) and the runtime.
    /// - Throws: ``DashboardError/backend(_:)`` when the embedded server cannot start.
    package static func start(options: DashboardOptions, inbox: DashboardInbox) throws(DashboardError)
        -> DashboardRuntime
    {
        if let baseURL = options.baseURL {
            return DashboardRuntime(
                target: try options.target(for: options.provider, baseURL: baseURL),
                server: nil, backoffBase: options.backoffBase, inbox: inbox,
                targets: { service in
                    Result { () throws(DashboardError) in try options.target(for: service, baseURL: baseURL) }
                })
        }
        let server = try EmbeddedServer.start(dataDirectory: options.dataDirectory)
        let target: BackendTarget
        do {
            target = try options.target(for: options.provider, baseURL: server.baseURL)
        } catch {
            server.stop()
            throw error
        }
        return DashboardRuntime(
            target: target, server: server, backoffBase: options.backoffBase, inbox: inbox,
            targets: { service in
                Result { () throws(DashboardError) in try options.target(for: service, baseURL: server.baseURL) }
            })
    }

    /// Creates the runtime over a running backend.
    /// - Parameters:
    ///   - target: the backend.
    ///   - server: the embedded server to stop in ``stop()``, if any.
    ///   - backoffBase: the SDK's `backoffBase`.
    ///   - inbox: where results go.
    ///   - healthInterval: seconds between `/health` checks (default 5: slow and cheap).
    ///   - transport: the transport of the dashboard's own backend calls (default the real one).
    ///   - targets: the target `P` switches to for a service, or the usage error saying why it cannot
    ///     (default: on the embedded server every service's demo keys; against another backend none).
    package init(
        target: BackendTarget, server: OptoLinkServer?, backoffBase: Double, inbox: DashboardInbox,
        healthInterval: Double = 5, transport: any HTTPTransport = URLSessionTransport(),
        targets: (@Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError>)? = nil
    ) {
        let embedded = server != nil
        let targets: @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError> =
            targets ?? { service in
                guard embedded || service == target.service else {
                    return .failure(.usage("--base-url points at one \(target.service.displayName) deployment"))
                }
                return .success(service == target.service ? target : .demo(service, baseURL: target.baseURL))
            }
        self.target = target
        self.server = server
        let backend = BackendClient(target: target, transport: transport)
        // The embedded server has /dev/faults by construction: only a --base-url backend may need the proxy.
        let core = RuntimeCore(
            backend: backend, backoffBase: backoffBase, faultProxyAllowed: server == nil, transport: transport,
            targets: targets, emit: { inbox.send($0) })
        self.core = core
        lab = LabViewRunner(emit: { inbox.send($0) })
        var continuation: AsyncStream<(DashboardCommand, DashboardState)>.Continuation?
        let stream = AsyncStream<(DashboardCommand, DashboardState)> { continuation = $0 }
        queue = continuation!
        worker = Task {
            await core.prepare()
            for await (command, state) in stream { await core.execute(command, state: state) }
        }
        health = Task {
            var last: Bool?
            while !Task.isCancelled {
                let reachable = await backend.isReachable()
                if reachable != last { inbox.send(.serverReachable(reachable)) }
                last = reachable
                try? await Task.sleep(nanoseconds: UInt64(healthInterval * 1_000_000_000))
            }
        }
    }

    /// What the screen needs before the first key: target, scenario names, a hint.
    package var initialActions: [DashboardAction] {
        [
            .targetChanged(
                url: target.baseURL.absoluteString + (server == nil ? "" : " (embedded)"), orgKey: target.headerKey,
                sdkVersion: OptoLink.sdkVersion),
            .providerChanged(target.service),
            .linksChanged(target.linkTexts),
            .scenariosAvailable(ScenarioCatalog.names),
            .scenarioExpectations(
                ScenarioCatalog.expectations(for: target), skips: ScenarioCatalog.skipReasons(for: target),
                compare: ScenarioCatalog.compareExpectations),
            .log(
                .info,
                server == nil
                    ? "device → \(target.baseURL.absoluteString)"
                    : "embedded OptoLink server on \(target.baseURL.absoluteString) (demo data; it emulates "
                        + "QubeRoute, Deep Blue Links and AppsFlyer too: P switches the device's service)"),
            .log(.info, "device runs \(target.service.displayName)"),
            .log(
                .info,
                "press c to click a link in the browser, then i to install and launch; s runs a scenario; ? for help"),
        ]
    }

    /// Queues `command` (called on the app loop's thread; returns at once).
    package func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
        if lab.handle(command) { return }
        queue.yield((command, state))
    }

    /// The device commands act on now (tests).
    package var device: SimulatedDevice { get async { await core.currentDevice } }

    /// Whether a scenario is running (tests).
    package var isScenarioRunning: Bool { get async { await core.isScenarioRunning } }

    /// Stops polling, command handling, a lab run, and the embedded server.
    package func stop() {
        queue.finish()
        lab.stop()
        worker.cancel()
        health.cancel()
        server?.stop()
        let core = self.core
        Task { await core.stopFaultProxy() }
    }
}
