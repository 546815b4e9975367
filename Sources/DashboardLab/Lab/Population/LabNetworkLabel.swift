/// How the report groups an install by network: the first that applies of Private Relay on the click, IPv6, a
/// switch between Wi-Fi and cellular, then the kind of network of the first open.
package enum LabNetworkLabel: String, Sendable, Hashable, CaseIterable {
    /// Safari's click came through iCloud Private Relay (the first open from the device's own address).
    case relay
    /// The device is on IPv6: an address of its own, which rotates.
    case ipv6
    /// Clicked on Wi-Fi and first opened on cellular, or the reverse.
    case switched
    /// A home Wi-Fi.
    case home
    /// An office or campus Wi-Fi.
    case office
    /// Cellular behind the carrier's NAT (its address may have changed between click and first open).
    case cellular
}
