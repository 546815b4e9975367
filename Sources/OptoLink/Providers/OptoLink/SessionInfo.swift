/// The backend's answer to `POST /sdk/session`.
public struct SessionInfo: Sendable, Hashable {
    /// The device id the backend registered.
    public var deviceId: String
    /// When the backend first saw the device (ISO-8601, as sent).
    public var firstSeenAt: String
    /// When the backend last saw the device (ISO-8601, as sent).
    public var lastSeenAt: String

    /// Creates a session answer.
    public init(deviceId: String, firstSeenAt: String, lastSeenAt: String) {
        self.deviceId = deviceId
        self.firstSeenAt = firstSeenAt
        self.lastSeenAt = lastSeenAt
    }
}
