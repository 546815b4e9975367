internal import OptoLinkClientCore

/// Binds this device to the app's user id and unbinds it (`/sdk/identity`), for a registered device
/// (``DeviceRegistration``). The facade has checked that the service binds users, and waits for the launch
/// to settle before calling.
struct IdentitySender: Sendable {
    let provider: any LinkProvider
    let deviceInfo: any DeviceInfoProvider
    /// This install's device id (the ``LaunchCoordinator``'s, replaced by a reset).
    let device: LockedValue<String>
    let registration: DeviceRegistration
    let emit: @Sendable (Diagnostic.Kind) -> Void
    let log: @Sendable (LogLevel, String) -> Void

    /// Binds the device to `externalId`; false (logged) on failure.
    func setIdentity(_ externalId: String) async -> Bool {
        let provider = self.provider
        let deviceInfo = self.deviceInfo
        let device = self.device
        do {
            let binding = try await registration.withRegisteredDevice { () async throws -> IdentityBinding in
                try await provider.setIdentity(
                    externalId: externalId, installID: device.value, fingerprint: deviceInfo.fingerprint())
            }
            emit(.identityChanged(externalId: binding.externalId ?? externalId))
            return true
        } catch {
            if error != .cancelled { log(.error, "setIdentity failed: \(error)") }
            return false
        }
    }

    /// Unbinds the device; false (logged) on failure.
    func clearIdentity() async -> Bool {
        let provider = self.provider
        let device = self.device
        do {
            _ = try await registration.withRegisteredDevice { () async throws -> IdentityBinding in
                try await provider.clearIdentity(installID: device.value)
            }
            emit(.identityChanged(externalId: nil))
            return true
        } catch {
            if error != .cancelled { log(.error, "clearIdentity failed: \(error)") }
            return false
        }
    }
}
