import CCrypto
import OptoLinkHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// own), and an HMAC runs on a context of the calling thread's own: a copy (`EVP_MAC_CTX_dup`) of the
/// keyed context made at init, kept per thread and rewound to the key (`EVP_MAC_init` without a key) for
/// each message. Keying once and reusing the thread's copy keeps the HMAC of an address on `/match` and
/// `/data` near a plain SHA-256: a fresh copy per call cost twice as much and did not scale past one
/// thread.
package final class Digest: @unchecked Sendable {
    // @unchecked Sendable: `keyed` is set once in init, freed in deinit, and in between only passed to
    // EVP_MAC_CTX_dup, which takes it as `const` and does not modify it (openssl-threads(7): objects are
    // thread-safe as long as the functions called do not modify them). The per-thread copies are only
    // ever touched by their own thread.
    private let keyed: OpaquePointer
    /// Never reused (unlike an address), so a thread's cached copy is never taken for another key's.
    private let identity: UInt64

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
    package init(hmacKey: [UInt8]) {
        guard let context = EVP_MAC_CTX_new(Digest.hmacAlgorithm) else {
            preconditionFailure("libcrypto EVP_MAC_CTX_new failed")
        }
        // A non-null pointer even for an empty key: EVP_MAC_init reads a null key as "keep the previous one".
        let ok =
            hmacKey.isEmpty
            ? [UInt8(0)].withUnsafeBufferPointer { ccrypto_hmac_sha256_init(context, $0.baseAddress, 0) }
            : hmacKey.withUnsafeBufferPointer { ccrypto_hmac_sha256_init(context, $0.baseAddress, $0.count) }
        precondition(ok == 1, "libcrypto EVP_MAC_init(HMAC, SHA256) failed")
        keyed = context
        identity = Digest.identities.withLock { next in
            defer { next += 1 }
            return next
        }
    }

    // A thread's cached copy outlives this key harmlessly: it is independent of `keyed`, and freed when
    // the thread next hashes under another key or exits.
    deinit { EVP_MAC_CTX_free(keyed) }

    /// The HMAC-SHA256 of `bytes` under this key (32 bytes).
    func hmac(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        let context = threadContext()
        return [UInt8](unsafeUninitializedCapacity: Digest.length) { out, count in
            var written = 0
            let ok =
                EVP_MAC_init(context, nil, 0, nil) == 1  // back to the key, nothing hashed yet
                && EVP_MAC_update(context, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count) == 1
                && EVP_MAC_final(context, out.baseAddress, &written, Digest.length) == 1
            precondition(ok && written == Digest.length, "libcrypto HMAC-SHA256 failed")
            count = Digest.length
        }
    }

    /// The calling thread's copy of the keyed context: the cached one when it is this key's, else a new
    /// copy that replaces it.
    private func threadContext() -> OpaquePointer {
        let cache: UnsafeMutablePointer<ThreadCopy>
        if let raw = pthread_getspecific(Digest.threadSlot) {
            cache = raw.assumingMemoryBound(to: ThreadCopy.self)
            if cache.pointee.identity == identity { return cache.pointee.context }
            EVP_MAC_CTX_free(cache.pointee.context)
        } else {
            cache = UnsafeMutablePointer<ThreadCopy>.allocate(capacity: 1)
            pthread_setspecific(Digest.threadSlot, cache)
        }
        guard let copy = EVP_MAC_CTX_dup(keyed) else { preconditionFailure("libcrypto EVP_MAC_CTX_dup failed") }
        cache.initialize(to: ThreadCopy(identity: identity, context: copy))
        return copy
    }

    /// One thread's HMAC context and the key it was copied from.
    private struct ThreadCopy {
        var identity: UInt64
        var context: OpaquePointer
    }

    private static let identities = Locked<UInt64>(0)

    /// The thread-specific slot of each thread's `ThreadCopy`, freed (with its context) when the thread exits.
    private static let threadSlot: pthread_key_t = {
        var slot = pthread_key_t()
        let created = pthread_key_create(&slot) { raw in
            let pointer: UnsafeMutableRawPointer? = raw  // optional on Glibc, not on Darwin
            guard let pointer else { return }
            let cache = pointer.assumingMemoryBound(to: ThreadCopy.self)
            EVP_MAC_CTX_free(cache.pointee.context)
            cache.deallocate()
        }
        precondition(created == 0, "pthread_key_create failed")
        return slot
    }()

    /// The HMAC-SHA256 of `bytes` under this key (32 bytes).
    func hmac(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hmac($0) }
    }

    /// The lower-case hex HMAC-SHA256 of the UTF-8 bytes of `text` under this key (64 characters).
    package func hmacHex(_ text: String) -> String {
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
