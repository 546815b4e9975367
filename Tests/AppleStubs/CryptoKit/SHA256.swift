// Stub (type-checking only, never linked or run): see HashFunction.swift.

/// Apple: `struct SHA256: HashFunction` (CryptoKit): SHA-2 with a 256-bit digest.
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/cryptokit/sha256
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct SHA256: HashFunction {}
