// Stub (type-checking only, never linked or run): see HashFunction.swift.
import Foundation

/// Apple: `struct HashedAuthenticationCode<H> where H: HashFunction` (CryptoKit): HMAC's code, a
/// `MessageAuthenticationCode` (`Hashable`, `ContiguousBytes`, `CustomStringConvertible`, and a `Sequence`
/// of `UInt8`). The stub declares the `Sequence` OptoLinkS2S reads it as (`Array(code)`).
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/cryptokit/hashedauthenticationcode
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct HashedAuthenticationCode<H: HashFunction>: Sequence {
    /// Apple: `func makeIterator() -> Array<UInt8>.Iterator`. iOS 13.0+.
    /// https://developer.apple.com/documentation/cryptokit/hashedauthenticationcode/makeiterator()
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError("Apple stub: never run") }
}
