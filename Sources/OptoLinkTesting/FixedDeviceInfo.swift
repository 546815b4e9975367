import OptoLink

/// A ``DeviceInfoProvider`` that always reports the same fingerprint.
public struct FixedDeviceInfo: DeviceInfoProvider {
    /// The fingerprint reported.
    public var value: Fingerprint

    /// Reports `fingerprint`.
    public init(_ fingerprint: Fingerprint) {
        self.value = fingerprint
    }

    /// An iPhone 15 Pro on iOS 17.4.1, `en-US`, `America/New_York`.
    public static let iPhone = FixedDeviceInfo(
        Fingerprint(platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US", timezone: "America/New_York"))

    /// ``value``.
    public func fingerprint() -> Fingerprint { value }
}
