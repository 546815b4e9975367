import Foundation
import OptoLinkHTTP

/// The three emulated services, built from the seed's `emulations` (``EmulationSeed``) at start-up: their
/// apps, keys and links (immutable while the server runs) and their click records.
final class Emulations: Sendable {
    let quberoute: QubeRouteEmulation
    let deepblue: DeepBlueEmulation
    let appsflyer: AppsFlyerEmulation

    /// Builds every service, each matching with `policy`; a service the seed leaves out has no apps.
    init(seed: EmulationSeed?, policy: MatchEngine.Policy = .seed) {
        quberoute = QubeRouteEmulation(seed: seed?.quberoute ?? QubeRouteSeed(projects: []), policy: policy)
        deepblue = DeepBlueEmulation(seed: seed?.deepblue ?? DeepBlueSeed(apps: []), policy: policy)
        appsflyer = AppsFlyerEmulation(seed: seed?.appsflyer ?? AppsFlyerSeed(apps: []), policy: policy)
    }
}
