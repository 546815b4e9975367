import Foundation
import OptoLinkHTTP

/// The emulated AppsFlyer S2S deep-link API (seed 003): apps with their app id, DevKey and OneLink links,
/// and each app's click records. Built once from the seed; only the click records change.
package final class AppsFlyerEmulation: Sendable {
    /// An app: its id, the HMAC key `af_sig` is checked with, and the click page's target.
    struct App: Sendable {
        var appId: String
        /// The DevKey as an HMAC-SHA256 key (the raw DevKey is not kept).
        var signer: Digest
        var appStoreUrl: String?
    }

    /// A OneLink link.
    struct Link: Sendable, Hashable {
        var appId: String
        var id: String
        var mediaSource: String?
        var campaign: String?
        var campaignId: String?
        var customParams: [String: String]
        var afSubs: [String?]
        var windowHours: Int

        /// The id click records carry: `af:<app_id>/<link id>`.
        var linkId: String { "af:\(appId)/\(id)" }
    }

    let apps: [String: App]
    /// Links by `linkId`.
    let links: [String: Link]
    /// Click records per app id.
    private let clicks: [String: EmulatedClickStore]

    /// `makeClicks` makes each app's click records, given the engine's scope name.
    init(seed: AppsFlyerSeed, clicks makeClicks: (String) -> EmulatedClickStore = { _ in EmulatedClickStore() }) {
        var apps = [String: App]()
        var links = [String: Link]()
        var clicks = [String: EmulatedClickStore]()
        for app in seed.apps {
            apps[app.appId] = App(
                appId: app.appId, signer: Digest(hmacKey: Array(app.devKey.utf8)), appStoreUrl: app.appStoreUrl)
            clicks[app.appId] = makeClicks("appsflyer:" + app.appId)
            for link in app.links {
                let value = Link(
                    appId: app.appId, id: link.id, mediaSource: link.mediaSource, campaign: link.campaign,
                    campaignId: link.campaignId, customParams: link.customParams ?? [:], afSubs: link.afSubs,
                    windowHours: link.matchWindowHours ?? 24)
                links[value.linkId] = value
            }
        }
        self.apps = apps
        self.links = links
        self.clicks = clicks
    }

    /// The link `id` of app `appId`.
    func link(appId: String, id: String) -> Link? { links["af:\(appId)/\(id)"] }

    /// The click records of an app.
    func clicks(appId: String) -> EmulatedClickStore? { clicks[appId] }

    /// What a click on `link` answers as `click_event` (without `timestamp` and `match_type`, which the
    /// answer adds): the link's fields, overridden and extended by the click URL's query (``Overrides``).
    static func clickFields(_ link: Link, overrides: Overrides) -> [String: JSON] {
        var custom = link.customParams.mapValues(JSON.string)
        for (name, value) in overrides.customParams { custom[name] = .string(value) }
        var fields: [String: JSON] = [
            "media_source": (overrides.mediaSource ?? link.mediaSource).map(JSON.string) ?? .null,
            "campaign": (overrides.campaign ?? link.campaign).map(JSON.string) ?? .null,
            "campaign_id": link.campaignId.map(JSON.string) ?? .null,
            "click_http_referrer": overrides.referrer.map(JSON.string) ?? .null,
            "custom_params": .object(custom),
        ]
        for i in 0..<5 { fields["af_sub\(i + 1)"] = (overrides.afSubs[i] ?? link.afSubs[i]).map(JSON.string) ?? .null }
        return fields
    }

    /// What a click URL's query and headers change in a click event.
    struct Overrides: Sendable, Hashable {
        var mediaSource: String?
        var campaign: String?
        var afSubs: [String?] = [nil, nil, nil, nil, nil]
        var customParams: [String: String] = [:]
        var referrer: String?
    }

    /// Records a click on `link`.
    func recordClick(
        on link: Link, overrides: Overrides, ipHash: String, fingerprint: ClickFingerprint, at recordedAt: Date,
        now: Date
    ) -> MatchRecord? {
        clicks[link.appId]?.record(
            linkId: link.linkId, code: link.id, path: link.id, params: Self.clickFields(link, overrides: overrides),
            windowHours: link.windowHours, ipHash: ipHash, fingerprint: fingerprint, at: recordedAt, now: now)
    }

    /// The answer to a deep-link request: `{found: false, click_event: {}}`, or the click's event with its
    /// `timestamp` (AppsFlyer's format) and `match_type: probabilistic` (every match this emulation makes
    /// compares the address and the device's fields; it has no id, referrer or SRN matching).
    static func answer(_ record: MatchRecord?) -> JSON {
        guard let record else { return .object(["found": .bool(false), "click_event": .object([:])]) }
        var event = record.params
        event["timestamp"] = .string(timestamp(record.recordedAt))
        event["match_type"] = .string("probabilistic")
        return .object(["found": .bool(true), "click_event": .object(event)])
    }

    /// `2020-04-22T08:45:33.412`: UTC with milliseconds and no zone letter, as seed 003's examples.
    static func timestamp(_ date: Date) -> String { String(ISOTime.string(date).dropLast()) }

    /// What a click on a OneLink records: the headers' fingerprint with the device family its User-Agent
    /// names as the model.
    package static func clickFingerprint(userAgent: String?, acceptLanguage: String?) -> ClickFingerprint {
        var fingerprint = ClickFingerprint.headers(userAgent: userAgent, acceptLanguage: acceptLanguage)
        fingerprint.deviceModel = family(userAgent: userAgent)
        return fingerprint
    }

    /// What an S2S request's body gives the engine: platform iOS, `os`, `lang`, and `type`'s device family.
    package static func launchFingerprint(os: String, lang: String, type: String) -> ClickFingerprint {
        ClickFingerprint(platform: "iOS", osVersion: os, deviceModel: family(type: type), language: lang, timezone: nil)
    }

    /// The device family a click's User-Agent names (`iPhone`, `iPad`, `iPod`), as the engine's device
    /// model; nil for anything else.
    static func family(userAgent: String?) -> String? {
        guard let userAgent else { return nil }
        return ["iPad", "iPod", "iPhone"].first { userAgent.contains($0) }
    }

    /// The device family a request's `type` names: its leading letters (`iPhone14,2` → `iPhone`), so the
    /// click page's family and the app's model compare; nil when it starts with none.
    static func family(type: String) -> String? {
        let letters = type.unicodeScalars.prefix { $0.isASCII && $0.properties.isAlphabetic }
        return letters.isEmpty ? nil : String(String.UnicodeScalarView(letters))
    }
}
