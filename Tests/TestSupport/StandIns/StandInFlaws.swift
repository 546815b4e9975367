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
}
