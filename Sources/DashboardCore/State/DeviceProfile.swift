/// What the dashboard shows about the simulated device (the "Device profile" pane).
///
/// ``DeviceObserver`` and ``DashboardRuntime`` feed it with ``DashboardAction/deviceProfileChanged(_:)``
/// (from the simulated device's
/// store and pasteboard) and the reducer keeps parts of it up to date from SDK diagnostics
/// (session registered, identity changed, event queued/sent).
package struct DeviceProfile: Sendable, Hashable, Codable {
    /// The SDK's device id; empty before the first launch.
    package var deviceId: String
    /// 1 for the first install, incremented by every reinstall.
    package var installNumber: Int
    /// True until the first launch has run its deferred-link sequence.
    package var isFirstLaunch: Bool
    /// Session `firstSeenAt` from `POST /sdk/session` (ISO-8601), nil before a session.
    package var firstSeenAt: String?
    /// Session `lastSeenAt` from `POST /sdk/session` (ISO-8601), nil before a session.
    package var lastSeenAt: String?
    /// The bound external identity, nil when none.
    package var identity: String?
    /// The simulated pasteboard's content, nil when empty.
    package var clipboard: String?
    /// Whether the SDK may read the pasteboard (`clipboardEnabled`).
    package var clipboardReadingEnabled: Bool
    /// Events waiting in the SDK's queue.
    package var queuedEvents: Int

    /// Creates a profile; every field has the value of a device that never ran the app.
    package init(
        deviceId: String = "", installNumber: Int = 1, isFirstLaunch: Bool = true,
        firstSeenAt: String? = nil, lastSeenAt: String? = nil, identity: String? = nil,
        clipboard: String? = nil, clipboardReadingEnabled: Bool = true, queuedEvents: Int = 0
    ) {
        self.deviceId = deviceId
        self.installNumber = installNumber
        self.isFirstLaunch = isFirstLaunch
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
        self.identity = identity
        self.clipboard = clipboard
        self.clipboardReadingEnabled = clipboardReadingEnabled
        self.queuedEvents = queuedEvents
    }
}
