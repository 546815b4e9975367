// Stub (type-checking only, never linked or run): CryptoKit's HMAC-SHA256, as OptoLinkS2S uses it
// (Sources/OptoLinkS2S/Crypto/HMACSHA256.swift). On Apple platforms CryptoKit does not re-export Foundation;
// this stub imports it only for `ContiguousBytes` and `DataProtocol`.
import Foundation

/// Apple: `protocol HashFunction` (CryptoKit): a cryptographically secure hash function. Apple's requires
/// `init()`, `update(bufferPointer:)`, `finalize()` and a `Digest`; OptoLinkS2S only names ``SHA256`` as
/// `HMAC`'s generic argument, so the stub declares none of them.
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/cryptokit/hashfunction
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol HashFunction {}
