#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 network in CIDR form (`10.0.0.0/8`, `2001:db8::/32`, or one address: `127.0.0.1`
/// is `/32`, `::1` is `/128`): the proxies whose `X-Forwarded-For` entries the server skips.
struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes (4 for IPv4, 16 for IPv6), host bits cleared.
    private let network: [UInt8]
    /// Leading bits that must match.
    let prefixLength: Int

    /// Parses `text`; nil when it is not an address with an optional `/prefix` in range.
    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = AddressRange.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        var length = bits
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ (48...57).contains($0) }), parts[1].count <= 3,
                let n = Int(parts[1]), n <= bits
            else { return nil }
            length = n
        }
        network = AddressRange.masked(address, length)
        prefixLength = length
    }

    /// Whether `address` (text, as a peer or an `X-Forwarded-For` entry) is inside the network.
    func contains(_ address: String) -> Bool {
        guard let bytes = AddressRange.bytes(of: address), bytes.count == network.count else { return false }
        return AddressRange.masked(bytes, prefixLength) == network
    }

    /// `network/prefix`.
    var description: String {
        var text = [CChar](repeating: 0, count: 64)
        var bytes = network
        _ = inet_ntop(network.count == 4 ? AF_INET : AF_INET6, &bytes, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            + "/\(prefixLength)"
    }

    /// The bytes of an IPv4 address (4) or an IPv6 one (16; an IPv4-mapped `::ffff:a.b.c.d` gives the 4 IPv4 bytes).
    static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff { return Array(bytes[12...]) }
        return bytes
    }

    private static func masked(_ bytes: [UInt8], _ length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let keep = max(0, min(8, length - index * 8))
            return keep == 8 ? byte : byte & ~(UInt8(0xff) >> keep)
        }
    }
}
