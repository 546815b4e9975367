/// The backend's answer to `POST /sdk/identity` and `POST /sdk/identity/clear`.
public struct IdentityBinding: Sendable, Hashable {
    /// The device.
    public var deviceId: String
    /// The bound end user; nil after a clear.
    public var externalId: String?
    /// `boundAt` (identity) or `unboundAt` (clear), ISO-8601 as sent; nil when the backend left it out.
    public var changedAt: String?

    /// Creates a binding answer.
    public init(deviceId: String, externalId: String?, changedAt: String?) {
        self.deviceId = deviceId
        self.externalId = externalId
        self.changedAt = changedAt
    }
}
