import DashboardCore
import DashboardProxy
import Foundation

/// What every scenario run shares: the backend (and so the service: ``target``'s), the SDK settings,
/// where actions go, and the supply of fresh simulated network addresses.
///
/// One per service when several run at once over one server (the compare view): nothing is global, the
/// devices, addresses and match-attempt lookups are the environment's own.
///
/// ```swift
/// let backend = BackendClient(target: .demo(.quberoute, baseURL: server.baseURL))
/// let environment = ScenarioEnvironment(
///     backend: backend, backoffBase: 1, hasDevEndpoints: await backend.hasDevEndpoints(),
///     observer: DeviceObserver(emit: { _ in }, breakdowns: nil, profiles: false))
/// var runner = ScenarioRunner(environment: environment)
/// runner.clearsFaults = false  // several runs share the server's faults: clear once around them all
/// let result = await runner.run(scenario)
/// ```
package struct ScenarioEnvironment: Sendable {
    /// The backend client (target included).
    package let backend: BackendClient
    /// The SDK's `backoffBase` for scenario devices (`--backoff-base`).
    package let backoffBase: Double
    /// What the backend offers beyond its service's API, route by route (probed once).
    package let capabilities: BackendCapabilities
    /// Whether the backend is the reference server (it says so in its `Server` header, or has its `/dev`
    /// endpoints): its matching engine is then known for every service it emulates, and the scenarios check
    /// the engine's decisions (QubeRoute's `reason`, the shared-network guard…). Against any other deployment
    /// they check only what the service's own API documents.
    package let engineKnown: Bool
    /// Request-id offsets shared with the dashboard's other devices.
    package let idSpace: RequestIDSpace
    /// Feeds each scenario device's diagnostics (and the runner's lines) to the dashboard or the printer.
    package let observer: DeviceObserver
    /// The fault layer in front of the backend when it has no `/dev/faults` (nil: the server's own, or none).
    package let faultProxy: FaultProxy?
    private let addresses: AddressAllocator

    /// Creates an environment over a backend with every dev endpoint or none (`referenceServer`: the backend
    /// said it is the reference server, see ``BackendClient/capabilities()``).
    package init(
        backend: BackendClient, backoffBase: Double, hasDevEndpoints: Bool, referenceServer: Bool = false,
        idSpace: RequestIDSpace = RequestIDSpace(), observer: DeviceObserver, firstAddress: Int = 10,
        faultProxy: FaultProxy? = nil
    ) {
        self.init(
            backend: backend, backoffBase: backoffBase,
            capabilities: BackendCapabilities(devEndpoints: hasDevEndpoints, referenceServer: referenceServer),
            idSpace: idSpace, observer: observer, firstAddress: firstAddress, faultProxy: faultProxy)
    }

    /// Creates an environment over a backend with `capabilities`.
    package init(
        backend: BackendClient, backoffBase: Double, capabilities: BackendCapabilities,
        idSpace: RequestIDSpace = RequestIDSpace(), observer: DeviceObserver, firstAddress: Int = 10,
        faultProxy: FaultProxy? = nil
    ) {
        self.engineKnown = capabilities.devEndpoints || capabilities.referenceServer
        self.faultProxy = faultProxy
        // Behind the proxy, clicks name their network as the proxy names the devices' requests.
        self.backend = faultProxy == nil ? backend : backend.reachedThroughFaultProxy()
        self.backoffBase = backoffBase
        self.capabilities = capabilities
        self.idSpace = idSpace
        self.observer = observer
        self.addresses = AddressAllocator(next: firstAddress)
    }

    /// The backend.
    package var target: BackendTarget { backend.target }

    /// Whether the backend has every dev endpoint (the reference server outside production).
    package var hasDevEndpoints: Bool { capabilities.devEndpoints }

    /// The base URL scenario devices talk to: the fault proxy's when there is one, else the backend's.
    package var deviceBaseURL: URL {
        capabilities.faults ? target.baseURL : faultProxy?.url ?? target.baseURL
    }

    /// The backend behind the fault proxy when scenario devices talk to the proxy (``deviceBaseURL``), else nil.
    package var deviceUpstream: URL? {
        deviceBaseURL == target.baseURL ? nil : target.baseURL
    }

    /// A fresh pair of addresses: the app's network (203.0.113.x) and another one (198.51.100.x), so rate
    /// limits and click records never leak from one scenario run into the next.
    func nextAddresses() -> (app: String, other: String) {
        let n = addresses.take()
        return ("203.0.113.\(n)", "198.51.100.\(n)")
    }
}
