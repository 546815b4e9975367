/// Hashes that are the same on every run and every machine (Swift's `Hasher` is seeded per process): the
/// shard an address falls in, and the digest a clipboard token is compared by.
package enum ReplayHash {
    /// FNV-1a (64 bits) of `bytes`.
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A second 64-bit hash, independent of ``fnv1a(_:)`` (a multiply and xor-shift per byte, then a final mix).
    package static func mix(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// The shard (0 ..< `count`) of an address: FNV-1a of its bytes, modulo `count`.
    package static func shard(ofAddress address: some Sequence<UInt8>, count: Int) -> Int {
        Int(fnv1a(address) % UInt64(max(1, count)))
    }
}
