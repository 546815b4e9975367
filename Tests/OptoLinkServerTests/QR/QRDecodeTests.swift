import Foundation
import Testing
@testable import OptoLinkServer

/// Issue 13, item 13: the codes read back through a real decoder (zbarimg), every version at every
/// level, URLs of many lengths, every mask, and the SVG rasterized by rsvg-convert.
@Suite(.enabled(if: QRDecoder.shouldRun, QRDecoder.skipReason))
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

    @Test(arguments: QRErrorCorrection.allCases)
    func everyVersionFilledToCapacityDecodes(level: QRErrorCorrection) throws {
        // Given, for versions 1–40, a URL exactly as long as the version holds at this level
        let texts = (1...40).map { Self.url(length: QRCode.byteCapacity(version: $0, errorCorrection: level), seed: UInt64($0)) }
        let codes = try texts.map { try #require(QRCode.encode(Array($0.utf8), errorCorrection: level)) }
        #expect(codes.map(\.version) == Array(1...40))
        // When zbarimg reads their PNGs
        let decoded = try QRDecoder.decode(pngs: codes.map(Self.png))
        // Then each gives back its URL
        for (version, (text, found)) in zip(texts, decoded).enumerated() {
            #expect(found == [text], "version \(version + 1)-\(level.rawValue)")
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func urlsFromShortToSeveralHundredBytesDecodeAcrossVersionBoundaries(level: QRErrorCorrection) throws {
        // Given URL lengths from 30 to 700 bytes: every 53rd, plus each version's capacity and one byte more
        var lengths = Set(stride(from: 30, through: 700, by: 53))
        for version in 1...40 {
            let capacity = QRCode.byteCapacity(version: version, errorCorrection: level)
            if (30...700).contains(capacity) { lengths.formUnion([capacity, capacity + 1]) }
        }
        let texts = lengths.sorted().map { Self.url(length: $0, seed: UInt64($0) * 7) }
        let codes = try texts.map { try #require(QRCode.encode(Array($0.utf8), errorCorrection: level)) }
        // When read back
        let decoded = try QRDecoder.decode(pngs: codes.map(Self.png))
        // Then every one decodes, and the lengths spanned several versions
        for (index, text) in texts.enumerated() { #expect(decoded[index] == [text], "\(text.count) bytes at \(level.rawValue)") }
        #expect(Set(codes.map(\.version)).count >= 8)
    }

    @Test func everyMaskPatternDecodes() throws {
        // Given one URL under each of the 8 masks, at each level (so every format-information word is drawn)
        let text = "https://links.demo.test/demo/summer"
        var codes = [QRCode]()
        for level in QRErrorCorrection.allCases {
            for mask in 0..<8 { codes.append(try #require(QRCode.encode(Array(text.utf8), errorCorrection: level, mask: mask))) }
        }
        // Then each decodes
        let decoded = try QRDecoder.decode(pngs: codes.map(Self.png))
        for (code, found) in zip(codes, decoded) { #expect(found == [text], "mask \(code.mask) at \(code.errorCorrection.rawValue)") }
    }

    @Test func theGoldenMatrixDecodesToItsURL() throws {
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        #expect(QRCodeTests.text(code) == QRCodeTests.golden)
        #expect(try QRDecoder.decode(png: Self.png(code)) == ["https://links.demo.test/demo/summer"])
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func svgsRasterizedByRsvgConvertDecode(level: QRErrorCorrection) throws {
        for length in [35, 120, 333] {
            // Given a URL's SVG (its own XML is checked by QRSVGWriterTests)
            let text = Self.url(length: length, seed: UInt64(length))
            let code = try #require(QRCode.encode(Array(text.utf8), errorCorrection: level))
            let svg = QRSVGWriter.svg(code, pixels: 256)
            #expect(QRSVGWriterTests.parse(svg).wellFormed)
            // When rsvg-convert rasterizes it at about 3 pixels per module (not a whole number: edges are resampled)
            let png = try QRDecoder.rasterize(svg: svg, width: 3 * (code.size + 8) + 7)
            // Then zbarimg reads the URL back
            #expect(try QRDecoder.decode(png: png) == [text], "\(length) bytes at \(level.rawValue)")
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func theSmallestAllowedScaleOfTwoPixelsPerModuleDecodes(level: QRErrorCorrection) throws {
        // Given codes of several versions drawn at the smallest size the route allows them (2 pixels a module)
        let texts = [1, 3, 7, 10, 15, 25, 40].map { Self.url(length: QRCode.byteCapacity(version: $0, errorCorrection: level), seed: UInt64($0)) }
        let codes = try texts.map { try #require(QRCode.encode(Array($0.utf8), errorCorrection: level)) }
        let pngs = codes.map { QRPNGWriter.png($0, pixels: QRRequest.minimumPixels(for: $0)) }
        // Then each reads back
        for (text, found) in zip(texts, try QRDecoder.decode(pngs: pngs)) { #expect(found == [text], "\(text.count) bytes at \(level.rawValue)") }
    }

    @Test func theLargestImageDecodes() throws {
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        let png = QRPNGWriter.png(code, pixels: QRRequest.pixelRange.upperBound)
        #expect(try QRDecoder.decode(png: png) == ["https://links.demo.test/demo/summer"])
    }
}
