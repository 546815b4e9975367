/// The attach mode's part of ``DashboardState`` (nil without `--attach`): where it listens, the pairing
/// token, and the apps attached.
package struct AttachState: Sendable, Hashable {
    /// Devices kept on screen (live and gone), oldest first; the oldest gone one makes room.
    package static let maxDevices = AttachRegistry.maxEntries

    /// `host:port` the dashboard listens on (the real port when `--listen` gave 0).
    package var listenAddress: String
    /// The pairing token apps must send.
    package var token: String
    /// The apps, in the order they first attached.
    package var devices: [AttachedDevice] = []
    /// The device the panes show; nil before the first app.
    package var shownKey: Int?

    /// Creates the state of a dashboard that listens and has no app yet.
    package init(listenAddress: String, token: String) {
        self.listenAddress = listenAddress
        self.token = token
    }

    /// The shown device.
    package var shown: AttachedDevice? { shownKey.flatMap { key in devices.first { $0.key == key } } }

    /// The index of device `key`.
    package func index(of key: Int) -> Int? { devices.firstIndex { $0.key == key } }

    /// How many are connected.
    package var liveCount: Int { devices.filter(\.isLive).count }
}
