/// The plain values of an SDK `OptoLinkData`, as the dashboard shows them.
public struct LinkSummary: Sendable, Hashable {
    /// `linkId`, nil when the server sent none.
    public var linkId: String?
    /// The link's path.
    public var path: String
    /// `matchMethod.rawValue`.
    public var method: String
    /// `confidence?.rawValue`.
    public var confidence: String?
    /// `matchScore`.
    public var score: Double?
    /// `isDeferred`.
    public var isDeferred: Bool
    /// What the other services answer beyond OptoLink's fields (`reason ip_address, confidence 0.49`,
    /// `match_type probabilistic`, `isSandbox true`), nil for OptoLink's links.
    public var serviceDetail: String?

    /// Creates a summary.
    public init(
        linkId: String? = nil, path: String, method: String, confidence: String? = nil,
        score: Double? = nil, isDeferred: Bool = false, serviceDetail: String? = nil
    ) {
        self.serviceDetail = serviceDetail
        self.linkId = linkId
        self.path = path
        self.method = method
        self.confidence = confidence
        self.score = score
        self.isDeferred = isDeferred
    }
}
