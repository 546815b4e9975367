/// The six values of one side of the fingerprint pane, as plain strings.
package struct FingerprintValues: Sendable, Hashable, Codable {
    /// `platform`.
    package var platform: String
    /// `osVersion`.
    package var osVersion: String
    /// `deviceModel`.
    package var deviceModel: String
    /// `language`.
    package var language: String
    /// `timezone`.
    package var timezone: String
    /// Simulated network address (`X-Forwarded-For`).
    package var networkAddress: String

    /// Creates the values of one side.
    package init(
        platform: String, osVersion: String, deviceModel: String, language: String,
        timezone: String, networkAddress: String
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.deviceModel = deviceModel
        self.language = language
        self.timezone = timezone
        self.networkAddress = networkAddress
    }

    /// The demo iPhone the dashboard starts with (both sides start equal: same Wi-Fi).
    package static let demoPhone = FingerprintValues(
        platform: "iOS", osVersion: "17.4", deviceModel: "iPhone15,2", language: "en-US",
        timezone: "Europe/Berlin", networkAddress: "203.0.113.7")

    /// The address used for "another Wi-Fi" when the network is toggled.
    package static let otherNetworkAddress = "198.51.100.23"

    /// Reads or writes one field.
    package subscript(field: FingerprintField) -> String {
        get {
            switch field {
            case .platform: platform
            case .osVersion: osVersion
            case .deviceModel: deviceModel
            case .language: language
            case .timezone: timezone
            case .networkAddress: networkAddress
            }
        }
        set {
            switch field {
            case .platform: platform = newValue
            case .osVersion: osVersion = newValue
            case .deviceModel: deviceModel = newValue
            case .language: language = newValue
            case .timezone: timezone = newValue
            case .networkAddress: networkAddress = newValue
            }
        }
    }
}
