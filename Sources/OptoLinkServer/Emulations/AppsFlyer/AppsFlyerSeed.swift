import OptoLinkHTTP

/// AppsFlyer's part of a seed file: apps, each with its app id, DevKey and OneLink links (seed 003).
///
/// ```json
/// {"apps": [{"appId": "id123456789", "devKey": "w8sZzy8EaPaxFKfaoTqUi6",
///            "appStoreUrl": "https://apps.apple.com/app/id123456789",
///            "links": [{"id": "spring", "mediaSource": "Email", "campaign": "my_new_campaign",
///                       "campaignId": "394a89cf-275a-451b-b030-1c6f8b55ff19",
///                       "customParams": {"fruit_name": "apples", "fruit_amount": "26"},
///                       "afSub1": "my_afsub1", "matchWindowHours": 48}]}]}
/// ```
///
/// The DevKey is the `af_sig` secret: it is read from the seed and kept only as an HMAC key in memory.
struct AppsFlyerSeed: Sendable, Codable, Hashable {
    struct App: Sendable, Codable, Hashable {
        /// The path's `app_id`: `id` and 1–20 digits, as iOS App Store ids (`id123456789`).
        var appId: String
        /// The DevKey `af_sig` is keyed with (16–200 printable ASCII characters without spaces).
        var devKey: String
        /// Where the click page sends the phone ("Get the App").
        var appStoreUrl: String?
        var links: [Link]
    }

    /// A OneLink link: what `click_event` answers about a click on it (the click URL's query adds to it).
    struct Link: Sendable, Codable, Hashable {
        /// The click URL's last segment: 1–64 of `[A-Za-z0-9_-]`, unique within the app.
        var id: String
        /// `media_source` (the click URL's `pid` overrides it).
        var mediaSource: String?
        /// `campaign` (the click URL's `c` overrides it).
        var campaign: String?
        var campaignId: String?
        /// `custom_params` (the click URL's other query parameters add to them).
        var customParams: [String: String]?
        var afSub1: String?
        var afSub2: String?
        var afSub3: String?
        var afSub4: String?
        var afSub5: String?
        /// 1–720; default 24.
        var matchWindowHours: Int?

        /// `af_sub1` … `af_sub5`.
        var afSubs: [String?] { [afSub1, afSub2, afSub3, afSub4, afSub5] }
    }

    var apps: [App]

    /// The demo app. Its DevKey is seed 003's example one, so the seed's example signature
    /// (`2015-01-22T08:45:33.412` + `127.0.0.1`) is accepted as it stands; its `spring` link answers the
    /// seed's `Click_found` example.
    static let demo = AppsFlyerSeed(apps: [
        App(
            appId: "id123456789", devKey: "w8sZzy8EaPaxFKfaoTqUi6",
            appStoreUrl: "https://apps.apple.com/app/id123456789",
            links: [
                Link(
                    id: "spring", mediaSource: "Email", campaign: "my_new_campaign",
                    campaignId: "394a89cf-275a-451b-b030-1c6f8b55ff19",
                    customParams: ["fruit_name": "apples", "fruit_amount": "26"], afSub1: "my_afsub1",
                    afSub2: "my_afsub2",
                    afSub3: "my_afsub3", afSub4: "my_afsub4", afSub5: "my_afsub5", matchWindowHours: 48),
                Link(
                    id: "welcome", mediaSource: "social", campaign: "onboarding", campaignId: nil,
                    customParams: ["deep_link_value": "onboarding/welcome"], matchWindowHours: nil),
                // The demo campaign: `summer` routes to /promo/summer on every service the server speaks
                // (`deep_link_value` is AppsFlyer's in-app destination).
                Link(
                    id: "summer", mediaSource: "Email", campaign: "summer", campaignId: nil,
                    customParams: ["deep_link_value": "promo/summer", "campaign": "summer"], matchWindowHours: 48),
            ])
    ])

    /// The longest `custom_params` name and value a seed may hold.
    static let maxParamNameLength = 64, maxParamValueLength = 1024

    func validate(at place: String) throws(OptoLinkServerError) {
        var appIds = Set<String>()
        for (i, app) in apps.enumerated() {
            let at = "\(place).apps[\(i)]"
            guard AppsFlyerSeed.isAppId(app.appId) else {
                throw .startup("\(at).appId must be id followed by 1–20 digits, such as id123456789")
            }
            guard appIds.insert(app.appId).inserted else {
                throw .startup("\(at).appId \"\(app.appId)\" appears twice")
            }
            guard EmulationSeed.isKeyText(app.devKey) else {
                throw .startup("\(at).devKey must be 16–200 printable characters")
            }
            if let url = app.appStoreUrl, !EmulationSeed.isAbsoluteURL(url) {
                throw .startup("\(at).appStoreUrl is not an absolute URL")
            }
            var ids = Set<String>()
            for (j, link) in app.links.enumerated() {
                let linkAt = "\(at).links[\(j)]"
                guard EmulationSeed.isIdentifier(link.id) else {
                    throw .startup("\(linkAt).id must be 1–64 letters, digits, '-' or '_'")
                }
                guard ids.insert(link.id).inserted else { throw .startup("\(linkAt).id \"\(link.id)\" appears twice") }
                for (name, value) in [
                    ("mediaSource", link.mediaSource), ("campaign", link.campaign), ("campaignId", link.campaignId),
                ]
                    + link.afSubs.enumerated().map({ ("afSub\($0.offset + 1)", $0.element) })
                {
                    if let value, value.utf8.count > AppsFlyerSeed.maxParamValueLength {
                        throw .startup("\(linkAt).\(name) is longer than \(AppsFlyerSeed.maxParamValueLength) bytes")
                    }
                }
                for (name, value) in link.customParams ?? [:] {
                    guard EmulationSeed.isIdentifier(name, max: AppsFlyerSeed.maxParamNameLength),
                        !AppsFlyerClickRoutes.reservedParams.contains(name)
                    else {
                        throw .startup(
                            "\(linkAt).customParams has a bad name \"\(name)\" (1–64 of [A-Za-z0-9_-], not pid, c or "
                                + "af_sub1–5)"
                        )
                    }
                    guard value.utf8.count <= AppsFlyerSeed.maxParamValueLength else {
                        throw .startup(
                            "\(linkAt).customParams.\(name) is longer than \(AppsFlyerSeed.maxParamValueLength) bytes")
                    }
                }
                try EmulationSeed.checkWindow(link.matchWindowHours, at: linkAt)
            }
        }
    }

    /// Whether `text` is `id` and 1–20 ASCII digits.
    static func isAppId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count >= 3 && bytes.count <= 22 && bytes[0] == UInt8(ascii: "i") && bytes[1] == UInt8(ascii: "d")
            && bytes[2...].allSatisfy { (0x30...0x39).contains($0) }
    }
}
