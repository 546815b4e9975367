import Foundation
import OptoLinkServer

/// The lab's seeded random draws (over the package's SplitMix64): the same seed gives the same sequence, so
/// the same population, on every run on the same platform (`log` and `cos` come from the platform's math
/// library).
struct LabRandom {
    private var generator: SplitMix64

    /// Draws fixed by `seed`.
    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A uniform value in [0, 1).
    mutating func unit() -> Double { Double(generator.next() >> 11) * 0x1.0p-53 }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { p >= 1 || (p > 0 && unit() < p) }

    /// A uniform integer in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }

    /// A uniform index below `count` (> 0).
    mutating func index(below count: Int) -> Int { Int(generator.next() % UInt64(count)) }

    /// A standard normal value (Box–Muller).
    mutating func normal() -> Double {
        let u = max(unit(), 0x1.0p-53)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
    }

    /// An index drawn by the cumulative shares `cumulative` (ascending, last ≈ 1).
    mutating func pick(_ cumulative: [Double]) -> Int {
        let u = unit() * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > u { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Shuffles `values` in place (Fisher–Yates).
    mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(index, self.index(below: index + 1))
        }
    }
}
