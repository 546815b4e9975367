import OptoLink

/// One of a service's routes, as the scenarios name them.
package enum ServiceRoute: Sendable, Hashable {
    /// The direct open (`/data`, resolve).
    case open
    /// The first launch's deferred request (`/match`, check-deferred, AppsFlyer's S2S request).
    case match
    /// The events.
    case events
}

extension ServiceRoute {
    /// The route of the SDK's `endpoint` (`data` is the open), nil for OptoLink's own `/sdk/…` calls.
    package init?(_ endpoint: Endpoint) {
        switch endpoint {
        case .linkData: self = .open
        case .match: self = .match
        case .events: self = .events
        default: return nil
        }
    }
}
