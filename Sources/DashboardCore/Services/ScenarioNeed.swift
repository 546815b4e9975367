/// What a scenario needs from a service beyond the first-launch request every service has.
package enum ScenarioNeed: Sendable, Hashable {
    /// A direct open of a link URL.
    case directOpen
    /// Matching by the click's clipboard token.
    case clipboard
    /// A first-launch request with platform, OS version and device model (an exact fingerprint).
    case exactTraits
    /// An answer that carries the match's score or confidence band, or the device traits to score with.
    case score
    /// Clicks that score 65 or more on one address (the shared-network guard's premise).
    case sharedNetworkGuard
    /// Sessions and identity (`setIdentity`).
    case identity
    /// Events from the app.
    case events
    /// An outcome the reference engine decides by the OptoLink contract's rules (seed 000: the exact
    /// fingerprint, the weighted score and its bands, the IP fallback, the shared-network guard). Every OptoLink
    /// deployment keeps them; another service documents no such rules, so such a scenario runs against it
    /// only where its engine is known: the reference server's emulation (``ScenarioEnvironment/engineKnown``).
    case referenceEngine
}
