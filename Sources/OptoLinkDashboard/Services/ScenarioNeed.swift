/// What a scenario needs from a service beyond the first-launch request every service has.
enum ScenarioNeed: Sendable, Hashable {
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
}
