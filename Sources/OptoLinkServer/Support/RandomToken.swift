import Foundation
import OptoLinkHTTP

#if canImport(Glibc)
import Glibc
#endif

/// Random identifiers: clipboard tokens, request ids, link ids.
package enum RandomToken {
    /// `opl_` + 22 base64url characters from 16 random bytes (the seed's clipboard token format).
    static func clipboardToken() -> String {
        "opl_" + base64URL(randomBytes(16))
    }

    /// A request id such as `req_5f0c…` (16 random bytes, hex).
    static func requestID() -> String { prefixedHex("req_", byteCount: 8) }

    /// A new link id such as `lnk_9a1b…`.
    static func linkID() -> String { prefixedHex("lnk_", byteCount: 8) }

    /// `prefix` + `byteCount` random bytes in lower-case hex, written straight into the String
    /// (the same bytes of the pool `randomBytes` would have handed out; no intermediate arrays).
    private static func prefixedHex(_ prefix: StaticString, byteCount: Int) -> String {
        String(unsafeUninitializedCapacity: prefix.utf8CodeUnitCount + byteCount * 2) { out in
            let head = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            _ = out.initialize(from: head)
            var position = head.count
            pool.withLock { pool in
                if pool.bytes.count - pool.offset < byteCount {
                    pool.bytes = freshBytes(max(RandomToken.poolSize, byteCount))
                    pool.offset = 0
                }
                for byte in pool.bytes[pool.offset..<pool.offset + byteCount] {
                    out[position] = hexDigits[Int(byte >> 4)]
                    out[position + 1] = hexDigits[Int(byte & 0x0f)]
                    position += 2
                }
                pool.offset += byteCount
            }
            return position
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `count` bytes from the system's cryptographic generator, served from a shared pool refilled
    /// 4 KiB at a time by one `arc4random_buf` call (so a request id costs no system call of its
    /// own).
    package static func randomBytes(_ count: Int) -> [UInt8] {
        pool.withLock { pool in
            if pool.bytes.count - pool.offset < count {
                pool.bytes = freshBytes(max(RandomToken.poolSize, count))
                pool.offset = 0
            }
            defer { pool.offset += count }
            return Array(pool.bytes[pool.offset..<pool.offset + count])
        }
    }

    private struct Pool {
        var bytes: [UInt8] = []
        var offset = 0
    }

    private static let pool = Locked(Pool())
    private static let poolSize = 4096

    /// `count` bytes from `arc4random_buf` (glibc ≥ 2.36 and Darwin: the kernel's generator, `getrandom`
    /// on Linux, in one call).
    private static func freshBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, count) }
        return bytes
    }

    /// Unpadded base64url.
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Lower-case hex.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` has the clipboard token shape: `opl_` + 22 base64url characters.
    static func isClipboardToken(_ text: Substring) -> Bool {
        guard text.hasPrefix("opl_"), text.utf8.count == 26 else { return false }
        return text.utf8.dropFirst(4).allSatisfy(isBase64URL)
    }

    static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45
            || byte == 95
    }
}
