import Testing

@testable import OptoLinkServer

/// Section 7.8.3's four rules on small hand-made matrices.
@Suite struct QRPenaltyTests {
    static func matrix(_ rows: [String]) -> [Bool] { rows.flatMap { $0.map { $0 == "#" } } }

    @Test func anAllLightSquareScoresEveryRuleButTheFinderOne() {
        // Given 5 × 5 light modules
        let light = Array(repeating: false, count: 25)
        // Then: 10 runs of 5 (3 each), 16 blocks (3 each), no finder-like pattern, 0 % dark (10 × 10)
        #expect(QRPenalty.runs(light, size: 5) == 30)
        #expect(QRPenalty.blocks(light, size: 5) == 48)
        #expect(QRPenalty.finderLikePatterns(light, size: 5) == 0)
        #expect(QRPenalty.balance(light, size: 5) == 100)
        #expect(QRPenalty.score(light, size: 5) == 178)
    }

    @Test func runsScoreThreePlusTheirLengthOverFive() {
        // Given a checkerboard (no runs) but for one row of 7 dark modules
        var rows = (0..<7).map { y in String((0..<7).map { ($0 + y) % 2 == 0 ? "#" : "." }) }
        rows[3] = "#######"
        // Then that row scores 3 + 2, the columns none (at most 3 alike in a row)
        #expect(QRPenalty.runs(Self.matrix(rows), size: 7) == 5)
    }

    @Test func aFinderLikePatternWithLightOnBothSidesCountsForEachSide() {
        // Given one row 1011101 (the quiet zone is light on both ends), every other module light
        let rows = [".......", ".......", "#.###.#", ".......", ".......", ".......", "......."]
        // Then it is preceded and followed by 4 light modules: 2 × 40; no column has the pattern
        #expect(QRPenalty.finderLikePatterns(Self.matrix(rows), size: 7) == 80)
    }

    @Test func aFinderLikePatternWithoutFourLightModulesScoresNothing() {
        // Given 1011101 with a dark module one away on each side (within the 4 light it needs)
        let line = "#.#.###.#.#"
        let rows = [line] + Array(repeating: String(repeating: ".", count: 11), count: 10)
        #expect(QRPenalty.finderLikePatterns(Self.matrix(rows), size: 11) == 0)
    }

    @Test(arguments: [
        (50, 0), (46, 0), (45, 10), (44, 10), (40, 20), (39, 20), (36, 20), (35, 30), (54, 0), (55, 10), (100, 100),
    ])
    func balanceScoresTenPerFullFivePercentFromHalf(darkCount: Int, expected: Int) {
        // Given 100 modules, `darkCount` of them dark
        let modules = (0..<100).map { $0 < darkCount }
        #expect(QRPenalty.balance(modules, size: 10) == expected)
    }

    @Test func twoByTwoBlocksOverlapAndCountSeparately() {
        // Given a 3 × 3 dark square in a checkerboard-free light frame: 4 dark blocks inside, light ones outside
        let rows = ["#####", "#...#", "#...#", "#...#", "#####"]
        // Then the light 3 × 3 centre holds 4 blocks, the ring none
        #expect(QRPenalty.blocks(Self.matrix(rows), size: 5) == 12)
    }
}

extension QRPenaltyTests {
    @Test func runsAndFinderPatternsAgreeWithTheFirstImplementationOnRandomAndRealSymbols() throws {
        var random = SplitMix64(seed: 18004)
        for size in [7, 8, 11, 21, 25] {
            for _ in 0..<40 {
                // sparse, dense and even matrices, so long runs and 1011101 patterns occur
                let density = [2, 5, 8][Int(random.next() % 3)]
                let modules = (0..<(size * size)).map { _ in random.next() % 10 < density }
                #expect(QRPenalty.runs(modules, size: size) == QRPenaltyOracle.runs(modules, size: size))
                #expect(
                    QRPenalty.finderLikePatterns(modules, size: size)
                        == QRPenaltyOracle.finderLikePatterns(modules, size: size))
            }
        }
        let code = try #require(QRCode.encode(Array("https://links.demo.test/demo/summer".utf8)))
        #expect(
            QRPenalty.finderLikePatterns(code.modules, size: code.size)
                == QRPenaltyOracle.finderLikePatterns(code.modules, size: code.size))
        #expect(QRPenalty.finderLikePatterns(code.modules, size: code.size) >= 3 * 80)  // the three finders, at least
    }
}
