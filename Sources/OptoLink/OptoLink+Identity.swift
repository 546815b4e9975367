import Foundation

/// Identity: binding the device to the app's own user id, where the service does.
extension OptoLink {
    // MARK: Identity

    /// Binds this device to your user id (1–255 characters). Registers a session first when the backend
    /// does not know the device yet, so there is no 404. Returns false on failure (logged).
    ///
    /// While the SDK is disabled (``setEnabled(_:)``) nothing is sent and this returns false. OptoLink only:
    /// with another service it sends nothing, logs ``OptoLinkError/unsupportedByService`` and returns false.
    @discardableResult
    public func setIdentity(_ externalId: String) async -> Bool {
        guard !shutdownFlag.isSet, supports(provider.hasIdentity, "setIdentity", lacking: Self.noIdentity) else {
            return false
        }
        guard (1...255).contains(externalId.utf16.count) else {
            log(.error, "setIdentity refused: externalId must be 1–255 characters, got \(externalId.utf16.count)")
            return false
        }
        guard privacy.isEnabled else {
            log(.info, "setIdentity skipped: the SDK is disabled (setEnabled(false))")
            return false
        }
        guard await coordinator.awaitLaunch() else { return false }
        return await coordinator.identity.setIdentity(externalId)
    }

    /// Unbinds this device from any user. Returns false on failure (logged), and while the SDK is
    /// disabled (nothing is sent). OptoLink only, as ``setIdentity(_:)``.
    @discardableResult
    public func clearIdentity() async -> Bool {
        guard !shutdownFlag.isSet, supports(provider.hasIdentity, "clearIdentity", lacking: Self.noIdentity) else {
            return false
        }
        guard privacy.isEnabled else {
            log(.info, "clearIdentity skipped: the SDK is disabled (setEnabled(false))")
            return false
        }
        guard await coordinator.awaitLaunch() else { return false }
        return await coordinator.identity.clearIdentity()
    }
}
