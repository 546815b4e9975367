import Testing

@testable import OptoLinkServer

/// The encoder's parts against the numbers of ISO/IEC 18004, without a decoder.
@Suite struct QRCodeTests {
    static func hex(_ text: String) -> [UInt8] { DigestTests.bytes(hex: text.replacingOccurrences(of: " ", with: "")) }

    @Test func reedSolomonGivesTheErrorCorrectionOfKnownSymbols() {
        // "01234567" at 1-M (the standard's Annex I example, numeric mode)
        #expect(
            ReedSolomon.errorCorrection(
                for: Self.hex("10 20 0C 56 61 80 EC 11 EC 11 EC 11 EC 11 EC 11")[...], degree: 10)
                == Self.hex("A5 24 D4 C1 ED 36 C7 87 2C 55"))
        // "HELLO WORLD" at 1-M and 1-Q (alphanumeric mode)
        #expect(
            ReedSolomon.errorCorrection(
                for: Self.hex("20 5B 0B 78 D1 72 DC 4D 43 40 EC 11 EC 11 EC 11")[...], degree: 10)
                == Self.hex("C4 23 27 77 EB D7 E7 E2 5D 17"))
        #expect(
            ReedSolomon.errorCorrection(
                for: [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236][...], degree: 13)
                == [168, 72, 22, 82, 217, 54, 156, 0, 46, 15, 180, 122, 16])
    }

    @Test func theDegree7GeneratorIsTheStandardsPolynomial() {
        #expect(ReedSolomon.generator(degree: 7) == [1, 127, 122, 154, 164, 11, 68, 117])
    }

    @Test func formatBitsMatchAnnexC() {
        #expect(QRMatrix.formatBits(errorCorrection: .low, mask: 0) == 0b1110111_11000100)
        #expect(QRMatrix.formatBits(errorCorrection: .medium, mask: 0) == 0b1010100_00010010)
        #expect(QRMatrix.formatBits(errorCorrection: .quartile, mask: 0) == 0b0110101_01011111)
        #expect(QRMatrix.formatBits(errorCorrection: .high, mask: 0) == 0b0010110_10001001)
        #expect(QRMatrix.formatBits(errorCorrection: .medium, mask: 5) == 0b1000000_11001110)
        #expect(QRMatrix.formatBits(errorCorrection: .medium, mask: 7) == 0b1001010_10100000)
        #expect(QRMatrix.formatBits(errorCorrection: .low, mask: 6) == 0b1101100_01000001)
        #expect(QRMatrix.formatBits(errorCorrection: .low, mask: 7) == 0b1101001_01110110)
        #expect(QRMatrix.formatBits(errorCorrection: .high, mask: 3) == 0b0011001_11010000)
    }

    @Test func versionBitsMatchAnnexD() {
        #expect(QRMatrix.versionBits(version: 7) == 0x07C94)
        #expect(QRMatrix.versionBits(version: 8) == 0x085BC)
        #expect(QRMatrix.versionBits(version: 9) == 0x09A99)
        #expect(QRMatrix.versionBits(version: 10) == 0x0A4D3)
        #expect(QRMatrix.versionBits(version: 40) == 0x28C69)
    }

    @Test func alignmentCentresMatchAnnexE() {
        #expect(QRMatrix.alignmentPositions(version: 1) == [])
        #expect(QRMatrix.alignmentPositions(version: 2) == [6, 18])
        #expect(QRMatrix.alignmentPositions(version: 7) == [6, 22, 38])
        #expect(QRMatrix.alignmentPositions(version: 14) == [6, 26, 46, 66])
        #expect(QRMatrix.alignmentPositions(version: 15) == [6, 26, 48, 70])
        #expect(QRMatrix.alignmentPositions(version: 16) == [6, 26, 50, 74])
        #expect(QRMatrix.alignmentPositions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRMatrix.alignmentPositions(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(QRMatrix.alignmentPositions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test func codewordCountsAndRemainderBitsMatchTable1() {
        let totals = [1: 26, 2: 44, 3: 70, 4: 100, 5: 134, 6: 172, 7: 196, 8: 242, 9: 292, 10: 346, 40: 3706]
        for (version, total) in totals {
            #expect(QRCode.totalCodewords(version: version) == total, "version \(version)")
        }
        for version in 1...40 {
            let remainder =
                switch version {
                case 2...6: 7
                case 14...20, 28...34: 3
                case 21...27: 4
                default: 0
                }
            #expect(QRMatrix(version: version).dataModuleCount % 8 == remainder, "version \(version)")
        }
    }

    @Test func byteModeCapacitiesMatchTable7() {
        let table: [Int: [QRErrorCorrection: Int]] = [
            1: [.low: 17, .medium: 14, .quartile: 11, .high: 7],
            2: [.low: 32, .medium: 26, .quartile: 20, .high: 14],
            5: [.low: 106, .medium: 84, .quartile: 60, .high: 44],
            10: [.low: 271, .medium: 213, .quartile: 151, .high: 119],
            40: [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273],
        ]
        for (version, row) in table {
            for (level, bytes) in row {
                #expect(QRCode.byteCapacity(version: version, errorCorrection: level) == bytes, "\(version)-\(level)")
            }
        }
    }

    @Test func dataGoesToTheSmallestVersionThatHoldsIt() {
        for level in QRErrorCorrection.allCases {
            for version in 1...40 {
                // Given exactly a version's capacity, then one byte more
                let capacity = QRCode.byteCapacity(version: version, errorCorrection: level)
                // Then the first fills that version and the second needs the next (none after 40)
                #expect(QRCode.smallestVersion(holding: capacity, errorCorrection: level) == version)
                #expect(
                    QRCode.smallestVersion(holding: capacity + 1, errorCorrection: level)
                        == (version < 40 ? version + 1 : nil))
            }
            // and encode follows it (every version is encoded and decoded by QRDecodeTests)
            let small = QRCode.byteCapacity(version: 2, errorCorrection: level)
            #expect(QRCode.encode(Array(repeating: 0x61, count: small), errorCorrection: level)?.version == 2)
            #expect(QRCode.encode(Array(repeating: 0x61, count: small + 1), errorCorrection: level)?.version == 3)
            let most = QRCode.byteCapacity(version: 40, errorCorrection: level)
            #expect(QRCode.encode(Array(repeating: 0x61, count: most + 1), errorCorrection: level) == nil)
        }
    }

    @Test func theBitStreamIsModeCountBytesTerminatorAndPadding() {
        // Given "A" at 1-M: 0100 | 00000001 | 01000001 | 0000, then 0xEC 0x11 … to 16 codewords
        let codewords = QRCode.codewords([0x41], version: 1, errorCorrection: .medium)
        let data: [UInt8] = [0x40, 0x14, 0x10] + (0..<13).map { $0 % 2 == 0 ? 0xEC : 0x11 }
        // Then one block: the data, then its 10 Reed–Solomon codewords
        #expect(codewords == data + ReedSolomon.errorCorrection(for: data[...], degree: 10))
    }

    @Test func blocksAreInterleavedShortOnesFirst() {
        // Given 5-Q: two blocks of 15 data codewords, two of 16, 18 error-correction codewords each
        let data = Array(repeating: UInt8(0x61), count: QRCode.byteCapacity(version: 5, errorCorrection: .quartile))
        let codewords = QRCode.codewords(data, version: 5, errorCorrection: .quartile)
        #expect(codewords.count == 134)
        // When the data stream is rebuilt block by block from the interleaved sequence
        var blocks = [[UInt8]](repeating: [], count: 4)
        for i in 0..<62 {
            let column = i < 60 ? i / 4 : 15
            let block = i < 60 ? i % 4 : 2 + (i - 60)
            #expect(column == blocks[block].count)
            blocks[block].append(codewords[i])
        }
        // Then each block's error correction follows, interleaved the same way
        for (index, block) in blocks.enumerated() {
            let correction = ReedSolomon.errorCorrection(for: block[...], degree: 18)
            #expect((0..<18).map { codewords[62 + $0 * 4 + index] } == correction)
        }
        #expect(blocks.map(\.count) == [15, 15, 16, 16])
    }

    @Test(arguments: 1...40)
    func functionPatternsAndFormatInformationAreWhereTheStandardPutsThem(version: Int) throws {
        // Given a code of this version at Q
        let capacity = QRCode.byteCapacity(version: version, errorCorrection: .quartile)
        let code = try #require(QRCode.encode(Array(repeating: 0x41, count: capacity), errorCorrection: .quartile))
        let n = code.size
        #expect(n == 17 + 4 * version)
        // Then the finders' outer rings are dark and their separators light
        for (x0, y0) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            for i in 0..<7 {
                #expect(
                    code[x: x0 + i, y: y0] && code[x: x0 + i, y: y0 + 6] && code[x: x0, y: y0 + i]
                        && code[x: x0 + 6, y: y0 + i])
            }
        }
        for i in 0..<8 {
            #expect(!code[x: 7, y: i] && !code[x: i, y: 7] && !code[x: n - 8, y: i] && !code[x: 7, y: n - 1 - i])
        }
        // the timing patterns alternate, the dark module is dark
        for i in 8..<(n - 8) { #expect(code[x: i, y: 6] == (i % 2 == 0) && code[x: 6, y: i] == (i % 2 == 0)) }
        #expect(code[x: 8, y: n - 8])
        // both copies of the format information read back as level and mask
        let format = QRMatrix.formatBits(errorCorrection: .quartile, mask: code.mask)
        var first = 0
        var second = 0
        let firstCopy = [
            (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8),
            (1, 8), (0, 8),
        ]
        for (bit, (x, y)) in firstCopy.enumerated() where code[x: x, y: y] { first |= 1 << bit }
        for bit in 0..<8 where code[x: n - 1 - bit, y: 8] { second |= 1 << bit }
        for bit in 8..<15 where code[x: 8, y: n - 15 + bit] { second |= 1 << bit }
        #expect(first == format && second == format)
        // and from version 7 both copies of the version information
        if version >= 7 {
            var below = 0
            var right = 0
            for bit in 0..<18 {
                if code[x: bit / 3, y: n - 11 + bit % 3] { below |= 1 << bit }
                if code[x: n - 11 + bit % 3, y: bit / 3] { right |= 1 << bit }
            }
            #expect(below == QRMatrix.versionBits(version: version) && right == below)
        }
    }

    /// Verified by decoding (`QRDecodeTests.theGoldenMatrixDecodesToItsURL`); a change of the encoder
    /// that moves one module shows here without a decoder.
    static let golden = """
        #######...#...#....#..#######
        #.....#..##.#...###.#.#.....#
        #.###.#..#....##.###..#.###.#
        #.###.#...##.#.....##.#.###.#
        #.###.#...#.#....##...#.###.#
        #.....#.##.....#.###..#.....#
        #######.#.#.#.#.#.#.#.#######
        .........#####..###.#........
        #..#.##.#.....#......#.#.....
        ....#...#..#.#..##..#.#..#..#
        .##...#..#.####.#..##..#.###.
        ###....#.....#.##..#..#.#.##.
        ##.#.###......#.##....#..#.##
        #....#...##..##..#.###.......
        #..#..##..#.###..#...#.#.####
        .#.#.#...##.#..####.###.##.#.
        ###..#######.#.#.#..##.....#.
        ..####.#...#.##.##..####.#..#
        #.######..###.#......####..##
        ...#...###....##.########..##
        #.#.#.##.##....##..######.#..
        ........#.#...#.#..##...#.###
        #######....#....##..#.#.#..#.
        #.....#.###...###.#.#...###.#
        #.###.#...###....##.#####...#
        #.###.#.######.....#..######.
        #.###.#..#.#.##....##...###.#
        #.....#..##..#...####..#...#.
        #######.#.#..#..##..##.#.#.#.
        """

    static func text(_ code: QRCode) -> String {
        (0..<code.size).map { y in String((0..<code.size).map { code[x: $0, y: y] ? "#" : "." }) }.joined(
            separator: "\n")
    }

    @Test func theDemoLinkEncodesToTheGoldenMatrix() throws {
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        #expect(code.version == 3)
        #expect(code.errorCorrection == .medium)
        #expect(code.mask == 7)
        #expect(Self.text(code) == Self.golden)
    }

    @Test func theChosenMaskHasTheLowestPenaltyOfTheEight() throws {
        for text in [
            "https://links.demo.test/demo/summer", "http://127.0.0.1:8787/beta/hello",
            String(repeating: "z", count: 200),
        ] {
            let chosen = try #require(QRCode.encode(Array(text.utf8)))
            let scores = (0..<8).map {
                QRPenalty.score(QRCode.encode(Array(text.utf8), mask: $0)!.modules, size: chosen.size)
            }
            #expect(scores[chosen.mask] == scores.min())
            #expect(scores.firstIndex(of: scores.min()!) == chosen.mask)  // ties go to the lowest pattern
        }
    }
}
