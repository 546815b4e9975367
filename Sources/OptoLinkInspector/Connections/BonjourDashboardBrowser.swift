#if canImport(Network)
import Foundation
import Network
import OptoLink
import OptoLinkInspectorWire

/// Finds dashboards advertising `_optolink._tcp` with `NWBrowser`, for ``InspectorDashboard/bonjour``.
///
/// The browser runs on a queue of its own from the first ``dashboards()`` call and keeps the current
/// results; a call waits at most 5 s for a first result. A failure (most often the Info.plist:
/// `NSBonjourServices` without `_optolink._tcp` gives `kDNSServiceErr_NoAuth`) is logged once and the browser
/// is started again at the next call.
///
/// `@unchecked Sendable` is safe: every mutable property is only touched on `queue`.
final class BonjourDashboardBrowser: @unchecked Sendable {
    private let queue = DispatchQueue(label: "com.optolink.inspector.bonjour")
    private let log: @Sendable (LogLevel, String) -> Void
    private var browser: NWBrowser?
    private var endpoints: [NWEndpoint] = []
    private var waiters: [CheckedContinuation<[InspectorCandidate], Never>] = []
    private var lastProblem: String?

    init(log: @escaping @Sendable (LogLevel, String) -> Void) {
        self.log = log
    }

    /// The dashboards found now (waiting up to 5 s for a first one), in name order.
    func dashboards() async -> [InspectorCandidate] {
        await withCheckedContinuation { continuation in
            queue.async { [self] in
                startIfNeeded()
                if !endpoints.isEmpty { return continuation.resume(returning: candidates()) }
                waiters.append(continuation)
                queue.asyncAfter(deadline: .now() + 5) { [weak self] in self?.resumeWaiters() }
            }
        }
    }

    private func startIfNeeded() {
        guard browser == nil else { return }
        let parameters = NWParameters.tcp
        parameters.includePeerToPeer = true
        let browser = NWBrowser(for: .bonjour(type: InspectorProtocol.serviceType, domain: nil), using: parameters)
        browser.stateUpdateHandler = { [weak self] state in self?.changed(state) }
        browser.browseResultsChangedHandler = { [weak self] results, _ in self?.found(results) }
        self.browser = browser
        browser.start(queue: queue)
    }

    private func changed(_ state: NWBrowser.State) {
        guard case .failed(let error) = state else { return }
        var problem =
            "OptoLink inspector: browsing Bonjour for \(InspectorProtocol.serviceType) failed: "
            + "\(error.debugDescription)"
        if case .dns(let code) = error, code == -65555 {
            problem =
                "OptoLink inspector: iOS refused to browse \(InspectorProtocol.serviceType) (kDNSServiceErr_NoAuth): "
                + "add it to "
                + "NSBonjourServices in the debug build's Info.plist, with NSLocalNetworkUsageDescription "
                + "(docs/attach.md)"
        }
        if problem != lastProblem {
            lastProblem = problem
            log(.error, problem)
        }
        browser?.cancel()
        browser = nil
        endpoints = []
        resumeWaiters()
    }

    private func found(_ results: Set<NWBrowser.Result>) {
        endpoints = results.map(\.endpoint).sorted { Self.name($0) < Self.name($1) }
        if !endpoints.isEmpty { resumeWaiters() }
    }

    private func resumeWaiters() {
        let waiting = waiters
        waiters = []
        let found = candidates()
        for waiter in waiting { waiter.resume(returning: found) }
    }

    private func candidates() -> [InspectorCandidate] {
        endpoints.map { endpoint in
            InspectorCandidate(label: "Bonjour \"\(Self.name(endpoint))\"") {
                NetworkInspectorConnection(endpoint: endpoint)
            }
        }
    }

    private static func name(_ endpoint: NWEndpoint) -> String {
        if case .service(let name, _, _, _) = endpoint { return name }
        return endpoint.debugDescription
    }
}

extension OptoLinkInspector {
    /// Attaches `optoLink` to a dashboard at a Network.framework endpoint your app found itself (for example
    /// a Bonjour result it lets the user pick). Otherwise as
    /// ``attach(to:dashboard:token:allowsCommands:)``.
    public static func attach(to optoLink: OptoLink, endpoint: NWEndpoint, token: String, allowsCommands: Bool = false)
        -> OptoLinkInspector
    {
        let hook = optoLink.inspection
        for problem in LocalNetworkCheck.problems(for: .bonjour, infoValue: LocalNetworkCheck.mainBundleValue)
        where problem.contains(LocalNetworkCheck.usageKey) {
            hook.log(.error, problem)
        }
        let candidate = InspectorCandidate(label: endpoint.debugDescription) {
            NetworkInspectorConnection(endpoint: endpoint)
        }
        return OptoLinkInspector(
            optoLink: optoLink, dashboard: .bonjour, token: token, allowsCommands: allowsCommands,
            resolver: { [candidate] }, settings: InspectorSettings())
    }
}
#endif
