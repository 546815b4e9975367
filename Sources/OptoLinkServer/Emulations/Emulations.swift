import Foundation
import OptoLinkHTTP

/// The three emulated services, built from the seed's `emulations` (``EmulationSeed``) at start-up: their
/// apps, keys and links (immutable while the server runs) and their click records.
final class Emulations: Sendable {
    let quberoute: QubeRouteEmulation
    let deepblue: DeepBlueEmulation
    let appsflyer: AppsFlyerEmulation

    /// Builds every service; a service the seed leaves out has no apps. With a `store` on a database file,
    /// each app's click records are kept in it (``MatchJournal``) and start with the clicks still waiting at
    /// `now`.
    init(seed: EmulationSeed?, store: Store? = nil, now: Date = Date()) {
        let clicks = { (scope: String) in EmulatedClickStore(journal: .of(scope, in: store), now: now) }
        quberoute = QubeRouteEmulation(seed: seed?.quberoute ?? QubeRouteSeed(projects: []), clicks: clicks)
        deepblue = DeepBlueEmulation(seed: seed?.deepblue ?? DeepBlueSeed(apps: []), clicks: clicks)
        appsflyer = AppsFlyerEmulation(seed: seed?.appsflyer ?? AppsFlyerSeed(apps: []), clicks: clicks)
    }
}
