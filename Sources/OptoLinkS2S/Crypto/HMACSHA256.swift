#if canImport(CryptoKit)
internal import CryptoKit
#elseif canImport(CCrypto)
internal import CCrypto
#else
#error("OptoLinkS2S needs the platform's HMAC-SHA256: CryptoKit (Apple) or libcrypto through CCrypto (Linux)")
#endif

/// HMAC-SHA256 (RFC 2104) from the platform: `HMAC<SHA256>` of CryptoKit on Apple platforms (iOS 13+,
/// macOS 10.15+), the system's libcrypto (OpenSSL 3, Debian `libssl-dev`, through `CCrypto`) on Linux.
///
/// Not a hand-written primitive: this type only adapts the two platform APIs to one call. A key of any
/// length is accepted (longer than the 64-byte block is hashed first, as RFC 2104 says; both platforms do
/// that themselves).
///
/// ```swift
/// let tag = HMACSHA256.authenticationCode(key: Array("key".utf8), message: Array("text".utf8))
/// HMACSHA256.hex(tag)   // 64 lowercase hex digits
/// ```
enum HMACSHA256 {
    /// The length of a tag, in bytes.
    static let length = 32

    /// The HMAC-SHA256 of `message` keyed with `key` (32 bytes).
    static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        #if canImport(CryptoKit)
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
        return Array(code)
        #else
        // `EVP_Q_mac` (OpenSSL 3.0+) keys, hashes and finalizes in one call with its own context, so
        // concurrent calls share nothing but the library's thread-safe algorithm tables. A 1-byte buffer
        // stands in for an empty key or message: libcrypto reads a null key as "no key given".
        var tag = [UInt8](repeating: 0, count: length)
        var written = 0
        let keyBytes = key.isEmpty ? [0] : key
        let messageBytes = message.isEmpty ? [0] : message
        let result = keyBytes.withUnsafeBytes { keyBuffer in
            messageBytes.withUnsafeBufferPointer { messageBuffer in
                tag.withUnsafeMutableBufferPointer { out in
                    EVP_Q_mac(
                        nil, "HMAC", nil, "SHA256", nil,
                        keyBuffer.baseAddress, key.count,
                        messageBuffer.baseAddress, message.count,
                        out.baseAddress, length, &written)
                }
            }
        }
        // Only fails when libcrypto itself is broken (no HMAC or SHA-256 in the default provider):
        // nothing a caller could handle, and signing with a wrong tag would be worse than stopping.
        precondition(result != nil && written == length, "libcrypto EVP_Q_mac(HMAC, SHA256) failed")
        return tag
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
