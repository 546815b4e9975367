import CZlib

/// Draws a ``QRCode`` as a PNG: 1-bit greyscale, exactly `pixels` × `pixels`, the largest whole number
/// of pixels per module that fits the symbol and its 4-module quiet zone, centred (the leftover pixels
/// widen the margin). IDAT is deflated and every chunk's CRC-32 computed by the system's zlib (`CZlib`).
enum QRPNGWriter {
    /// Light modules around the symbol on each side (section 9.1: at least 4).
    static let quietZone = 4

    /// The PNG file for `code`, `pixels` wide and high.
    ///
    /// - Precondition: `pixels ≥ code.size + 2 × quietZone` (one pixel per module at least).
    static func png(_ code: QRCode, pixels: Int) -> [UInt8] {
        let span = code.size + 2 * quietZone
        precondition(pixels >= span, "a \(code.size)-module code needs at least \(span) pixels")
        let scale = pixels / span
        let origin = (pixels - scale * code.size) / 2  // quiet zone and leftover, centred
        let rowBytes = (pixels + 7) / 8

        // Filter type 0 and the bits of each row, 1 = white; a row of modules is drawn once and repeated.
        var raw = [UInt8](repeating: 0xFF, count: pixels * (rowBytes + 1))
        for y in 0..<pixels { raw[y * (rowBytes + 1)] = 0 }
        var line = [UInt8](repeating: 0xFF, count: rowBytes)
        for moduleY in 0..<code.size {
            for i in line.indices { line[i] = 0xFF }
            for moduleX in 0..<code.size where code[x: moduleX, y: moduleY] {
                for x in (origin + moduleX * scale)..<(origin + (moduleX + 1) * scale) {
                    line[x >> 3] &= ~(0x80 >> UInt8(x & 7))
                }
            }
            for y in (origin + moduleY * scale)..<(origin + (moduleY + 1) * scale) {
                let start = y * (rowBytes + 1) + 1
                raw.replaceSubrange(start..<start + rowBytes, with: line)
            }
        }

        var header = [UInt8]()
        append32(UInt32(pixels), to: &header)  // width
        append32(UInt32(pixels), to: &header)  // height
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", deflate(raw), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// `bytes` as a zlib stream (RFC 1950), best compression: a QR code's rows repeat, so it shrinks a lot.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), 9) }
        }
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        return Array(out[0..<Int(length)])
    }

    /// The CRC-32 (ISO 3309, as PNG uses it) of `bytes`.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        append32(UInt32(data.count), to: &file)
        let typed = Array(type.utf8) + data
        file += typed
        append32(crc(typed), to: &file)
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
