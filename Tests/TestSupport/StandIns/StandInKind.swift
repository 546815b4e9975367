/// The services a ``StandInService`` can stand in for: each one a deployment an outside team wrote from
/// that service's seed alone, with its own link codes, click URLs and pages.
public enum StandInKind: String, CaseIterable, Sendable {
    /// OptoLink (seed 000): `/<org>/<code>` redirect pages with a clipboard token, `/match`, `/sdk/*`.
    case optoLink
    /// QubeRoute (seed 001): `/go/<alias>` short links, `/api/v1/sdk/resolve`, `match`, `events`.
    case quberoute
    /// Deep Blue Links (seed 004): `/s/<code>` preview pages, `/api/links/resolve` and `check-deferred`.
    case deepBlue
    /// AppsFlyer (seed 003): OneLink-style `/ol/<template>/<id>` links and the S2S `POST /v1.0/ios/<app id>`.
    case appsFlyer
}
