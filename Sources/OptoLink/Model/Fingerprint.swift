/// The device traits `/match` compares with the browser click, in the browser's formats.
///
/// Collected by ``FingerprintCollector`` (or a ``DeviceInfoProvider`` you supply). Screen size is left
/// out on purpose: CSS pixels and physical pixels never agree.
public struct Fingerprint: Sendable, Hashable, Codable {
    /// `"iOS"` on iOS (the label the backend's user-agent parser uses).
    public var platform: String
    /// The OS version as `UIDevice.systemVersion` writes it, e.g. `"17.4.1"` or `"17.4"`.
    public var osVersion: String
    /// The hardware model from `utsname.machine`, e.g. `"iPhone16,1"`.
    public var deviceModel: String
    /// The preferred language, hyphenated: `"en-US"`.
    public var language: String
    /// The IANA time zone: `"America/New_York"`.
    public var timezone: String

    /// Creates a fingerprint.
    public init(platform: String, osVersion: String, deviceModel: String, language: String, timezone: String) {
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.language = language
        self.timezone = timezone
    }
}
