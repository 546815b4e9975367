import DashboardCore
import DashboardProxy
import DashboardScenarios
import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkHTTP

/// The state behind ``DashboardRuntime``: the current simulated device, the backend, and the running
/// scenario. Commands are executed here one at a time, in the order the keys were pressed; anything that
/// waits on the network for long (opens, identity, events, scenarios) runs in its own task.
actor RuntimeCore {
    private var backend: BackendClient
    private let transport: any HTTPTransport
    private let targets: @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError>
    private let emit: @Sendable (DashboardAction) -> Void
    private let backoffBase: Double
    private let idSpace = RequestIDSpace()
    private var device: SimulatedDevice
    /// The backend's dev routes, as last probed (none before ``prepare()``).
    private let capabilities = Locked(BackendCapabilities(devEndpoints: false, referenceServer: false))
    private var routes: BackendCapabilities { capabilities.value }
    /// The fault layer in front of a backend without `/dev/faults` (started by ``prepare()``).
    private var faultProxy: FaultProxy?
    private var scenarioTask: Task<Void, Never>?
    private var scenarioCount = 0

    /// Whether ``prepare()`` may start the fault proxy (not in front of the embedded server, which has `/dev/faults`).
    private let faultProxyAllowed: Bool

    init(
        backend: BackendClient, backoffBase: Double, faultProxyAllowed: Bool = true,
        transport: any HTTPTransport = URLSessionTransport(),
        targets: @escaping @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError> = {
            .failure(.usage("no target for \($0.displayName)"))
        },
        emit: @escaping @Sendable (DashboardAction) -> Void
    ) {
        self.faultProxyAllowed = faultProxyAllowed
        self.backend = backend
        self.transport = transport
        self.targets = targets
        self.backoffBase = backoffBase
        self.emit = emit
        let observer = Self.observer(backend: backend, emit: emit, capabilities: capabilities)
        self.device = SimulatedDevice(
            settings: DeviceSettings(target: backend.target, app: .demoPhone, backoffBase: backoffBase),
            idSpace: idSpace, observer: observer)
    }

    /// The device commands act on now.
    var currentDevice: SimulatedDevice { device }

    /// Whether a scenario is running.
    var isScenarioRunning: Bool { scenarioTask != nil }

    private var observer: DeviceObserver {
        DeviceObserver(emit: emit, breakdowns: routes.matchAttempts ? backend : nil, profiles: true)
    }

    /// Feeds the inbox; asks for match breakdowns once the backend is known to have the dev endpoints.
    private static func observer(
        backend: BackendClient, emit: @escaping @Sendable (DashboardAction) -> Void,
        capabilities: Locked<BackendCapabilities>
    ) -> @Sendable (SimulatedDevice, RecordedDiagnostic) async -> Void {
        { device, record in
            await DeviceObserver(
                emit: emit, breakdowns: capabilities.value.matchAttempts ? backend : nil, profiles: true
            ).observe(
                device, record)
        }
    }

    /// Checks the backend's capabilities once, before the first command.
    func prepare() async {
        let probed = await backend.capabilities()
        capabilities.value = probed
        emit(.capabilitiesProbed(probed.line(clickPath: backend.target.profile.devClickPath)))
        if !probed.faults {
            faultProxy =
                faultProxyAllowed ? FaultProxy.start(inFrontOf: backend.target.baseURL, emit: emit) : nil
            emit(
                .log(
                    .warning,
                    (probed.clickRoute
                        ? "the backend has no /dev/faults"
                        : "the backend has no /dev endpoints: clicks use the real redirect page (no model or timezone)")
                        + (probed.matchAttempts ? "" : ", match breakdowns are unavailable")
                        + (faultProxy.map {
                            ", faults are injected by the dashboard's fault proxy on \($0.url.absoluteString)"
                        } ?? "")))
            // The device talks to the backend through the proxy from its first request on, and the browser's
            // clicks name their network as the proxy names the device's requests.
            if faultProxy != nil {
                backend = backend.reachedThroughFaultProxy()
                device = makeDevice()
            }
        }
        announceSkips()
        emit(.deviceProfileChanged(await device.profile()))
    }

    /// Tells the picker which scenarios the probed backend skips and why (what the runs themselves would say),
    /// in place of expectations written for checks that would never run there.
    private func announceSkips() {
        let environment = ScenarioEnvironment(
            backend: backend, backoffBase: backoffBase, capabilities: routes, idSpace: idSpace, observer: observer,
            faultProxy: routes.faults ? nil : faultProxy)
        emit(
            .scenarioExpectations(
                ScenarioCatalog.expectations(for: backend.target), skips: ScenarioCatalog.skipReasons(in: environment),
                compare: ScenarioCatalog.compareExpectations))
    }

    /// A device on the current backend (through the fault proxy when one runs).
    private func makeDevice() -> SimulatedDevice {
        var target = backend.target
        if let faultProxy { target.baseURL = faultProxy.url }
        return SimulatedDevice(
            settings: DeviceSettings(
                target: target, app: .demoPhone, backoffBase: backoffBase,
                upstream: faultProxy == nil ? nil : backend.target.baseURL),
            idSpace: idSpace, observer: Self.observer(backend: backend, emit: emit, capabilities: capabilities))
    }

    /// `P`: the next service (OptoLink → QubeRoute → Deep Blue Links → AppsFlyer → OptoLink) that has a
    /// target; the simulated device is rebuilt on it (same server, a fresh install) and the panes reset.
    /// A service without keys (against `--base-url`) is passed over, the log saying why.
    func switchProvider() async {
        guard scenarioTask == nil else {
            emit(.log(.warning, "a scenario is running: wait for its PASS / FAIL before switching the service"))
            return
        }
        let all = OptoLinkService.allCases
        let current = backend.target.service
        let start = all.firstIndex(of: current) ?? 0
        for step in 1..<all.count {
            let service = all[(start + step) % all.count]
            let target: BackendTarget
            switch targets(service) {
            case .success(let found): target = found
            case .failure(let error):
                emit(.log(.warning, "cannot switch to \(service.displayName): \(error)"))
                continue
            }
            let previous = device
            await previous.stopSDK()
            backend = BackendClient(target: target, transport: transport)
            device = makeDevice()
            emit(.providerChanged(service))
            emit(.linksChanged(target.linkTexts))
            emit(
                .targetChanged(
                    url: target.baseURL.absoluteString + (faultProxyAllowed ? "" : " (embedded)"),
                    orgKey: target.headerKey, sdkVersion: OptoLink.sdkVersion))
            announceSkips()
            emit(
                .log(
                    .info,
                    "service: \(current.displayName) → \(service.displayName); the simulated device was rebuilt on "
                        + "\(target.baseURL.absoluteString) (a fresh install, never launched) and the panes reset"))
            emit(.deviceProfileChanged(await device.profile()))
            return
        }
        emit(.log(.warning, "no other service to switch to: the device stays on \(current.displayName)"))
    }

    /// Stops the fault proxy, if one runs (the runtime is stopping).
    func stopFaultProxy() {
        faultProxy?.stop()
        faultProxy = nil
    }

    /// Executes one command.
    func execute(_ command: DashboardCommand, state: DashboardState) async {
        // The backend may have been down at start: ask again before anything that needs the dev endpoints.
        switch command {
        case .runScenario, .injectFault, .clickLink:
            if !routes.devEndpoints {
                let probed = await backend.capabilities()
                if probed != routes {
                    capabilities.value = probed
                    emit(.capabilitiesProbed(probed.line(clickPath: backend.target.profile.devClickPath)))
                    announceSkips()
                }
            }
        default:
            break
        }
        if case .runScenario(let name) = command { return startScenario(name) }
        if case .runCompare(let name) = command { return startCompare(name) }
        if command == .switchProvider { return await switchProvider() }
        if scenarioTask != nil {
            emit(.log(.warning, "a scenario is running: wait for its PASS / FAIL before driving the device"))
            return
        }
        let device = self.device
        let emit = self.emit
        do {
            switch command {
            case .openLinkDirect:
                guard let main = backend.target.link(.main) else {
                    emit(.log(.warning, "no link to open: give the short link with --link URL"))
                    return
                }
                await device.setApp(state.fingerprint.app)
                let running = await device.isRunning
                let profile = backend.target.profile
                let path = backend.target.linkLabel(.main)
                if let reason = profile.lacks(.directOpen) {
                    emit(.log(.warning, "\(reason) (the SDK's handle(url:) returns nil)"))
                }
                emit(.log(.info, running ? "app: open \(path) (direct)" : "app: cold start by \(path)"))
                Task { await Self.report(emit) { _ = try await device.open(url: main.url) } }
            case .clickLink:
                guard let main = backend.target.link(.main) else {
                    emit(.log(.warning, "no link to click: give the short link with --link URL"))
                    return
                }
                let browser = state.fingerprint.browser
                let profile = backend.target.profile
                let click = try await backend.click(
                    main, browser: browser, useDevEndpoint: routes.clickRoute, observe: { emit(.browserVisited($0)) })
                if profile.lacks(.clipboard) == nil { device.pasteboard.content = click.token }
                emit(
                    .log(
                        .info,
                        "browser click on \(backend.target.linkLabel(.main)) from \(browser.networkAddress)"
                            + (click.via == "dev" ? "" : " (\(profile.clickPage))")
                            + (profile.lacks(.clipboard) == nil ? ": token \(click.token) on the pasteboard" : "")))
                emit(.deviceProfileChanged(await device.profile()))
            case .installAndLaunch:
                await device.setApp(state.fingerprint.app)
                try await device.installAndLaunch()
                emit(.log(.info, "app: install #\(await device.installNumber) and first launch"))
                emit(.deviceProfileChanged(await device.profile()))
            case .relaunch:
                await device.setApp(state.fingerprint.app)
                try await device.relaunch()
                emit(.log(.info, "app: relaunched (launch \(await device.launchCount))"))
                emit(.deviceProfileChanged(await device.profile()))
            case .reinstall:
                await device.reinstall()
                emit(
                    .log(
                        .info,
                        "app: deleted and reinstalled (install #\(await device.installNumber)): device id "
                            + "and flags wiped"
                    ))
                emit(.deviceProfileChanged(await device.profile()))
            case .toggleClipboardReading:
                let enabled = await !device.settings.clipboardEnabled
                await device.setClipboardEnabled(enabled)
                emit(
                    .log(.info, "clipboard reading \(enabled ? "enabled" : "disabled") (applies from the next launch)"))
                emit(.deviceProfileChanged(await device.profile()))
            case .setIdentity(let id):
                Task {
                    await Self.report(emit) {
                        emit(.log(.info, "setIdentity(\(id)) → \(try await device.setIdentity(id))"))
                    }
                }
            case .clearIdentity:
                Task {
                    await Self.report(emit) {
                        emit(.log(.info, "clearIdentity() → \(try await device.clearIdentity())"))
                    }
                }
            case .trackEvent:
                Task {
                    await Self.report(emit) {
                        _ = try await device.trackEvent("button_tap", properties: ["screen": .string("home")])
                    }
                }
            case .trackOversizedEvent:
                Task {
                    await Self.report(emit) {
                        let queued = try await device.trackEvent(
                            "oversized", properties: ["blob": .string(String(repeating: "x", count: 11_000))])
                        emit(
                            .log(
                                queued ? .error : .info,
                                "oversized event: \(queued ? "queued (unexpected)" : "refused locally, never sent")"))
                    }
                }
            case .flushEvents:
                emit(
                    .log(
                        .info,
                        "F flushes an attached app's event queue (optolink-dash --attach); the simulated "
                            + "device sends its events at once"
                    ))
            case .injectFault(let fault):
                let spec = fault.rule(sdkTimeout: await device.settings.timeout)
                if routes.faults {
                    try await backend.addFault(spec)
                    emit(
                        .log(
                            .info,
                            "fault injected by the server (/dev/faults): \(spec.label) (next \(fault.count) "
                                + "request(s) to the SDK routes)"
                        ))
                } else if let faultProxy {
                    faultProxy.add(spec)
                    emit(
                        .log(
                            .info,
                            "fault injected by the proxy: \(spec.label) (next \(fault.count) request(s) to "
                                + "the SDK routes)"
                        ))
                } else {
                    emit(
                        .log(
                            .warning,
                            "faults need the backend's /dev endpoints or the fault proxy, and neither is available"))
                }
            default:
                break
            }
        } catch {
            emit(.log(.error, "\(error)"))
        }
    }

    private static func report(_ emit: @Sendable (DashboardAction) -> Void, _ body: () async throws -> Void) async {
        do { try await body() } catch { emit(.log(.error, "\(error)")) }
    }

    /// The scenario `name` and the first simulated address of its run, when none runs and it exists
    /// (else nil, said in the log); counts the run, so each one gets addresses of its own.
    private func nextRun(of name: String) -> (scenario: Scenario, firstAddress: Int)? {
        guard scenarioTask == nil else {
            emit(.log(.warning, "a scenario is already running"))
            return nil
        }
        guard let scenario = ScenarioCatalog.named(name) else {
            emit(.log(.error, "no scenario named \(name)"))
            return nil
        }
        defer { scenarioCount += 1 }
        return (scenario, 10 + (scenarioCount * 17) % 200)
    }

    private func startScenario(_ name: String) {
        guard let (scenario, firstAddress) = nextRun(of: name) else { return }
        let environment = ScenarioEnvironment(
            backend: backend, backoffBase: backoffBase, capabilities: routes, idSpace: idSpace, observer: observer,
            firstAddress: firstAddress, faultProxy: routes.faults ? nil : faultProxy)
        let previous = device
        scenarioTask = Task {
            await previous.stopSDK()
            let result = await ScenarioRunner(environment: environment).run(scenario)
            await self.finishScenario(result)
        }
    }

    /// Runs `name` against every service at once (``CompareRunner``), on devices of its own: the simulated
    /// device is left as it is.
    private func startCompare(_ name: String) {
        guard let (scenario, firstAddress) = nextRun(of: name) else { return }
        let runner = CompareRunner(backoffBase: backoffBase, firstAddress: firstAddress, targets: targets)
        let emit = self.emit
        scenarioTask = Task {
            _ = await runner.run(scenario, emit: emit)
            self.finishCompare()
        }
    }

    private func finishCompare() {
        scenarioTask = nil
    }

    private func finishScenario(_ result: ScenarioRunner.Result) async {
        scenarioTask = nil
        guard let last = result.devices.last else { return }
        for other in result.devices.dropLast() { await other.stopSDK() }
        device = last
        emit(.deviceProfileChanged(await last.profile()))
    }
}
