import OptoLink
import OptoLinkInspectorWire

/// One app attached to the dashboard (or that was, until cleared).
package struct AttachedDevice: Sendable, Hashable {
    /// The dashboard's key for it.
    package var key: Int
    /// What it said when it last attached.
    package var hello: InspectorHello
    /// Its address as the dashboard sees it.
    package var peer: String
    /// Whether it is connected now.
    package var isLive: Bool
    /// Why it went, when it is gone.
    package var goneReason: String?
    /// Diagnostics its inspector reported dropped.
    package var dropped = 0
    /// Its panes while another device is shown; nil while it is the shown one.
    package var panes: DevicePanes?

    /// Creates a device.
    package init(
        key: Int, hello: InspectorHello, peer: String, isLive: Bool = true, panes: DevicePanes? = DevicePanes()
    ) {
        self.key = key
        self.hello = hello
        self.peer = peer
        self.isLive = isLive
        self.panes = panes
    }

    /// `3f2a1b2c` (the first 8 characters of the device id).
    package var shortID: String { String(hello.deviceId.prefix(8)) }

    /// One line for the device list and the log: id, app, platform, SDK, address.
    package var summary: String {
        "\(shortID) \(hello.app) · \(hello.sdkPlatform) SDK \(hello.sdkVersion) · "
            + "\(hello.orgKey)@\(hello.baseURLHost) · from \(peer)"
    }
}
