/// How AppsFlyer matched the click (`click_event.match_type`).
///
/// A struct over the raw string, not an enum: a value AppsFlyer adds later is kept as it came (compare
/// ``rawValue``, or check ``isDocumented``) instead of failing the whole answer.
public struct AppsFlyerMatchType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The string AppsFlyer sent.
    public let rawValue: String

    /// Wraps `rawValue`, whatever it is.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `referrer`.
    public static let referrer = AppsFlyerMatchType(rawValue: "referrer")
    /// `id_matching`.
    public static let idMatching = AppsFlyerMatchType(rawValue: "id_matching")
    /// `srn` (self-reporting network).
    public static let srn = AppsFlyerMatchType(rawValue: "srn")
    /// `probabilistic`.
    public static let probabilistic = AppsFlyerMatchType(rawValue: "probabilistic")

    /// The values the API documents.
    public static let documented: [AppsFlyerMatchType] = [.referrer, .idMatching, .srn, .probabilistic]

    /// Whether this is one of ``documented``.
    public var isDocumented: Bool { Self.documented.contains(self) }

    /// The raw value.
    public var description: String { rawValue }
}
