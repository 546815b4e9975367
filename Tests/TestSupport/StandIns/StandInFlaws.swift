/// What is broken in a stand-in deployment, for the doctor's tests of a deployment that cannot work.
///
/// ```swift
/// let broken = try StandInService.start(.quberoute, flaws: [.noAssociationFile, .linksUnknown])
/// ```
public struct StandInFlaws: OptionSet, Sendable, Hashable {
    /// The flaws as bits.
    public let rawValue: Int

    /// Flaws from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `GET /.well-known/apple-app-site-association` answers 404: iOS never opens the app from a link.
    public static let noAssociationFile = StandInFlaws(rawValue: 1 << 0)
    /// The association file lists another team and bundle than ``StandInService/teamID`` and
    /// ``StandInService/bundleID``.
    public static let associationForAnotherApp = StandInFlaws(rawValue: 1 << 1)
    /// The association file covers other paths than the service's short links.
    public static let associationMissesLinkPaths = StandInFlaws(rawValue: 1 << 2)
    /// Every short link (its page and its direct-open lookup) answers as an unknown link does: no click
    /// is recorded and no link resolves.
    public static let linksUnknown = StandInFlaws(rawValue: 1 << 3)
    /// A short link's direct-open lookup answers 200 with an HTML page, not the service's JSON (what a proxy or
    /// a captive portal in front of the API answers).
    public static let lookupAnswersHTML = StandInFlaws(rawValue: 1 << 4)

    /// A short link's direct-open lookup is always rate limited: 429 with `Retry-After: 1`.
    public static let lookupRateLimited = StandInFlaws(rawValue: 1 << 5)

    /// ``lookupRateLimited``'s answer.
    static let rateLimited = StandInReply.json(
        429, ["message": "Too many requests"], headers: [("Retry-After", "1")])

    /// The HTML page ``lookupAnswersHTML`` answers.
    static let lookupPage = StandInReply.html(
        200, "<!doctype html><html><head><title>Sign in</title></head><body>Sign in to continue.</body></html>\n")
}
