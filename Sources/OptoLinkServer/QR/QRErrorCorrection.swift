/// A QR code's error-correction level (ISO/IEC 18004 section 7.5.1): how much of the symbol can be
/// damaged and still read, paid for in capacity.
///
/// `medium` is the default of the `/links/:id/qr.*` routes: it survives about 15 % damage (a logo,
/// a smudge) and still fits a short URL in a small version.
enum QRErrorCorrection: String, CaseIterable, Sendable {
    /// About 7 % of the codewords can be restored.
    case low = "L"
    /// About 15 %.
    case medium = "M"
    /// About 25 %.
    case quartile = "Q"
    /// About 30 %.
    case high = "H"

    /// The two bits of the format information (section 7.9.1, Table 12): L 01, M 00, Q 11, H 10.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// Error-correction codewords in each block, for versions 1–40 (section 7.5.1, Table 9).
    func codewordsPerBlock(version: Int) -> Int { Self.codewordsPerBlock[ordinal][version - 1] }

    /// Error-correction blocks, for versions 1–40 (Table 9).
    func blockCount(version: Int) -> Int { Self.blockCounts[ordinal][version - 1] }

    private var ordinal: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// Table 9, column "number of error correction codewords" divided by the blocks: L, M, Q, H rows.
    private static let codewordsPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Table 9, the number of error-correction blocks (both groups together): L, M, Q, H rows.
    private static let blockCounts: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}
