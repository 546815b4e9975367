/// The attach mode's part of ``DashboardState`` (nil without `--attach`): where it listens, the pairing
/// token, and the apps attached.
public struct AttachState: Sendable, Hashable {
    /// Devices kept on screen (live and gone), oldest first; the oldest gone one makes room.
    public static let maxDevices = AttachRegistry.maxEntries

    /// `host:port` the dashboard listens on (the real port when `--listen` gave 0).
    public var listenAddress: String
    /// The pairing token apps must send.
    public var token: String
    /// The apps, in the order they first attached.
    public var devices: [AttachedDevice] = []
    /// The device the panes show; nil before the first app.
    public var shownKey: Int?

    /// Creates the state of a dashboard that listens and has no app yet.
    public init(listenAddress: String, token: String) {
        self.listenAddress = listenAddress
        self.token = token
    }

    /// The shown device.
    public var shown: AttachedDevice? { shownKey.flatMap { key in devices.first { $0.key == key } } }

    /// The index of device `key`.
    public func index(of key: Int) -> Int? { devices.firstIndex { $0.key == key } }

    /// How many are connected.
    public var liveCount: Int { devices.filter(\.isLive).count }
}
