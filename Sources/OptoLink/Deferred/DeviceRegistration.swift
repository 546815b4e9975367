import Foundation
internal import OptoLinkClientCore

/// Whether the backend knows this device, and making sure it does before a call that needs it.
///
/// `/sdk/session` goes one at a time (concurrent callers share the request); a success, or a `/match` or
/// `/data` that went with the device id (``markRegistered()``), is remembered in the store under ``key`` for
/// that device id. ``withRegisteredDevice(_:)`` registers first when the backend does not know the device
/// yet, so it never answers 404; if it does anyway (its data was reset), the session is registered again and
/// the call repeated once. Services without sessions register nothing.
actor DeviceRegistration {
    /// The store key remembering which device id the backend knows.
    static let key = "optolink_registered_device"

    private let provider: any LinkProvider
    private let store: any KeyValueStore
    private let deviceInfo: any DeviceInfoProvider
    /// This install's device id (the ``LaunchCoordinator``'s, replaced by a reset).
    private let device: LockedValue<String>
    private let privacy: PrivacySwitch
    private let emit: @Sendable (Diagnostic.Kind) -> Void
    private let log: @Sendable (LogLevel, String) -> Void
    /// The `/sdk/session` request in flight, shared by concurrent callers.
    private var registration: Task<Result<Void, OptoLinkError>, Never>?
    /// Whether `/sdk/session` was sent for this device in this launch (the session rule sends it once).
    private var sessionSent = false
    private var isShutDown = false

    init(
        provider: any LinkProvider, store: any KeyValueStore, deviceInfo: any DeviceInfoProvider,
        device: LockedValue<String>, privacy: PrivacySwitch, emit: @escaping @Sendable (Diagnostic.Kind) -> Void,
        log: @escaping @Sendable (LogLevel, String) -> Void
    ) {
        self.provider = provider
        self.store = store
        self.deviceInfo = deviceInfo
        self.device = device
        self.privacy = privacy
        self.emit = emit
        self.log = log
    }

    /// Whether the backend knows the current device id.
    nonisolated var isRegistered: Bool {
        store.string(forKey: Self.key) == device.value
    }

    /// Remembers that the backend knows the current device id (a `/match` or `/data` with it succeeded).
    nonisolated func markRegistered() {
        if !isRegistered { store.set(device.value, forKey: Self.key) }
    }

    /// The session rule's `/sdk/session`: sent unless one was already sent for this device in this launch.
    func registerUnlessSent() async {
        guard !sessionSent else { return }
        _ = await register()
    }

    /// Runs `call`, registering the device first when needed and once more after a 404. Not after shutdown
    /// or while the SDK is disabled (``OptoLinkError/cancelled``: no `/sdk/*` call then).
    /// (`call` throws untyped: typed-throws function types need newer Apple runtimes than iOS 13.)
    func withRegisteredDevice<T: Sendable>(_ call: @Sendable () async throws -> T) async throws(OptoLinkError) -> T {
        // Disabled: no /sdk/* call (the facade checks first; this catches a switch during the wait).
        guard !isShutDown, privacy.isEnabled else { throw .cancelled(nil) }
        try await ensureRegistered()
        do {
            return try await call()
        } catch {
            let error = Self.wrap(error)
            guard provider.hasSessions, error == .httpStatus, error.status == 404 else { throw error }
        }
        store.removeValue(forKey: Self.key)
        try await register().get()
        do {
            return try await call()
        } catch {
            throw Self.wrap(error)
        }
    }

    /// A reset forgot the device: the next launch's rule may send `/sdk/session` again for the new one.
    func forgetSession() {
        sessionSent = false
    }

    /// Cancels the registration in flight; no `/sdk/*` call after this.
    func shutdown() {
        isShutDown = true
        registration?.cancel()
    }

    /// Registers a session when the backend does not know this device yet.
    private func ensureRegistered() async throws(OptoLinkError) {
        guard provider.hasSessions, !isRegistered else { return }
        try await register().get()
    }

    /// Sends `/sdk/session` (one at a time: concurrent callers share the request).
    private func register() async -> Result<Void, OptoLinkError> {
        if let registration { return await registration.value }
        sessionSent = true
        let deviceId = device.value
        let provider = self.provider
        let deviceInfo = self.deviceInfo
        let emit = self.emit
        let task = Task { () -> Result<Void, OptoLinkError> in
            do throws(OptoLinkError) {
                let info = try await provider.registerSession(
                    installID: deviceId, fingerprint: deviceInfo.fingerprint())
                emit(
                    .sessionRegistered(
                        deviceId: info.deviceId, firstSeenAt: info.firstSeenAt, lastSeenAt: info.lastSeenAt))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        registration = task
        let result = await task.value
        registration = nil
        switch result {
        case .success: markRegistered()
        case .failure(let error): if error != .cancelled { log(.warning, "Session registration failed: \(error)") }
        }
        return result
    }

    private static func wrap(_ error: any Error) -> OptoLinkError {
        (error as? OptoLinkError) ?? .transport(error)
    }
}
