/// A link the app should route to: from a direct open (``MatchMethod/direct``) or a deferred match.
///
/// ```swift
/// for await link in optoLink.links {
///     router.open(path: link.path, params: link.params)
/// }
/// ```
public struct OptoLinkData: Sendable, Hashable {
    /// The backend's link id (`nil` only if the backend left it out).
    public var linkId: String?
    /// The in-app path, e.g. `"/promo/summer"`.
    public var path: String
    /// The link's parameters (template merged with the link's own; the link's win).
    public var params: [String: JSONValue]
    /// How the link was found.
    public var matchMethod: MatchMethod
    /// The backend's confidence for a deferred match; `nil` for direct opens.
    public var confidence: MatchConfidence?
    /// The weighted score, only for ``MatchMethod/fingerprintScored`` matches.
    public var matchScore: Double?
    /// `true` when the link came from the first-launch deferred match, `false` for direct opens.
    public var isDeferred: Bool

    /// Creates link data (the SDK builds these from the backend's answers; tests and tools may too).
    public init(
        linkId: String?,
        path: String,
        params: [String: JSONValue] = [:],
        matchMethod: MatchMethod,
        confidence: MatchConfidence? = nil,
        matchScore: Double? = nil,
        isDeferred: Bool
    ) {
        self.linkId = linkId
        self.path = path
        self.params = params
        self.matchMethod = matchMethod
        self.confidence = confidence
        self.matchScore = matchScore
        self.isDeferred = isDeferred
    }
}
