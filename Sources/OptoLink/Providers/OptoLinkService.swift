/// The deep-linking services the SDK talks to (``OptoLinkConfiguration/service``). The facade is the same
/// for every one (``OptoLink/start(configuration:environment:launchURL:)``, ``OptoLink/links``,
/// ``OptoLink/handle(url:)``, the first-launch sequence, the event queue, diagnostics, retries, never
/// throwing); only the requests, the answers and what each can do differ (<doc:Services>).
///
/// The raw values are the names the dashboard's `--provider` and the inspector's wire use.
public enum OptoLinkService: String, Sendable, Hashable, CaseIterable {
    /// OptoLink (seed 000): `/data`, `/match` with the clipboard token, `/sdk/*` (sessions, identity, events).
    case optoLink = "optolink"
    /// QubeRoute (seed 001): `/api/v1/sdk/resolve`, `/match` once per install, batched `/events` with values.
    case quberoute
    /// Deep Blue Links (seed 004): `/api/links/resolve`, `/api/links/check-deferred`.
    case deepBlue = "deepblue"
    /// AppsFlyer's server-to-server deep-link API (seed 003), reached through the app's backend.
    case appsFlyer = "appsflyer"

    /// The service's name as people write it.
    public var displayName: String {
        switch self {
        case .optoLink: return "OptoLink"
        case .quberoute: return "QubeRoute"
        case .deepBlue: return "Deep Blue Links"
        case .appsFlyer: return "AppsFlyer"
        }
    }
}
