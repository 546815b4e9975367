import CZlib
import Testing

@testable import OptoLinkServer

/// The PNG's structure and pixels, read back without a decoder.
@Suite struct QRPNGWriterTests {
    struct Chunk {
        var type: String
        var data: [UInt8]
        var crcMatches: Bool
    }

    static func chunks(_ png: [UInt8]) -> [Chunk] {
        var chunks = [Chunk]()
        var offset = 8
        func u32(_ at: Int) -> Int {
            Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
        }
        while offset + 12 <= png.count {
            let length = u32(offset)
            let typed = Array(png[(offset + 4)..<(offset + 8 + length)])
            let stored = UInt32(u32(offset + 8 + length))
            chunks.append(
                Chunk(
                    type: String(decoding: typed[0..<4], as: UTF8.self), data: Array(typed[4...]),
                    crcMatches: QRPNGWriter.crc(typed) == stored))
            offset += 12 + length
        }
        return chunks
    }

    /// Inflates IDAT and returns the pixels, `true` = black.
    static func pixels(_ png: [UInt8], width: Int) throws -> [[Bool]] {
        let idat = chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let rowBytes = (width + 7) / 8
        var raw = [UInt8](repeating: 0, count: width * (rowBytes + 1))
        var length = uLong(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        try #require(status == Z_OK && Int(length) == raw.count)
        return (0..<width).map { y in
            #expect(raw[y * (rowBytes + 1)] == 0)  // filter type None
            return (0..<width).map { x in raw[y * (rowBytes + 1) + 1 + x / 8] & (0x80 >> UInt8(x % 8)) == 0 }
        }
    }

    @Test func theCRCIsPNGsCRC32() {
        // The CRC of every PNG's IEND chunk (type only, no data) is AE 42 60 82.
        #expect(QRPNGWriter.crc(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(QRPNGWriter.crc(Array("123456789".utf8)) == 0xCBF4_3926)  // the CRC-32 check value
    }

    @Test(arguments: [64, 100, 256, 333, 2048])
    func anImageIsExactlyTheAskedSizeOneBitGreyscaleWithValidChunks(pixels: Int) throws {
        // Given the demo link's code
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        // When drawn `pixels` wide
        let png = QRPNGWriter.png(code, pixels: pixels)
        // Then: the signature, IHDR (size, bit depth 1, greyscale), IDAT, IEND, each with a valid CRC
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = Self.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcMatches })
        let size = [UInt8(pixels >> 24), UInt8(pixels >> 16 & 0xFF), UInt8(pixels >> 8 & 0xFF), UInt8(pixels & 0xFF)]
        #expect(chunks.first?.data == size + size + [1, 0, 0, 0, 0])
    }

    @Test(arguments: [37, 64, 75, 256])
    func everyModuleIsAWholeSquareOfPixelsCentredInTheQuietZone(pixels: Int) throws {
        // Given a 29-module code (37 with the quiet zone)
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        let scale = pixels / 37
        let origin = (pixels - scale * 29) / 2
        // When its PNG is inflated
        let image = try Self.pixels(QRPNGWriter.png(code, pixels: pixels), width: pixels)
        // Then each pixel is its module's colour, and everything outside the symbol is white
        var wrong = 0
        for y in 0..<pixels {
            for x in 0..<pixels {
                let mx = (x - origin) >= 0 ? (x - origin) / scale : -1
                let my = (y - origin) >= 0 ? (y - origin) / scale : -1
                let inside = (0..<29).contains(mx) && (0..<29).contains(my)
                if image[y][x] != (inside && code[x: mx, y: my]) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(origin >= 4 * scale)  // at least the 4-module quiet zone
    }
}
