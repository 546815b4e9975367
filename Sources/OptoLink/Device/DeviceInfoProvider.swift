/// Supplies the device traits sent to `/match` and `/sdk/*` (and a provider's deferred request):
/// ``FingerprintCollector`` in production, `OptoLinkTesting.FixedDeviceInfo` in tests and simulations.
public protocol DeviceInfoProvider: Sendable {
    /// The current device traits.
    func fingerprint() -> Fingerprint

    /// The main screen in pixels, when there is one (Deep Blue Links' check-deferred sends it; OptoLink
    /// never does: its matching leaves screens out). The default is nil.
    func screen() async -> DeviceScreen?
}

extension DeviceInfoProvider {
    /// No screen.
    public func screen() async -> DeviceScreen? { nil }
}
