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
    /// How the link was found: the backend's `matchMethod` as a ``MatchMethod`` (the Flutter SDK's
    /// `matchType`, under the same name), ``MatchMethod/direct`` for a direct open.
    public var matchType: MatchMethod
    /// The backend's confidence for a deferred match; `nil` for direct opens.
    public var confidence: MatchConfidence?
    /// The weighted score, only for ``MatchMethod/fingerprintScored`` matches.
    public var matchScore: Double?
    /// `true` when the link came from the first-launch deferred match, `false` for direct opens.
    public var isDeferred: Bool
    /// The service that resolved it (default OptoLink).
    public var service: OptoLinkService
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
        matchType: MatchMethod,
        confidence: MatchConfidence? = nil,
        matchScore: Double? = nil,
        isDeferred: Bool,
        service: OptoLinkService = .optoLink,
        confidenceScore: Double? = nil,
        reason: String? = nil,
        providerFields: [String: JSONValue] = [:]
    ) {
        self.linkId = linkId
        self.path = path
        self.params = params
        self.matchType = matchType
        self.confidence = confidence
        self.matchScore = matchScore
        self.isDeferred = isDeferred
        self.service = service
        self.confidenceScore = confidenceScore
        self.reason = reason
        self.providerFields = providerFields
    }
}

extension OptoLinkData {
    /// The deepest ``params`` nesting ``decodeParams(as:)`` accepts (the params object itself is level 1).
    /// 64, as for event properties: deep enough for any real template, shallow enough that decoding a
    /// recursive type stays far inside a 512 KiB stack (Apple's cooperative threads).
    public static let maxParamsDepth = 64

    /// Decodes ``params`` as your own type, from the SDK's JSON tree (no `JSONDecoder`, no text round trip).
    ///
    /// ```swift
    /// struct Promo: Decodable { let campaign: String; let discount: Int? }
    /// let promo = try link.decodeParams(as: Promo.self)
    /// ```
    ///
    /// Numbers decode as any numeric type that holds them exactly; strings that spell a number or
    /// `true`/`false` decode as numbers and booleans too (custom-scheme query items and many templates
    /// carry every value as a string); a missing key is nil for an optional property; `JSONValue`
    /// properties take any value as it is.
    ///
    /// - Throws: ``OptoLinkError/invalidArgument`` when the params do not fit `type` (the message names the
    ///   key path and what was found) or are nested deeper than ``maxParamsDepth`` (checked before
    ///   decoding, without recursion). Never crashes on hostile params.
    public func decodeParams<T: Decodable>(as type: T.Type = T.self) throws(OptoLinkError) -> T {
        let root = JSONValue.object(params)
        if root.isNested(deeperThan: Self.maxParamsDepth) {
            throw .argument("params are nested more than \(Self.maxParamsDepth) levels deep; not decoded as \(T.self)")
        }
        do {
            return try JSONValueDecoder.decode(type, from: root)
        } catch let error as DecodingError {
            throw .argument("params do not decode as \(T.self): \(Self.describe(error))")
        } catch {
            throw .argument("params do not decode as \(T.self): \(error)")
        }
    }

    /// `"discount": expected Int, found a string` style text for a decoding error.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "(top level)" : keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : path(context) + "."
            return "\(parent)\(key.stringValue): missing"
        @unknown default:
            return "\(error)"
        }
    }
}
