/// One of the AppsFlyer stand-in's OneLink-style short links: `/ol/<template>/<id>`, its attribution
/// parameters kept on the service (the URL carries none).
struct AppsFlyerStandInLink: Sendable {
    /// The link's id after the template.
    var id: String
    /// `deep_link_value`: the app's route without its leading slash.
    var deepLinkValue: String
    /// `deep_link_sub1`, when the link has one.
    var deepLinkSub1: String?
    /// `pid`: the media source.
    var mediaSource: String
    /// `c`: the campaign.
    var campaign: String
    /// The campaign's id.
    var campaignId: String
    /// `af_sub1`…`af_sub5` (fewer when the link sets fewer).
    var subs: [String] = []
}
