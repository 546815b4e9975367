import Foundation
import OptoLink
import OptoLinkInspectorWire

/// Streams an app's SDK to `optolink-dash --attach`, live: every diagnostic (requests, retries with their
/// waits, matches, delivered links, events, log lines) appears in the dashboard's panes, and, when you
/// allow it, the dashboard can open a link, re-run the first launch as if freshly installed, track a
/// test event, flush events and set or clear the identity on the device.
///
/// **Debug builds only, off unless you turn it on.** A product of its own: link `OptoLinkInspector` in
/// your debug builds only, and import and call it behind `#if DEBUG` (`docs/attach.md` says how in Xcode
/// and SwiftPM). The `OptoLink` product holds none of it: an app that does not link this one carries no
/// Network.framework use, no connection and no remote command. Nothing listens on the device: the
/// inspector connects out to the dashboard you name, with the pairing token the dashboard shows in its header.
///
/// ```swift
/// #if DEBUG
/// import OptoLinkInspector
/// #endif
///
/// let optoLink = OptoLink.start(configuration: configuration)
/// #if DEBUG
/// let inspector = OptoLinkInspector.attach(
///     to: optoLink, dashboard: .address(host: "192.168.1.20", port: 7420), token: "k7m2-x9qp", allowsCommands: true)
/// #endif
/// ```
///
/// Attach right after `start`: diagnostics from before the attach reach the dashboard only while nobody
/// else listened to them yet (the SDK keeps 1 000 for its first listener). The inspector never takes
/// anything from the app: it taps the diagnostics without being a listener of ``OptoLink/diagnostics``
/// (so your listeners get exactly what they would get without it) and never listens to ``OptoLink/links``
/// (delivered links travel as `linkDelivered` diagnostics).
///
/// **It never blocks or slows the app.** Diagnostics go into a buffer of ``bufferCapacity`` (2 000)
/// items; a full buffer drops its oldest item and counts it, and the count is sent to the dashboard when
/// it takes data again. Encoding and writing happen off the app's threads (a thread of its own on Linux,
/// `NWConnection`'s queue on Apple platforms). A dashboard that is not there, goes away or stops reading
/// costs the buffer and nothing else; the inspector reconnects after 0.5 s, doubling up to
/// ``maxReconnectDelay`` (30 s), on the SDK's clock. Nothing is ever thrown: problems are logged once
/// (through your logger and as a `.log` diagnostic) and shown in ``status``.
///
/// **Commands run only with `allowsCommands: true`**; otherwise each is refused and the dashboard says so.
/// Each command and its result is logged like any SDK message.
///
/// On Apple platforms a dashboard on another machine is on the local network: the app's Info.plist needs
/// `NSLocalNetworkUsageDescription` (and, for ``InspectorDashboard/bonjour``, `NSBonjourServices` with
/// `_optolink._tcp`); the inspector logs an error when they are missing (see `docs/attach.md`).
public final class OptoLinkInspector: Sendable {
    /// Diagnostics (and command results) held while the dashboard cannot take them: 2 000. At the size of
    /// typical diagnostics (well under 1 KiB each) that is at most a few hundred KiB; a diagnostic's strings
    /// are cut to 4 KiB (the wire's `InspectorProtocol.maxStringBytes`).
    public static let bufferCapacity = 2_000
    /// The longest wait between reconnection attempts: 30 s (the first is 0.5 s, doubling).
    public static let maxReconnectDelay = 30.0

    /// Where the inspector connects.
    public let dashboard: InspectorDashboard
    /// Whether the dashboard may run commands.
    public let allowsCommands: Bool
    private let outbox: InspectorOutbox
    private let statusBox: InspectorStatusBox
    private let state: StopState

    /// Attaches `optoLink` to a dashboard and returns at once; the connection is made in the background.
    ///
    /// - Parameters:
    ///   - optoLink: the running SDK.
    ///   - dashboard: ``InspectorDashboard/address(host:port:)`` as the dashboard's header shows it, or
    ///     ``InspectorDashboard/bonjour`` (Apple platforms).
    ///   - token: the pairing token the dashboard shows (a dashboard with another token refuses the app).
    ///   - allowsCommands: whether the dashboard may run commands on this app (default false).
    /// - Returns: the inspector; keep it (``stop()`` ends it; so does the end of the process).
    public static func attach(
        to optoLink: OptoLink, dashboard: InspectorDashboard, token: String, allowsCommands: Bool = false
    ) -> OptoLinkInspector {
        let hook = optoLink.inspection
        for problem in LocalNetworkCheck.problems(for: dashboard, infoValue: LocalNetworkCheck.mainBundleValue) {
            hook.log(.error, problem)
        }
        #if !canImport(Network)
        if dashboard == .bonjour {
            hook.log(
                .error,
                "OptoLink inspector: Bonjour needs Network.framework (Apple platforms): give the dashboard's address "
                    + "instead"
            )
        }
        #endif
        return OptoLinkInspector(
            optoLink: optoLink, dashboard: dashboard, token: token, allowsCommands: allowsCommands,
            resolver: Self.resolver(for: dashboard, log: hook.log), settings: InspectorSettings())
    }

