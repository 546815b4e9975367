/// Which side of the fingerprint pane: the app (SDK) or the browser that clicks the link.
package enum FingerprintSide: Int, Sendable, Hashable, CaseIterable {
    /// What the SDK reports from the simulated device.
    case app
    /// What the browser reports when it clicks a link (sent to `/dev/deferred/simulate`).
    case browser

    /// The column heading.
    package var title: String { self == .app ? "app" : "browser" }
}
