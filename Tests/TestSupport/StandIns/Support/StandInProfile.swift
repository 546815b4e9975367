/// What the facade shows of one stand-in: its keys, the app its association file names, and its two
/// links (paths on the stand-in's own origin) with the routes they deliver.
struct StandInProfile: Sendable {
    /// The API's path under the origin (`/v1.0` for AppsFlyer's S2S API; empty for the others).
    var apiPath = ""
    /// The key an app ships (empty when the service has none).
    var apiKey = ""
    /// OptoLink's org key (empty for the others).
    var orgKey = ""
    /// AppsFlyer's app id (empty for the others).
    var appID = ""
    /// AppsFlyer's DevKey (empty for the others).
    var devKey = ""
    /// A key the SDK endpoints refuse for its kind (empty when the service has no keys).
    var wrongKindKey = ""
    /// The team ID the association file lists.
    var teamID: String
    /// The bundle ID the association file lists.
    var bundleID: String
    /// The main short link's path and query.
    var mainLinkPath: String
    /// Where the main link routes the app.
    var mainPath: String
    /// The second short link's path and query.
    var coldStartLinkPath: String
    /// Where the second link routes the app.
    var coldStartPath: String
}
