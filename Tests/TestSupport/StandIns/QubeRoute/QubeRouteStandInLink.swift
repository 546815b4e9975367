/// One of the QubeRoute stand-in's short links: `/go/<alias>`.
struct QubeRouteStandInLink: Sendable {
    /// The alias in the short link.
    var alias: String
    /// The link's destination on the app's web domain (its path is the app's route).
    var url: String
    /// The link's data (string values).
    var data: [String: String]
    /// Its campaign.
    var campaign: String
    /// Its channel.
    var channel: String
    /// Its feature.
    var feature: String

    /// `{url, alias, data, campaign, channel, feature}` as answers carry it.
    var json: [String: Any] {
        ["url": url, "alias": alias, "data": data, "campaign": campaign, "channel": channel, "feature": feature]
    }
}
