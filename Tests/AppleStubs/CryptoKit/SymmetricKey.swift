// Stub (type-checking only, never linked or run): see HashFunction.swift.
import Foundation

/// Apple: `struct SymmetricKey: ContiguousBytes` (CryptoKit): a symmetric cryptographic key. Not declared
/// `Sendable` here (OptoLinkS2S keeps the key's bytes, which are, and makes the key per call).
/// iOS 13.0+, macOS 10.15+, tvOS 13.0+, watchOS 6.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/cryptokit/symmetrickey
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct SymmetricKey: ContiguousBytes {
    /// Apple: `init<D>(data: D) where D: ContiguousBytes`. iOS 13.0+.
    /// https://developer.apple.com/documentation/cryptokit/symmetrickey/init(data:)
    public init<D: ContiguousBytes>(data: D) { fatalError("Apple stub: never run") }

    /// Apple: `func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R`. iOS 13.0+.
    /// https://developer.apple.com/documentation/cryptokit/symmetrickey/withunsafebytes(_:)
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        fatalError("Apple stub: never run")
    }
}
