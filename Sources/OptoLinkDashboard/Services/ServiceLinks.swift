/// The demo links of a service the scenarios use.
struct ServiceLinks: Sendable, Hashable {
    /// The link clicked before deferred first launches and opened directly (`summer`, `spring`).
    var main: String
    /// Where ``main`` routes the app (`/promo/summer`…).
    var mainPath: String
    /// The link that cold-starts the app (`welcome`).
    var coldStart: String
    /// Where ``coldStart`` routes the app.
    var coldStartPath: String
    /// The link whose match window a click can outlive, and how long ago that click is made.
    var expiring: String
    /// Seconds ago that puts a click on ``expiring`` just past its window.
    var expiredAge: Double
    /// ``expiring``'s window, for the log.
    var expiringWindow: String
}
