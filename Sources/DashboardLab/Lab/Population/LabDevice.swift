/// One simulated device, compact (a million installs with their clicks fit in about 130 MB): its role, trait
/// indices into ``LabTraits``, its networks and groups, and its times.
struct LabDevice: Sendable {
    /// Yes/no facts about a device.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// On IPv6: an address of its own, which rotates.
        static let ipv6 = Flags(rawValue: 1)
        /// Safari's clicks go through iCloud Private Relay.
        static let relay = Flags(rawValue: 2)
        /// The click page put its token on the pasteboard.
        static let clipboardWritten = Flags(rawValue: 4)
        /// The user taps Allow Paste.
        static let clipboardAllowed = Flags(rawValue: 8)
        /// The SDK reads the pasteboard at the first launch (by its setting, and in time for `whenAppAsks`).
        static let clipboardRead = Flags(rawValue: 16)
    }

    var role: LabRole
    var flags: Flags = []
    var clickNetwork: LabNetwork = .home
    var launchNetwork: LabNetwork = .home
    /// Indices into ``LabTraits``: the model, the iOS version at the click and at the first open, Safari's and
    /// the app's language and time zone.
    var model: UInt16 = 0
    var version: UInt16 = 0
    var launchVersion: UInt16 = 0
    var language: UInt16 = 0
    var appLanguage: UInt16 = 0
    var timezone: UInt16 = 0
    var appTimezone: UInt16 = 0
    /// Where an IPv6 device is in its address rotation, 0–1.
    var ipv6Phase: Float = 0
    /// The address groups: the home, the office, the carrier NAT address at the click and at the first open,
    /// the relay address.
    var home: UInt32 = 0
    var office: UInt32 = 0
    var pool: UInt32 = 0
    var launchPool: UInt32 = 0
    var relayGroup: UInt32 = 0
    /// Seconds since the lab's start.
    var clickTime: Double = 0
    var launchTime: Double = 0

    /// Whether `flag` is set.
    func has(_ flag: Flags) -> Bool { flags.contains(flag) }
}
