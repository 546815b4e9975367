// Stub (type-checking only, never linked or run): see HashFunction.swift.
import Foundation

/// Apple: `struct HMAC<H> where H: HashFunction` (CryptoKit): a hash-based message authentication algorithm.
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/cryptokit/hmac
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct HMAC<H: HashFunction> {
    /// Apple: `static func authenticationCode<D>(for data: D, using key: SymmetricKey) -> HMAC<H>.MAC where
    /// D: DataProtocol` (`MAC` is `HashedAuthenticationCode<H>`). iOS 13.0+.
    /// https://developer.apple.com/documentation/cryptokit/hmac/authenticationcode(for:using:)
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey)
        -> HashedAuthenticationCode<H>
    {
        fatalError("Apple stub: never run")
    }
}
