@testable import OptoLinkServer

/// The first mask penalty (section 7.8.3, rules N1 and N3 over copied rows and columns, N3 as the
/// 11-module windows 0000 1011101 and 1011101 0000 over each line padded with 4 light modules), kept
/// as a test oracle since `QRPenalty` reads the modules in place: the two must agree.
enum QRPenaltyOracle {
    static func runs(_ dark: [Bool], size: Int) -> Int {
        var total = 0
        for line in lines(dark, size: size) {
            var run = 1
            for k in 1..<line.count {
                if line[k] == line[k - 1] {
                    run += 1
                } else {
                    if run >= 5 { total += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { total += run - 2 }
        }
        return total
    }

    static func finderLikePatterns(_ dark: [Bool], size: Int) -> Int {
        let lightThenPattern: [Bool] = [false, false, false, false, true, false, true, true, true, false, true]
        let patternThenLight: [Bool] = lightThenPattern.reversed()
        var total = 0
        for line in lines(dark, size: size) {
            let padded = [false, false, false, false] + line + [false, false, false, false]
            for start in 0...(padded.count - 11) {
                let window = padded[start..<start + 11]
                if window.elementsEqual(lightThenPattern) { total += 40 }
                if window.elementsEqual(patternThenLight) { total += 40 }
            }
        }
        return total
    }

    private static func lines(_ dark: [Bool], size: Int) -> [[Bool]] {
        (0..<size).map { y in Array(dark[y * size..<(y + 1) * size]) }
            + (0..<size).map { x in (0..<size).map { y in dark[y * size + x] } }
    }
}
