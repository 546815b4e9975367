/// One of the Deep Blue stand-in's short links: `/s/<code>`.
struct DeepBlueStandInLink: Sendable {
    /// The code in the short link.
    var code: String
    /// The link's numeric id.
    var id: Int
    /// The full URL on the app's web domain: its path and query are the app's route.
    var longUrl: String

    /// `longUrl` without its scheme and host, after the app's URL scheme (`acmestore://catalog/fall?src=dbl`).
    func appURL(scheme: String) -> String {
        let rest = longUrl.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        return scheme + "://" + (rest.count == 4 ? String(rest[3]) : "")
    }
}
