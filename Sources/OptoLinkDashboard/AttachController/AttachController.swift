import DashboardAttach
import DashboardCore
import DashboardProxy
import Foundation
import OptoLink
import OptoLinkInspectorWire

/// `optolink-dash --attach`: the dashboard's command handler when real apps attach. It keeps the
/// ``DashboardRuntime`` (the embedded server unless `--base-url`, its health checks, faults) and adds the
/// ``AttachListener``: apps' diagnostics become actions for their device's panes, and the keys that act on
/// a device are sent to the shown app as commands.
///
/// ```swift
/// let controller = try AttachController.start(options: options, inbox: inbox, clock: SDKDashboardClock())
/// for action in controller.initialActions { app.apply(action) }
/// app.run(on: terminal)       // keys → controller.handle(…) → commands to the app → results → inbox
/// controller.stop()
/// ```
///
/// `@unchecked Sendable` is safe: `registry`, `nextCommand` and `devEndpoints` are only touched while `lock`
/// is held; everything else is immutable.
package final class AttachController: DashboardCommandHandler, @unchecked Sendable {
    /// The dashboard's name in welcomes.
    package static let dashboardName = "optolink-dash \(OptoLink.sdkVersion)"

    /// The backend runtime (server, health, faults).
    package let runtime: DashboardRuntime
    /// The listener (its ``AttachListener/address`` has the real port).
    package private(set) var listener: AttachListener!
    /// The pairing token.
    package let token: PairingToken
    private let inbox: DashboardInbox
    /// The `_optolink._tcp` advertisement (nil: not advertised, the log says why).
    private var advertiser: BonjourAdvertiser?
    private let backend: BackendClient
    private let lock = NSLock()
    private var registry = AttachRegistry()
    private var nextCommand = 1
    private var devEndpoints: Bool?

    /// Starts the runtime and listens.
    /// - Throws: ``DashboardError`` when the embedded server cannot start or the address cannot be bound.
    package static func start(options: DashboardOptions, inbox: DashboardInbox, clock: any DashboardClock)
        throws(DashboardError) -> AttachController
    {
        let runtime = try DashboardRuntime.start(options: options, inbox: inbox)
        do throws(DashboardError) {
            return try AttachController(
                runtime: runtime, address: options.listen, token: options.token.flatMap(PairingToken.init) ?? .random(),
                inbox: inbox, clock: clock)
        } catch {
            runtime.stop()
            throw error
        }
    }

    /// Creates the controller over a running runtime and listens on `address`.
    package init(
        runtime: DashboardRuntime, address: AttachListenAddress, token: PairingToken, inbox: DashboardInbox,
        clock: any DashboardClock, limits: AttachListener.Limits = AttachListener.Limits()
    ) throws(DashboardError) {
        self.runtime = runtime
        self.token = token
        self.inbox = inbox
        self.backend = BackendClient(target: runtime.target)
        listener = try AttachListener(
            address: address, token: token, clock: clock, dashboardName: Self.dashboardName, limits: limits
        ) {
            [weak self] event in self?.received(event)
        }
        advertiser = BonjourAdvertiser.start(listening: listener.address) { level, line in
            inbox.send(.log(level, line))
        }
    }

    /// What the screen needs before the first key: the backend, where to attach, and no scenarios (they
    /// drive simulated devices).
    package var initialActions: [DashboardAction] {
        [
            .targetChanged(
                url: runtime.target.baseURL.absoluteString + (runtime.server == nil ? "" : " (embedded)"),
                orgKey: runtime.target.orgKey?.rawValue ?? "", sdkVersion: OptoLink.sdkVersion),
            .log(
                .info,
                runtime.server == nil
                    ? "backend \(runtime.target.baseURL.absoluteString)"
                    : "embedded OptoLink server on \(runtime.target.baseURL.absoluteString) (demo data): "
                        + "an app on this machine can use it as its base URL"),
            .attach(.listening(address: listener.address.description, token: token.value)),
        ]
    }

    /// Stops listening (closing every app's connection), then the runtime.
    package func stop() {
        advertiser?.stop()
        listener.stop()
        runtime.stop()
    }

    // MARK: Keys

    /// Sends the device keys to the shown app as commands; the backend's keys (faults) go to the runtime;
    /// the keys that only make sense for a simulated device say why they do not apply.
    package func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
        switch command {
        case .openLinkDirect:
            send(
                .openLink, ["shortCode": "summer"],
                label: "openLink /\(state.attach?.shown?.hello.orgKey ?? "demo")/summer", state: state)
        case .installAndLaunch:
            send(.rerunFirstLaunch, [:], label: "rerunFirstLaunch", state: state)
        case .trackEvent:
            send(
                .trackEvent, ["name": "button_tap", "properties": ["screen": "home"]], label: "trackEvent button_tap",
                state: state)
        case .flushEvents:
            send(.flushEvents, [:], label: "flushEvents", state: state)
        case .setIdentity(let id):
            send(.setIdentity, ["externalId": .string(id)], label: "setIdentity \(id)", state: state)
        case .clearIdentity:
            send(.clearIdentity, [:], label: "clearIdentity", state: state)
        case .injectFault:
            inbox.send(
                .log(
                    .info,
                    "faults apply to the dashboard's backend (\(runtime.target.baseURL.absoluteString)): "
                        + "they reach an attached app only if it uses that backend"))
            runtime.handle(command, state: state, inbox: inbox)
        case .clickLink:
            notApplicable(
                "c simulates a browser click for the simulated device; with a real app, open the link in "
                    + "the phone's browser"
            )
        case .relaunch, .reinstall:
            notApplicable(
                "the dashboard cannot relaunch or reinstall a real app: do it on the device (i asks the app "
                    + "to re-run its first launch)"
            )
        case .toggleClipboardReading:
            notApplicable("clipboard reading is the app's configuration (its profile shows it); change it in the app")
        case .trackOversizedEvent:
            notApplicable("E is a simulated-device test; e tracks a test event on the attached app")
        case .runScenario, .runCompare:
            notApplicable("scenarios drive simulated devices: run optolink-dash without --attach")
        default:
            runtime.handle(command, state: state, inbox: inbox)
        }
    }

    private func notApplicable(_ reason: String) {
        inbox.send(.log(.warning, "not in attach mode: \(reason)"))
    }

    private func send(_ name: InspectorCommandName, _ args: [String: JSONValue], label: String, state: DashboardState) {
        guard let attach = state.attach, let shown = attach.shown else {
            return inbox.send(
                .log(.warning, "no app attached yet: start one with the token \(token.value) (docs/attach.md)"))
        }
        guard shown.isLive else {
            return inbox.send(.log(.warning, "app \(shown.shortID) is gone: D lists the attached apps"))
        }
        lock.lock()
        let connection = registry.connection(of: shown.key)
        let id = nextCommand
        nextCommand += 1
        lock.unlock()
        guard let connection else {
            return inbox.send(.log(.warning, "app \(shown.shortID) is not connected"))
        }
        listener.send(.command(InspectorCommand(id: id, name: name, args: args)), to: connection)
        inbox.send(.attach(.commandSent(key: shown.key, id: id, name: label)))
    }

    // MARK: The listener's events (on its thread)

    private func received(_ event: AttachListenerEvent) {
        switch event {
        case .attached(let connection, let hello, let peer, let at):
            lock.lock()
            let attachment = registry.attach(connection: connection, hello: hello, at: at)
            lock.unlock()
            if let evicted = attachment.evicted { inbox.send(.attach(.evicted(key: evicted))) }
            inbox.send(
                .attach(.deviceAttached(key: attachment.key, hello: hello, peer: peer, returning: attachment.returning))
            )
        case .message(let connection, let message):
            lock.lock()
            let key = registry.key(of: connection)
            var translated: (key: Int, event: DiagnosticEvent, time: Double)?
            if case .diagnostic(let diagnostic) = message {
                translated = registry.translate(connection: connection, diagnostic)
            }
            lock.unlock()
            guard let key else { return }
            switch message {
            case .diagnostic:
                guard let translated else { return }
                inbox.send(.attach(.diagnostic(key: key, translated.event, time: translated.time)))
                if case .matchResult = translated.event { loadBreakdown(key: key) }
            case .dropped(let count):
                inbox.send(.attach(.dropped(key: key, count: count)))
            case .commandResult(let result):
                inbox.send(.attach(.commandResult(key: key, result)))
            default:
                break
            }
        case .refused(_, let peer, let refusal):
            inbox.send(.attach(.connectionRefused(peer: peer, refusal)))
        case .closed(let connection, _, let reason, let wasAttached):
            guard wasAttached else { return }
            lock.lock()
            let key = registry.detach(connection: connection)
            lock.unlock()
            if let key { inbox.send(.attach(.deviceGone(key: key, reason: reason))) }
        }
    }

    /// Asks the dashboard's backend for the match's breakdown (when it has `/dev/match-attempts`).
    private func loadBreakdown(key: Int) {
        lock.lock()
        let deviceId = registry.deviceId(of: key)
        lock.unlock()
        guard let deviceId else { return }
        let backend = self.backend
        let inbox = self.inbox
        Task { [weak self] in
            guard let self, await self.hasDevEndpoints() else { return }
            do {
                inbox.send(.attach(.matchAttemptsLoaded(key: key, try await backend.matchAttempts(deviceId: deviceId))))
            } catch {
                inbox.send(.log(.warning, "match breakdown unavailable: \(error)"))
            }
        }
    }

    private func hasDevEndpoints() async -> Bool {
        if let known = knownDevEndpoints() { return known }
        let found = await backend.hasDevEndpoints()
        remember(devEndpoints: found)
        return found
    }

    private func knownDevEndpoints() -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return devEndpoints
    }

    private func remember(devEndpoints found: Bool) {
        lock.lock()
        devEndpoints = found
        lock.unlock()
    }
}
