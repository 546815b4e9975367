import Foundation

/// The fuzz's generator: the shared seeded one (same sequence for the same seed), with the draws the
/// fuzzer uses.
typealias FuzzRandom = SeededRandom

extension SeededRandom {
    /// A value in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// The seed for this run: `OPTOLINK_FUZZ_SEED` (decimal or 0x-hex) when set, else a fresh random one.
    static func runSeed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["OPTOLINK_FUZZ_SEED"] {
            if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
            if let value = UInt64(text) { return value }
        }
        return UInt64.random(in: 1...UInt64.max)
    }
}
