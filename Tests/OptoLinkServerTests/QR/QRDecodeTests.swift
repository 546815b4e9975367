import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

/// Issue 13, item 13: the codes read back through a real decoder (zbarimg), every version at every
/// level, URLs of many lengths, every mask, and the SVG rasterized by rsvg-convert. Serialized: each
/// case is seconds of encoding in a debug build, and several at once took both cores from the real-time
/// tests running beside them.
@Suite(.serialized, .tags(.processes), .skippable(.processes), .enabled(if: QRDecoder.shouldRun, QRDecoder.skipReason))
struct QRDecodeTests {
    /// A URL of exactly `length` bytes: scheme, host, org key, then a short code of letters, digits, `-` and
    /// `_` (cut short below 29 bytes, for the smallest versions).
    static func url(length: Int, seed: UInt64) -> String {
        let head = "https://links.demo.test/demo/"
        var random = SplitMix64(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let tail = String((0..<max(0, length - head.count)).map { _ in alphabet[Int(random.next() % 64)] })
        return String((head + tail).prefix(length))
    }

    /// PNG of `code` at 3 pixels per module (the quiet zone included).
    static func png(_ code: QRCode) -> [UInt8] { QRPNGWriter.png(code, pixels: 3 * (code.size + 8)) }

    /// Encodes each text at `level` (nil for a text too long) and reads each code's PNG back, all off
    /// the cooperative pool; no expectations inside (they belong to the test's own task).
    static func encodeAndDecode(
        _ texts: [String], level: QRErrorCorrection, mask: Int? = nil,
        draw: @escaping @Sendable (QRCode) -> [UInt8] = png
    ) async throws -> (codes: [QRCode?], decoded: [[String]]) {
        try await QRDecoder.offThePool {
            let codes = texts.map { QRCode.encode(Array($0.utf8), errorCorrection: level, mask: mask) }
            return (codes, try QRDecoder.decode(pngs: codes.compactMap { $0 }.map(draw)))
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func everyVersionFilledToCapacityDecodes(level: QRErrorCorrection) async throws {
        // Given, for versions 1–40, a URL exactly as long as the version holds at this level
        let texts = (1...40).map {
            Self.url(length: QRCode.byteCapacity(version: $0, errorCorrection: level), seed: UInt64($0))
        }
        // When encoded and read back by zbarimg from their PNGs
        let (codes, decoded) = try await Self.encodeAndDecode(texts, level: level)
        // Then each fills its version and gives back its URL
        #expect(codes.map { $0?.version } == Array(1...40))
        #expect(decoded.count == texts.count)
        for (version, (text, found)) in zip(texts, decoded).enumerated() {
            #expect(found == [text], "version \(version + 1)-\(level.rawValue)")
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func urlsFromShortToSeveralHundredBytesDecodeAcrossVersionBoundaries(level: QRErrorCorrection) async throws {
        // Given URL lengths from 30 to 700 bytes: every 53rd, plus each version's capacity and one byte more
        var lengths = Set(stride(from: 30, through: 700, by: 53))
        for version in 1...40 {
            let capacity = QRCode.byteCapacity(version: version, errorCorrection: level)
            if (30...700).contains(capacity) { lengths.formUnion([capacity, capacity + 1]) }
        }
        let texts = lengths.sorted().map { Self.url(length: $0, seed: UInt64($0) * 7) }
        // When encoded and read back
        let (codes, decoded) = try await Self.encodeAndDecode(texts, level: level)
        // Then every one decodes, and the lengths spanned several versions
        #expect(codes.allSatisfy { $0 != nil } && decoded.count == texts.count)
        for (index, text) in texts.enumerated() where index < decoded.count {
            #expect(decoded[index] == [text], "\(text.count) bytes at \(level.rawValue)")
        }
        #expect(Set(codes.map { $0?.version }).count >= 8)
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func everyMaskPatternDecodes(level: QRErrorCorrection) async throws {
        // Given one URL under each of the 8 masks (so every format-information word of this level is drawn)
        let text = "https://links.demo.test/demo/summer"
        for mask in 0..<8 {
            // When read back
            let (codes, decoded) = try await Self.encodeAndDecode([text], level: level, mask: mask)
            // Then it decodes
            #expect(codes.first??.mask == mask)
            #expect(decoded == [[text]], "mask \(mask) at \(level.rawValue)")
        }
    }

    @Test func theGoldenMatrixDecodesToItsURL() async throws {
        let (codes, decoded) = try await Self.encodeAndDecode(["https://links.demo.test/demo/summer"], level: .medium)
        let code = try #require(codes.first ?? nil)
        #expect(QRCodeTests.text(code) == QRCodeTests.golden)
        #expect(decoded == [["https://links.demo.test/demo/summer"]])
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func svgsRasterizedByRsvgConvertDecode(level: QRErrorCorrection) async throws {
        for length in [35, 120, 333] {
            // Given a URL's SVG (its own XML is checked by QRSVGWriterTests)
            let text = Self.url(length: length, seed: UInt64(length))
            let code = try #require(QRCode.encode(Array(text.utf8), errorCorrection: level))
            let svg = QRSVGWriter.svg(code, pixels: 256)
            #expect(QRSVGWriterTests.parse(svg).wellFormed)
            // When rsvg-convert rasterizes it at about 3 pixels per module (not a whole number: edges are resampled)
            let width = 3 * (code.size + 8) + 7
            let decoded = try await QRDecoder.offThePool {
                try QRDecoder.decode(png: try QRDecoder.rasterize(svg: svg, width: width))
            }
            // Then zbarimg reads the URL back
            #expect(decoded == [text], "\(length) bytes at \(level.rawValue)")
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func theSmallestAllowedScaleOfTwoPixelsPerModuleDecodes(level: QRErrorCorrection) async throws {
        // Given codes of several versions drawn at the smallest size the route allows them (2 pixels a module)
        let texts = [1, 3, 7, 10, 15, 25, 40].map {
            Self.url(length: QRCode.byteCapacity(version: $0, errorCorrection: level), seed: UInt64($0))
        }
        let (_, decoded) = try await Self.encodeAndDecode(texts, level: level) {
            QRPNGWriter.png($0, pixels: QRRequest.minimumPixels(for: $0))
        }
        // Then each reads back
        #expect(decoded.count == texts.count)
        for (text, found) in zip(texts, decoded) {
            #expect(found == [text], "\(text.count) bytes at \(level.rawValue)")
        }
    }

    @Test func theLargestImageDecodes() async throws {
        let (_, decoded) = try await Self.encodeAndDecode(["https://links.demo.test/demo/summer"], level: .medium) {
            QRPNGWriter.png($0, pixels: QRRequest.pixelRange.upperBound)
        }
        #expect(decoded == [["https://links.demo.test/demo/summer"]])
    }
}
