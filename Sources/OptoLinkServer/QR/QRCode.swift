/// A QR code (ISO/IEC 18004:2015, Model 2) holding bytes in byte mode: versions 1–40, error correction
/// L/M/Q/H, the mask chosen by the penalty rules of section 7.8.3. A pure value: the SVG and PNG
/// writers draw it, tests decode what they draw.
///
/// ```swift
/// let code = QRCode.encode(Array("https://links.demo.test/demo/summer".utf8))!   // M by default
/// code.size              // 29: version 3
/// code[x: 0, y: 0]       // true: the top-left finder's corner is dark
/// ```
struct QRCode: Sendable, Equatable {
    /// 1–40: the smallest version the data fits at `errorCorrection`.
    let version: Int
    /// The level the code was made with.
    let errorCorrection: QRErrorCorrection
    /// 0–7: the mask pattern with the lowest penalty.
    let mask: Int
    /// Modules per side (17 + 4 × version), without the quiet zone.
    let size: Int
    /// Row-major, `true` = dark.
    let modules: [Bool]

    /// Whether the module at column `x`, row `y` (0-based, inside the symbol) is dark.
    subscript(x x: Int, y y: Int) -> Bool { modules[y * size + x] }

    /// The code for `data` in byte mode at `errorCorrection` (default M), in the smallest version it
    /// fits; `mask` forces a mask pattern (tests) instead of the lowest penalty.
    ///
    /// - Returns: nil when `data` is longer than version 40 holds at that level (2953 bytes at L,
    ///   2331 at M, 1663 at Q, 1273 at H).
    static func encode(_ data: [UInt8], errorCorrection: QRErrorCorrection = .medium, mask forcedMask: Int? = nil)
        -> QRCode?
    {
        guard let version = smallestVersion(holding: data.count, errorCorrection: errorCorrection) else { return nil }
        var matrix = QRMatrix(version: version)
        matrix.place(codewords: codewords(data, version: version, errorCorrection: errorCorrection))
        let mask: Int
        if let forcedMask {
            mask = forcedMask
        } else {
            let scores = (0..<8).map { penalty(matrix, errorCorrection, $0) }
            mask = scores.firstIndex(of: scores.min()!)!  // a tie goes to the lower pattern
        }
        matrix.apply(mask: mask)
        matrix.drawFormat(errorCorrection: errorCorrection, mask: mask)
        return QRCode(
            version: version, errorCorrection: errorCorrection, mask: mask, size: matrix.size, modules: matrix.dark)
    }

    /// The penalty of `matrix` under mask `pattern`, format information included (section 7.8.3).
    private static func penalty(_ matrix: QRMatrix, _ errorCorrection: QRErrorCorrection, _ pattern: Int) -> Int {
        var masked = matrix
        masked.apply(mask: pattern)
        masked.drawFormat(errorCorrection: errorCorrection, mask: pattern)
        return QRPenalty.score(masked.dark, size: masked.size)
    }

    /// All codewords of `version` (data and error correction): the modules left after the function
    /// patterns, 8 to a codeword (Table 1).
    static func totalCodewords(version: Int) -> Int { dataModuleCounts[version - 1] / 8 }

    /// The data codewords of `version` at `errorCorrection` (Table 7).
    static func dataCodewords(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        totalCodewords(version: version)
            - errorCorrection.codewordsPerBlock(version: version) * errorCorrection.blockCount(version: version)
    }

    /// The smallest version whose byte mode holds `byteCount` bytes at `errorCorrection`, or nil past version 40.
    static func smallestVersion(holding byteCount: Int, errorCorrection: QRErrorCorrection) -> Int? {
        (1...40).first { byteCapacity(version: $0, errorCorrection: errorCorrection) >= byteCount }
    }

    /// How many bytes byte mode holds in `version` at `errorCorrection`: the data bits less the 4-bit mode
    /// indicator and the character count (8 bits up to version 9, 16 from version 10).
    static func byteCapacity(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        (dataCodewords(version: version, errorCorrection: errorCorrection) * 8 - 4 - countBits(version: version)) / 8
    }

    private static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// Data modules per version, counted once on the function patterns themselves.
    private static let dataModuleCounts: [Int] = (1...40).map { QRMatrix(version: $0).dataModuleCount }

    /// The final codeword sequence (section 7.6): the bit stream (mode 0100, count, bytes, up to 4
    /// terminator bits, zeros to a byte, pad bytes 0xEC 0x11 …) cut into blocks, each block's
    /// Reed–Solomon codewords appended, data then error correction interleaved block by block.
    static func codewords(_ data: [UInt8], version: Int, errorCorrection: QRErrorCorrection) -> [UInt8] {
        let capacity = dataCodewords(version: version, errorCorrection: errorCorrection)
        var stream = [UInt8]()
        stream.reserveCapacity(capacity)
        var bitCount = 0
        func append(_ value: Int, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) {
                if bitCount % 8 == 0 { stream.append(0) }
                if (value >> i) & 1 == 1 { stream[stream.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
                bitCount += 1
            }
        }
        append(0b0100, 4)
        append(data.count, countBits(version: version))
        for byte in data { append(Int(byte), 8) }
        append(0, min(4, capacity * 8 - bitCount))
        append(0, (8 - bitCount % 8) % 8)
        var pad: UInt8 = 0xEC
        while stream.count < capacity {
            stream.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }

        // Blocks: the short ones first, the long ones one data codeword longer (Table 9).
        let blockCount = errorCorrection.blockCount(version: version)
        let ecLength = errorCorrection.codewordsPerBlock(version: version)
        let total = totalCodewords(version: version)
        let shortBlocks = blockCount - total % blockCount
        let shortData = total / blockCount - ecLength
        var blocks = [ArraySlice<UInt8>]()
        var start = 0
        for index in 0..<blockCount {
            let length = shortData + (index < shortBlocks ? 0 : 1)
            blocks.append(stream[start..<start + length])
            start += length
        }
        let corrections = blocks.map { ReedSolomon.errorCorrection(for: $0, degree: ecLength) }
        var result = [UInt8]()
        result.reserveCapacity(total)
        for i in 0...shortData {
            for block in blocks where i < block.count { result.append(block[block.startIndex + i]) }
        }
        for i in 0..<ecLength {
            for correction in corrections { result.append(correction[i]) }
        }
        return result
    }
}
