/// The key of an address's candidate lists: the address hash (`Backend.ipHash`, 64 hex digits of an
/// HMAC-SHA256, so uniformly distributed), hashed by its first 16 bytes instead of all 64.
///
/// Every match looks up its address several times (purge, candidates, the chosen record), and hashing
/// the whole 64-byte string was the largest single cost of a match. Equality still
/// compares the whole string, so any string works as a key (short ones are hashed whole).
package struct AddressKey: Hashable, Sendable {
    /// The address hash.
    let ipHash: String

    init(_ ipHash: String) {
        self.ipHash = ipHash
    }

    package static func == (lhs: AddressKey, rhs: AddressKey) -> Bool {
        lhs.ipHash == rhs.ipHash
    }

    package func hash(into hasher: inout Hasher) {
        // `withUTF8` (on a copy: it may need to make a bridged string contiguous) reads the same bytes for
        // every equal string, so equal keys always hash alike; a native string is not copied.
        var copy = ipHash
        let hashedPrefix: Bool = copy.withUTF8 { bytes in
            guard bytes.count >= 16 else { return false }
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            hasher.combine(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            return true
        }
        if !hashedPrefix { hasher.combine(ipHash) }
    }
}
