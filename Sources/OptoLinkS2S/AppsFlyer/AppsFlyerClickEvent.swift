import Foundation

/// The click AppsFlyer matched the install or open to (`click_event` of a found answer).
///
/// Every field the API documents is here; each may be nil (the API allows `null`, and a missing member
/// is read as nil too). A number or boolean where the API says string is kept as its JSON text
/// (`26` becomes `"26"`): AppsFlyer's answers are the authority, the schema a description. Members the
/// API does not document (AppsFlyer adds some, such as `deep_link_value`) are in ``fields``, with the
/// documented ones, as they came.
public struct AppsFlyerClickEvent: Sendable, Hashable {
    /// When the click happened (`timestamp`, in ``AppsFlyerTimestamp``'s format; ``date`` parses it).
    public var timestamp: String?
    /// The link's custom parameters (`custom_params`), values as sent.
    public var customParams: [String: S2SJSONValue]
    /// The campaign's id (`campaign_id`).
    public var campaignID: String?
    /// How the click was matched (`match_type`); a value the API does not document is kept raw.
    public var matchType: AppsFlyerMatchType?
    /// The media source (`media_source`, e.g. `Email`).
    public var mediaSource: String?
    /// The campaign's name (`campaign`).
    public var campaign: String?
    /// The page the click came from (`click_http_referrer`).
    public var clickHTTPReferrer: String?
    /// `af_sub1` … `af_sub5`, in order (index 0 is `af_sub1`); always five entries.
    public var afSubs: [String?]
    /// Every member of `click_event` as it came, documented or not.
    public var fields: [String: S2SJSONValue]

    /// `af_sub1`.
    public var afSub1: String? { afSubs[0] }
    /// `af_sub2`.
    public var afSub2: String? { afSubs[1] }
    /// `af_sub3`.
    public var afSub3: String? { afSubs[2] }
    /// `af_sub4`.
    public var afSub4: String? { afSubs[3] }
    /// `af_sub5`.
    public var afSub5: String? { afSubs[4] }

    /// ``timestamp`` as a `Date`, when it is in the API's format.
    public var date: Date? { timestamp.flatMap(AppsFlyerTimestamp.date(from:)) }

    /// Creates a click event (for tests and for a backend that builds answers itself).
    public init(
        timestamp: String? = nil, customParams: [String: S2SJSONValue] = [:], campaignID: String? = nil,
        matchType: AppsFlyerMatchType? = nil, mediaSource: String? = nil, campaign: String? = nil,
        clickHTTPReferrer: String? = nil, afSubs: [String?] = [nil, nil, nil, nil, nil],
        fields: [String: S2SJSONValue] = [:]
    ) {
        self.timestamp = timestamp
        self.customParams = customParams
        self.campaignID = campaignID
        self.matchType = matchType
        self.mediaSource = mediaSource
        self.campaign = campaign
        self.clickHTTPReferrer = clickHTTPReferrer
        self.afSubs = (afSubs + [String?](repeating: nil, count: 5)).prefix(5).map { $0 }
        self.fields = fields
    }

    /// Reads the `click_event` object; throws a description of the first member of the wrong type.
    init(members: [String: S2SJSONValue]) throws(ShapeError) {
        func text(_ name: String) throws(ShapeError) -> String? {
            switch members[name] {
            case nil, .null?: return nil
            case let value?:
                guard let text = value.scalarText else {
                    throw ShapeError("click_event.\(name) must be a string or null: got \(value)")
                }
                return text
            }
        }
        var customParams: [String: S2SJSONValue] = [:]
        switch members["custom_params"] {
        case nil, .null?: break
        case .object(let object)?: customParams = object
        case let other?: throw ShapeError("click_event.custom_params must be an object: got \(other)")
        }
        self.init(
            timestamp: try text("timestamp"), customParams: customParams, campaignID: try text("campaign_id"),
            matchType: try text("match_type").map(AppsFlyerMatchType.init(rawValue:)),
            mediaSource: try text("media_source"),
            campaign: try text("campaign"), clickHTTPReferrer: try text("click_http_referrer"),
            afSubs: [
                try text("af_sub1"), try text("af_sub2"), try text("af_sub3"), try text("af_sub4"), try text("af_sub5"),
            ],
            fields: members)
    }

    /// Why an answer does not have the documented shape.
    struct ShapeError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