    /// The inspector over any resolver (tests give scripted connections and shorter settings).
    init(
        optoLink: OptoLink, dashboard: InspectorDashboard, token: String, allowsCommands: Bool,
        resolver: @escaping InspectorResolver, settings: InspectorSettings
    ) {
        self.dashboard = dashboard
        self.allowsCommands = allowsCommands
        let hook = optoLink.inspection
        let outbox = InspectorOutbox(capacity: settings.bufferCapacity)
        let statusBox = InspectorStatusBox(.connecting(dashboard.label))
        self.outbox = outbox
        self.statusBox = statusBox
        self.state = StopState()
        let trimmed = token.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 128 else {
            hook.log(
                .error,
                "OptoLink inspector: the pairing token must be 1–128 characters (copy it from the dashboard's "
                    + "header); not attached"
            )
            statusBox.set(.stopped)
            return
        }
        let (backlog, untap) = hook.tapDiagnostics { outbox.push($0) }
        // The backlog was kept for the app's first listener and stays there; the inspector sends a copy.
        // (Pushed after the tap was added: a value sent in between is older in the SDK but arrives after;
        // the sequence numbers keep the dashboard's order.)
        for diagnostic in backlog { outbox.push(diagnostic) }
        let session = InspectorSession(
            optoLink: optoLink, hook: hook, token: trimmed, allowsCommands: allowsCommands,
            resolver: resolver, outbox: outbox, settings: settings, status: statusBox)
        let task = Task { await session.run() }
        state.arm(task: task, untap: untap)
    }

    /// What the inspector is doing now.
    public var status: InspectorStatus {
        InspectorStatus(phase: statusBox.current, buffered: outbox.buffered, dropped: outbox.dropped)
    }

    /// The phase now, then every change until ``InspectorStatus/Phase/stopped`` (for a debug screen).
    public var statusUpdates: AsyncStream<InspectorStatus.Phase> { statusBox.updates() }

    /// Stops: no more diagnostics are taken, the connection closes, nothing is retried. Idempotent.
    public func stop() {
        state.stop()
        statusBox.set(.stopped)
    }

    deinit { state.stop() }

    /// The resolver for `dashboard` on this platform (Bonjour without Network.framework finds nothing: the
    /// attach said why).
    static func resolver(for dashboard: InspectorDashboard, log: @escaping @Sendable (LogLevel, String) -> Void)
        -> InspectorResolver
    {
        switch dashboard {
        case .address(let host, let port):
            let candidate = InspectorCandidate(label: dashboard.label) {
                #if canImport(Network)
                NetworkInspectorConnection(host: host, port: port)
                #elseif canImport(Glibc)
                SocketInspectorConnection(host: host, port: port)
                #else
                UnavailableInspectorConnection()
                #endif
            }
            return { [candidate] }
        case .bonjour:
            #if canImport(Network)
            let browser = BonjourDashboardBrowser(log: log)
            return { await browser.dashboards() }
            #else
            return { [] }
            #endif
        }
    }
}

/// The task and the tap to undo, once.
///
/// `@unchecked Sendable` is safe: the stored properties are only touched while `lock` is held.
private final class StopState: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var untap: (@Sendable () -> Void)?
    private var stopped = false

    func arm(task: Task<Void, Never>, untap: @escaping @Sendable () -> Void) {
        lock.lock()
        if stopped {
            lock.unlock()
            task.cancel()
            untap()
            return
        }
        self.task = task
        self.untap = untap
        lock.unlock()
    }

    func stop() {
        lock.lock()
        stopped = true
        let task = self.task
        let untap = self.untap
        self.task = nil
        self.untap = nil
        lock.unlock()
        untap?()
        task?.cancel()
    }
}
