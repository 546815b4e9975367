/// The addresses a population's devices use, one range per kind of network so a CSV reader can tell them
/// apart: homes in 10.0.0.0/8 (and up), offices in 172.16.0.0/12, carrier NAT addresses in 100.64.0.0/10,
/// Private Relay addresses in 198.18.0.0/15, IPv6 in 2001:db8::/32.
enum LabAddress {
    /// Home `group`'s address.
    static func home(_ group: UInt32) -> String { dotted(10 << 24 &+ group) }

    /// Office `group`'s address.
    static func office(_ group: UInt32) -> String { dotted(172 << 24 | 16 << 16 | group & 0xF_FFFF) }

    /// Carrier NAT address `pool`.
    static func carrier(_ pool: UInt32) -> String { dotted(100 << 24 | 64 << 16 | pool & 0x3F_FFFF) }

    /// Relay address `group`.
    static func relay(_ group: UInt32) -> String { dotted(198 << 24 | 18 << 16 | group & 0x1_FFFF) }

    /// A device's IPv6 temporary address on a kind of network during rotation `epoch`.
    static func ipv6(network: LabNetwork, device: Int, epoch: Int) -> String {
        func hex(_ value: Int) -> String { String(value & 0xFFFF, radix: 16) }
        return "2001:db8:\(network.rawValue + 1):\(hex(device >> 16)):\(hex(device)):\(hex(epoch))::1"
    }

    private static func dotted(_ value: UInt32) -> String {
        "\(value >> 24).\(value >> 16 & 255).\(value >> 8 & 255).\(value & 255)"
    }
}
