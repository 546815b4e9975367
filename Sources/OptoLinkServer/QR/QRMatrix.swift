/// A QR symbol's modules while it is built (ISO/IEC 18004 sections 6.3 and 7.7–7.10): the function
/// patterns (finders, separators, timing, alignment, format and version information, the dark module),
/// then the codewords in the two-column zigzag, then a mask over everything that is not a function module.
struct QRMatrix: Sendable, Equatable {
    /// 1–40.
    let version: Int
    /// Modules per side: 17 + 4 × version.
    let size: Int
    /// Row-major, `true` = dark.
    private(set) var dark: [Bool]
    /// Row-major, `true` where a function pattern is (never data, never masked).
    private(set) var isFunction: [Bool]

    /// The function patterns of `version`, with the format information area reserved (drawn light).
    init(version: Int) {
        precondition((1...40).contains(version), "QR versions are 1–40")
        self.version = version
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    /// Whether the module at column `x`, row `y` is dark.
    subscript(x: Int, y: Int) -> Bool { dark[y * size + x] }

    /// Modules left for data and error correction (the codewords fill `dataModuleCount / 8` bytes; the
    /// remainder bits stay light).
    var dataModuleCount: Int { isFunction.reduce(0) { $1 ? $0 : $0 + 1 } }

    // MARK: Function patterns

    private mutating func set(_ x: Int, _ y: Int, dark value: Bool) {
        dark[y * size + x] = value
        isFunction[y * size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        for i in 0..<size {  // timing patterns (section 6.3.5), partly overdrawn by the finders below
            set(6, i, dark: i % 2 == 0)
            set(i, 6, dark: i % 2 == 0)
        }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {  // finders with their separators (6.3.3–6.3.4)
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx
                    let y = cy + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    let ring = max(abs(dx), abs(dy))
                    set(x, y, dark: ring != 2 && ring != 4)
                }
            }
        }
        let centres = QRMatrix.alignmentPositions(version: version)
        for cy in centres {  // alignment patterns (6.3.6), except where a finder is
            for cx in centres {
                let last = centres.count - 1
                if (cx == centres[0] && cy == centres[0]) || (cx == centres[0] && cy == centres[last])
                    || (cx == centres[last] && cy == centres[0])
                {
                    continue
                }
                for dy in -2...2 {
                    for dx in -2...2 { set(cx + dx, cy + dy, dark: max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(bits: 0)  // reserves the area; the real bits come with the mask
        if version >= 7 {  // version information (7.10)
            let bits = QRMatrix.versionBits(version: version)
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3
                let b = i / 3
                set(a, b, dark: bit)
                set(b, a, dark: bit)
            }
        }
    }

    /// Draws the 15 format bits twice (section 7.9.2) and the dark module at (8, size − 8).
    private mutating func drawFormat(bits: Int) {
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, dark: bit(i)) }
        set(8, 7, dark: bit(6))
        set(8, 8, dark: bit(7))
        set(7, 8, dark: bit(8))
        for i in 9..<15 { set(14 - i, 8, dark: bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, dark: bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, dark: bit(i)) }
        set(8, size - 8, dark: true)
    }

    /// The centre coordinates of the alignment patterns (Annex E: the same list for rows and columns):
    /// 6, then evenly spaced (by an even step) down to size − 7; none for version 1.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = 17 + 4 * version
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<(count - 1)).map { size - 7 - $0 * step }.reversed()
    }

    /// The 15 format bits (section 7.9.1): 2 bits of level and 3 of mask, a BCH(15,5) remainder with
    /// the generator 0x537, XORed with 0x5412 so they are never all light.
    static func formatBits(errorCorrection: QRErrorCorrection, mask: Int) -> Int {
        let data = errorCorrection.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits (section 7.10, Annex D): 6 bits of version and a BCH(18,6) remainder with
    /// the generator 0x1F25.
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    // MARK: Data and mask

    /// Places `codewords` most significant bit first in the zigzag of section 7.7.3: two-column strips
    /// from the right edge, up then down, column 6 (the vertical timing pattern) skipped.
    mutating func place(codewords: [UInt8]) {
        var bit = 0
        let bitCount = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in stride(from: right, through: right - 1, by: -1)
                where !isFunction[y * size + x] && bit < bitCount {
                    dark[y * size + x] = (codewords[bit >> 3] >> (7 - UInt8(bit & 7))) & 1 == 1
                    bit += 1
                }
            }
            right -= 2
        }
    }

    /// Flips every data module where mask `pattern` (0–7, section 7.8.2) is dark; applying it twice
    /// undoes it.
    mutating func apply(mask pattern: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMatrix.maskIsDark(pattern, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
    }

    /// Draws the format information of `errorCorrection` and mask `pattern`.
    mutating func drawFormat(errorCorrection: QRErrorCorrection, mask pattern: Int) {
        drawFormat(bits: QRMatrix.formatBits(errorCorrection: errorCorrection, mask: pattern))
    }

    /// The mask conditions of Table 10 (i = row, j = column).
    static func maskIsDark(_ pattern: Int, x j: Int, y i: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
