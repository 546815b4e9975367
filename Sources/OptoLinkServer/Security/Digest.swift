import CCrypto

/// SHA-256 and HMAC-SHA256, computed by the system's libcrypto (OpenSSL 3 through `CCrypto`).
///
/// The server hashes with it everywhere: API keys are stored as their SHA-256 (``sha256Hex(_:)``),
/// seeded link ids derive from one, and click records are filed under the HMAC of the client address
/// keyed with the database's secret (``Store/ipHashKey``).
///
/// ```swift
/// let stored = Digest.sha256Hex("opl_sdk_demo_client_key_0000000001")
/// let key = Digest(hmacKey: secret)                  // prepared once
/// let filedUnder = key.hmacHex("198.51.100.23")      // any thread, any time
/// ```
///
/// Safe for concurrent use: a SHA-256 is one `EVP_Digest` call (it makes and frees a context of its
/// own), and an HMAC runs on a private copy (`EVP_MAC_CTX_dup`) of the keyed context made at init,
/// which is only ever read after that. Keying once keeps the HMAC of an address on `/match` and `/data`
/// at one copy instead of re-deriving the key pads on every request (optolink-bench, rows 4a and 4b).
final class Digest: @unchecked Sendable {
    // @unchecked Sendable: `keyed` is set once in init, freed in deinit, and in between only passed to
    // EVP_MAC_CTX_dup, which takes it as `const` and does not modify it (openssl-threads(7): objects are
    // thread-safe as long as the functions called do not modify them).
    private let keyed: OpaquePointer

    /// The number of bytes of a SHA-256 digest or an HMAC-SHA256 tag.
    static let length = 32

    // MARK: SHA-256

    /// The SHA-256 of `bytes` (32 bytes).
    static func sha256(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: length) { out, count in
            var written: UInt32 = 0
            let ok = EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress, &written, sha256Algorithm, nil)
            precondition(ok == 1 && written == UInt32(length), "libcrypto EVP_Digest(SHA256) failed")
            count = length
        }
    }

    /// The SHA-256 of `bytes` (32 bytes).
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// The lower-case hex SHA-256 of the UTF-8 bytes of `text` (64 characters).
    static func sha256Hex(_ text: String) -> String {
        var text = text
        return RandomToken.hex(text.withUTF8 { sha256(UnsafeRawBufferPointer($0)) })
    }

    // MARK: HMAC-SHA256

    /// Prepares HMAC-SHA256 with `hmacKey` (any length; RFC 2104: longer than 64 bytes is hashed first).
    init(hmacKey: [UInt8]) {
        guard let context = EVP_MAC_CTX_new(Digest.hmacAlgorithm) else { preconditionFailure("libcrypto EVP_MAC_CTX_new failed") }
        // A non-null pointer even for an empty key: EVP_MAC_init reads a null key as "keep the previous one".
        let ok = hmacKey.isEmpty
            ? [UInt8(0)].withUnsafeBufferPointer { ccrypto_hmac_sha256_init(context, $0.baseAddress, 0) }
            : hmacKey.withUnsafeBufferPointer { ccrypto_hmac_sha256_init(context, $0.baseAddress, $0.count) }
        precondition(ok == 1, "libcrypto EVP_MAC_init(HMAC, SHA256) failed")
        keyed = context
    }

    deinit { EVP_MAC_CTX_free(keyed) }

    /// The HMAC-SHA256 of `bytes` under this key (32 bytes).
    func hmac(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        guard let context = EVP_MAC_CTX_dup(keyed) else { preconditionFailure("libcrypto EVP_MAC_CTX_dup failed") }
        defer { EVP_MAC_CTX_free(context) }
        return [UInt8](unsafeUninitializedCapacity: Digest.length) { out, count in
            var written = 0
            let ok = EVP_MAC_update(context, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) == 1
                && EVP_MAC_final(context, out.baseAddress, &written, Digest.length) == 1
            precondition(ok && written == Digest.length, "libcrypto HMAC-SHA256 failed")
            count = Digest.length
        }
    }

    /// The HMAC-SHA256 of `bytes` under this key (32 bytes).
    func hmac(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hmac($0) }
    }

    /// The lower-case hex HMAC-SHA256 of the UTF-8 bytes of `text` under this key (64 characters).
    func hmacHex(_ text: String) -> String {
        var text = text
        return RandomToken.hex(text.withUTF8 { hmac(UnsafeRawBufferPointer($0)) })
    }

    /// The HMAC-SHA256 of `message` under `key` (32 bytes), for a key used once.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        Digest(hmacKey: key).hmac(message)
    }

    // MARK: Algorithms

    // nonisolated(unsafe): each is fetched once (a static let initializes exactly once, thread-safely),
    // never freed, and only passed as `const` to libcrypto, which shares fetched algorithms between threads.
    private nonisolated(unsafe) static let sha256Algorithm: OpaquePointer = {
        guard let algorithm = EVP_MD_fetch(nil, "SHA256", nil) else { preconditionFailure("libcrypto has no SHA256") }
        return algorithm
    }()

    private nonisolated(unsafe) static let hmacAlgorithm: OpaquePointer = {
        guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else { preconditionFailure("libcrypto has no HMAC") }
        return algorithm
    }()
}
