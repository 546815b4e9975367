/// One of a service's routes, as the scenarios name them.
package enum ServiceRoute: Sendable, Hashable {
    /// The direct open (`/data`, resolve).
    case open
    /// The first launch's deferred request (`/match`, check-deferred, AppsFlyer's S2S request).
    case match
    /// The events.
    case events
}
