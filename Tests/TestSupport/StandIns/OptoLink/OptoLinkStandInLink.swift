/// One of the OptoLink stand-in's short links: `/<org>/<code>`.
struct OptoLinkStandInLink: Sendable {
    /// The short code.
    var code: String
    /// The link's id in answers.
    var linkId: String
    /// Where it routes the app.
    var path: String
    /// Its params (the link's over its template's, already merged).
    var params: [String: String]
    /// How long a click on it can be matched, in hours (seed: 1–720, default 24).
    var matchWindowHours: Int = 24
}
