/// The decomposed fingerprint of a click or a match request (no raw User-Agent). Any field may be
/// unknown; an unknown field never matches.
package struct ClickFingerprint: Sendable, Hashable {
    /// ua-parser's platform label (`iOS`, `Android`, …).
    package var platform: String?
    /// The OS version, e.g. `17.4.1`.
    package var osVersion: String?
    /// The device model, e.g. `iPhone16,1` (never known from a browser).
    package var deviceModel: String?
    /// The first language tag, e.g. `en-US`.
    package var language: String?
    /// The IANA time zone, e.g. `Europe/Berlin`.
    package var timezone: String?

    /// A fingerprint; a field not given is unknown.
    package init(
        platform: String? = nil, osVersion: String? = nil, deviceModel: String? = nil, language: String? = nil,
        timezone: String? = nil
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.language = language
        self.timezone = timezone
    }

    /// What a click page reads from a browser's headers: platform and OS version from the User-Agent,
    /// language from Accept-Language (as OptoLink's redirect page and the emulated click pages record a click).
    package static func headers(userAgent: String?, acceptLanguage: String?) -> ClickFingerprint {
        let (platform, osVersion) = UserAgentParser.parse(userAgent)
        return ClickFingerprint(
            platform: platform, osVersion: osVersion, deviceModel: nil,
            language: UserAgentParser.language(acceptLanguage), timezone: nil)
    }
}
