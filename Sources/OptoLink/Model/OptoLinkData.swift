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
    /// The service that resolved it (default OptoLink).
    public var service: OptoLinkProvider.Service
    /// The service's own confidence as a number, when it gives one: QubeRoute's `confidence` (0–1, below 1
    /// for a deferred match). ``confidence`` is the band it falls in (see `docs/providers.md`).
    public var confidenceScore: Double?
    /// Why the service matched or did not (QubeRoute's `reason`), when it says.
    public var reason: String?
    /// The service's fields that have no place above, under the service's own names (QubeRoute's
    /// `alias`, `campaign`, `channel`, `feature`, `url`; Deep Blue's `id`, `longUrl`, `shortUrl`,
    /// `isSandbox`; AppsFlyer's `click_event` fields…). Empty for OptoLink. The table is in `docs/providers.md`.
    public var providerFields: [String: JSONValue]

    /// Creates link data (the SDK builds these from the backend's answers; tests and tools may too).
    public init(
        linkId: String?,
        path: String,
        params: [String: JSONValue] = [:],
        matchMethod: MatchMethod,
        confidence: MatchConfidence? = nil,
        matchScore: Double? = nil,
        isDeferred: Bool,
        service: OptoLinkProvider.Service = .optoLink,
        confidenceScore: Double? = nil,
        reason: String? = nil,
        providerFields: [String: JSONValue] = [:]
    ) {
        self.linkId = linkId
        self.path = path
        self.params = params
        self.matchMethod = matchMethod
        self.confidence = confidence
        self.matchScore = matchScore
        self.isDeferred = isDeferred
        self.service = service
        self.confidenceScore = confidenceScore
        self.reason = reason
        self.providerFields = providerFields
    }
}
