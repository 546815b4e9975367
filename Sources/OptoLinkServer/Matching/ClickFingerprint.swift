/// The decomposed fingerprint of a click or a match request (no raw User-Agent). Any field may be
/// unknown; an unknown field never matches.
struct ClickFingerprint: Sendable, Hashable {
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
    var language: String?
    var timezone: String?

    /// What a click page reads from a browser's headers: platform and OS version from the User-Agent,
    /// language from Accept-Language (as OptoLink's redirect page and the emulated click pages record a click).
    static func headers(userAgent: String?, acceptLanguage: String?) -> ClickFingerprint {
        let (platform, osVersion) = UserAgentParser.parse(userAgent)
        return ClickFingerprint(
            platform: platform, osVersion: osVersion, deviceModel: nil,
            language: UserAgentParser.language(acceptLanguage), timezone: nil)
    }
}
