import OptoLink

/// Feeds what a simulated device does into the dashboard: every diagnostic (seam 1), the device profile
/// after the diagnostics that change it, and the server's match-attempt breakdown after each match result.
package struct DeviceObserver: Sendable {
    /// Where the actions go (the app's inbox, or the headless printer).
    package let emit: @Sendable (DashboardAction) -> Void
    /// The backend to ask `/dev/match-attempts` after each match; nil = do not ask.
    package let breakdowns: BackendClient?
    /// Whether to send profile updates.
    package let profiles: Bool

    /// Creates an observer.
    package init(emit: @escaping @Sendable (DashboardAction) -> Void, breakdowns: BackendClient?, profiles: Bool) {
        self.emit = emit
        self.breakdowns = breakdowns
        self.profiles = profiles
    }

    /// Handles one diagnostic of `device`.
    package func observe(_ device: SimulatedDevice, _ record: RecordedDiagnostic) async {
        if let exchange = record.exchange { emit(.exchangeRecorded(exchange)) }
        emit(.diagnostic(record.event, time: record.time))
        switch record.kind {
        case .matchResult:
            if profiles { emit(.deviceProfileChanged(await device.profile())) }
            if let breakdowns {
                let id = await device.deviceId
                do {
                    emit(
                        .matchAttemptsLoaded(
                            try await breakdowns.matchAttempts(deviceId: id, address: device.networkAddress)))
                } catch {
                    emit(.log(.warning, "match breakdown unavailable: \(error)"))
                }
            }
        case .sessionRegistered, .identityChanged, .eventQueued, .eventSent, .eventDropped, .linkDelivered:
            if profiles { emit(.deviceProfileChanged(await device.profile())) }
        default:
            break
        }
    }
}
