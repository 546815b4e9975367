/// The plain values of an SDK `OptoLinkData`, as the dashboard shows them.
package struct LinkSummary: Sendable, Hashable, Codable {
    /// `linkId`, nil when the server sent none.
    package var linkId: String?
    /// The link's path.
    package var path: String
    /// `matchMethod.rawValue`.
    package var method: String
    /// `confidence?.rawValue`.
    package var confidence: String?
    /// `matchScore`.
    package var score: Double?
    /// `isDeferred`.
    package var isDeferred: Bool
    /// `confidenceScore`: a service's own 0–1 confidence (QubeRoute), nil for the others.
    package var confidenceScore: Double?
    /// The service's own word for how it matched: QubeRoute's `reason`, AppsFlyer's `match_type`, Deep Blue's
    /// `sandbox` / `live` or `not a short link`; nil for OptoLink (its method says it all). The compare's column.
    package var matchType: String?
    /// What the other services answer beyond OptoLink's fields (`reason ip_address, confidence 0.49`,
    /// `match_type probabilistic`, `isSandbox true`), nil for OptoLink's links. The log's line.
    package var serviceDetail: String?

    /// Creates a summary.
    package init(
        linkId: String? = nil, path: String, method: String, confidence: String? = nil,
        score: Double? = nil, isDeferred: Bool = false, confidenceScore: Double? = nil, matchType: String? = nil,
        serviceDetail: String? = nil
    ) {
        self.serviceDetail = serviceDetail
        self.linkId = linkId
        self.path = path
        self.method = method
        self.confidence = confidence
        self.score = score
        self.isDeferred = isDeferred
        self.confidenceScore = confidenceScore
        self.matchType = matchType
    }
}
