import DashboardCore

/// What the association-file lines tell a person to do when the file is missing or does not list the app:
/// who serves the file, and where its app ID comes from, which differs from one service to the next.
struct AASAAdvice: Sendable, Hashable {
    /// The fix when the file's host gave no HTTP answer.
    var noAnswer: String
    /// The fix for a 404.
    var notFound: String
    /// The fix when `<teamId>.<bundleId>` is not in the file.
    var appIDMissing: String
    /// Whether the service documents a Cache-Control for the file (OptoLink's contract: `max-age=3600`), so
    /// that a file without one fails; otherwise its absence is only named.
    var cacheControlDocumented = false

    /// OptoLink: the backend serves the file per `Host` and lists each org's team and bundle id.
    static let optoLink = AASAAdvice(
        noAnswer: "serve \(AASAChecks.path) on the link domain (route 9 of the contract)",
        notFound:
            "serve \(AASAChecks.path) on this host (the backend answers it per Host header; a proxy or CDN "
            + "in front must pass it through)",
        appIDMissing:
            "set the org's team id and bundle id on the backend (an org without a team id is left out of "
            + "the file), and check them against the app's signing: Team ID from the developer account, "
            + "bundle id from the target",
        cacheControlDocumented: true
    )
}
