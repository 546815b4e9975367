internal import OptoLinkHTTP

/// A stand-in's `apple-app-site-association`: the app (team and bundle) its links open, and the paths
/// they live under, in the file's current form (`appIDs` + `components`) or its older one (`appID` +
/// `paths`), bent by the deployment's flaws.
struct AssociationFile: Sendable {
    /// How the file spells the app and its paths.
    enum Form: Sendable {
        /// `details: [{appIDs: [...], components: [{"/": pattern}]}]` (iOS 13 and later).
        case components
        /// `details: [{appID: "...", paths: [pattern]}]` (the older form).
        case paths
    }

    /// The app's team ID.
    var teamID: String
    /// The app's bundle ID.
    var bundleID: String
    /// The pattern that covers the short links (`/acme/*`).
    var linkPattern: String
    /// The form it is written in.
    var form: Form

    /// The app a flawed file lists instead (``StandInFlaws/associationForAnotherApp``).
    static let anotherAppID = "ZZ9OTHER99.test.another.app"
    /// The pattern a flawed file covers instead (``StandInFlaws/associationMissesLinkPaths``).
    static let otherPattern = "/help/*"

    /// The answer to `GET /.well-known/apple-app-site-association` under `flaws`.
    func response(flaws: StandInFlaws) -> HTTPResponse {
        if flaws.contains(.noAssociationFile) {
            return StandInReply.html(404, "<!doctype html><title>Not found</title><p>No such page.</p>\n")
        }
        let appID = flaws.contains(.associationForAnotherApp) ? Self.anotherAppID : teamID + "." + bundleID
        let pattern = flaws.contains(.associationMissesLinkPaths) ? Self.otherPattern : linkPattern
        let detail: [String: Any]
        switch form {
        case .components: detail = ["appIDs": [appID], "components": [["/": pattern]]]
        case .paths: detail = ["appID": appID, "paths": [pattern]]
        }
        var file: [String: Any] = ["applinks": ["apps": [String](), "details": [detail]]]
        if form == .components { file["webcredentials"] = ["apps": [appID]] }
        return StandInReply.json(200, file, headers: [("Cache-Control", "max-age=3600")])
    }
}
