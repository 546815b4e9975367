import OptoLink

/// A ``DeviceInfoProvider`` that always reports the same fingerprint.
public struct FixedDeviceInfo: DeviceInfoProvider {
    /// The fingerprint reported.
    public var value: Fingerprint
    /// The screen reported (pixels), if any.
    public var screenSize: DeviceScreen?

    /// Reports `fingerprint` and `screen`.
    public init(_ fingerprint: Fingerprint, screen: DeviceScreen? = nil) {
        self.value = fingerprint
        self.screenSize = screen
    }

    /// An iPhone 15 Pro on iOS 17.4.1, `en-US`, `America/New_York`, 393 × 852 points at scale 3 (1179 × 2556 pixels).
    public static let iPhone = FixedDeviceInfo(
        Fingerprint(
            platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US",
            timezone: "America/New_York"),
        screen: DeviceScreen(points: 393, 852, scale: 3))

    /// ``value``.
    public func fingerprint() -> Fingerprint { value }

    /// ``screenSize``.
    public func screen() async -> DeviceScreen? { screenSize }
}
