#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The byte-level helpers the parser reads a request with: searches, ASCII checks and comparisons over a
/// buffer range, without building a String until a value is kept.
extension HTTPParser {
    // MARK: Bytes

    static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " "), slash = UInt8(ascii: "/")
    static let httpSlash = Array("HTTP/".utf8), http11 = Array("HTTP/1.1".utf8), http10 = Array("HTTP/1.0".utf8)
    static let contentLength = Array("content-length".utf8), transferEncoding = Array("transfer-encoding".utf8)
    static let expect = Array("expect".utf8), continueExpectation = Array("100-continue".utf8)

    /// The first index of `byte` in `range` (memchr).
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether every byte in `range` is below 0x80 (eight at a time).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < range.upperBound {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// `range` without spaces and tabs at either end.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
        while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
        return lower..<upper
    }

    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ prefix: [UInt8]) -> Bool {
        range.count >= prefix.count && bytes[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
        range.count == other.count && bytes[range].elementsEqual(other)
    }

    /// Equality with a lower-case ASCII name, as `lowercased()` decides it (only A–Z fold).
    static func equalsIgnoringASCIICase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lower: [UInt8]
    ) -> Bool {
        guard range.count == lower.count else { return false }
        for (byte, expected) in zip(bytes[range], lower) {
            let folded = (65...90).contains(byte) ? byte | 0x20 : byte
            if folded != expected { return false }
        }
        return true
    }

    /// The bytes in `range` as a String (UTF-8; an invalid sequence, possible only in obs-text, becomes U+FFFD).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
