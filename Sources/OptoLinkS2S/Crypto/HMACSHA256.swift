#if canImport(CryptoKit)
internal import CryptoKit
#elseif canImport(CCrypto)
internal import CCrypto
#else
#error("OptoLinkS2S needs the platform's HMAC-SHA256: CryptoKit (Apple) or libcrypto through CCrypto (Linux)")
#endif

/// HMAC-SHA256 (RFC 2104) from the platform, keyed once: `HMAC<SHA256>` of CryptoKit on Apple platforms
/// (iOS 13+, macOS 10.15+), the system's libcrypto (OpenSSL 3, Debian `libssl-dev`, through `CCrypto`) on
/// Linux.
///
/// Not a hand-written primitive: this type only adapts the two platform APIs to one call. A key of any
/// length is accepted (longer than the 64-byte block is hashed first, as RFC 2104 says; both platforms do
/// that themselves).
///
/// On Linux the key is set on a libcrypto context once, at init (the HMAC algorithm is fetched once per
/// process), and each message is hashed on a copy of that context: a one-shot `EVP_Q_mac`, which fetches
/// HMAC and SHA-256 by name and keys a new context on every call, took ~20 µs per signature in
/// a copy of the keyed context a few.
///
/// ```swift
/// let hmac = HMACSHA256(key: Array("key".utf8))      // e.g. once per DevKey
/// HMACSHA256.hex(hmac.authenticationCode(for: Array("text".utf8)))   // 64 lowercase hex digits
/// ```
struct HMACSHA256: Sendable {
    /// The length of a tag, in bytes.
    static let length = 32

    #if canImport(CryptoKit)
    private let key: [UInt8]
    #else
    private let keyed: KeyedContext
    #endif

    /// Prepares HMAC-SHA256 with `key` (any length, empty included).
    init(key: [UInt8]) {
        #if canImport(CryptoKit)
        self.key = key
        #else
        self.keyed = KeyedContext(key: key)
        #endif
    }

    /// The HMAC-SHA256 of `message` under this key (32 bytes). Safe to call from any thread at once.
    func authenticationCode(for message: [UInt8]) -> [UInt8] {
        #if canImport(CryptoKit)
        return Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        #else
        return keyed.authenticationCode(for: message)
        #endif
    }

    /// The bytes as lowercase hexadecimal, two digits per byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

#if !canImport(CryptoKit)
/// A libcrypto HMAC-SHA256 context keyed at init and never changed after: each message is hashed on a
/// copy of it (`EVP_MAC_CTX_dup`), so concurrent callers share nothing that is written.
///
/// `@unchecked Sendable` is safe: `context` is set once in init, freed in deinit, and in between only passed
/// to `EVP_MAC_CTX_dup`, which takes it as `const` and does not modify it (openssl-threads(7): objects are
/// thread-safe as long as the functions called do not modify them).
private final class KeyedContext: @unchecked Sendable {
    private let context: OpaquePointer

    init(key: [UInt8]) {
        guard let context = EVP_MAC_CTX_new(Self.algorithm) else {
            preconditionFailure("libcrypto EVP_MAC_CTX_new(HMAC) failed")
        }
        // A non-null pointer even for an empty key: libcrypto reads a null key as "no key given".
        let keyBytes = key.isEmpty ? [0] : key
        let ok = keyBytes.withUnsafeBufferPointer { ccrypto_hmac_sha256_init(context, $0.baseAddress, key.count) }
        // Only fails when libcrypto itself is broken (no HMAC or SHA-256 in the default provider):
        // nothing a caller could handle, and signing with a wrong tag would be worse than stopping.
        precondition(ok == 1, "libcrypto EVP_MAC_init(HMAC, SHA256) failed")
        self.context = context
    }

    deinit { EVP_MAC_CTX_free(context) }

    func authenticationCode(for message: [UInt8]) -> [UInt8] {
        guard let copy = EVP_MAC_CTX_dup(context) else { preconditionFailure("libcrypto EVP_MAC_CTX_dup failed") }
        defer { EVP_MAC_CTX_free(copy) }
        return [UInt8](unsafeUninitializedCapacity: HMACSHA256.length) { out, count in
            var written = 0
            let ok = message.withUnsafeBufferPointer { bytes in
                (bytes.isEmpty || EVP_MAC_update(copy, bytes.baseAddress, bytes.count) == 1)
                    && EVP_MAC_final(copy, out.baseAddress, &written, HMACSHA256.length) == 1
            }
            precondition(ok && written == HMACSHA256.length, "libcrypto HMAC-SHA256 failed")
            count = HMACSHA256.length
        }
    }

    // nonisolated(unsafe): fetched once (a static let initializes exactly once, thread-safely), never freed,
    // and only passed as `const` to libcrypto, which shares fetched algorithms between threads.
    private nonisolated(unsafe) static let algorithm: OpaquePointer = {
        guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else { preconditionFailure("libcrypto has no HMAC") }
        return algorithm
    }()
}
#endif
