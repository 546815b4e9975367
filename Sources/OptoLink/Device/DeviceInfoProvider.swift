/// Supplies the device traits sent to `/match` and `/sdk/*`: ``FingerprintCollector`` in production,
/// `OptoLinkTesting.FixedDeviceInfo` in tests and simulations.
public protocol DeviceInfoProvider: Sendable {
    /// The current device traits.
    func fingerprint() -> Fingerprint
}
