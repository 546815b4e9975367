/// SplitMix64: a small seeded generator, so a run's kill moments and fault bursts can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Settings read from the environment: `OPTOLINK_LONG=1` for the long variants, `OPTOLINK_SEED=N` to
/// replay a run.
enum RunSettings {
    static var long: Bool { ProcessInfo.processInfo.environment["OPTOLINK_LONG"] == "1" }

    static func seed(default value: UInt64) -> UInt64 {
        ProcessInfo.processInfo.environment["OPTOLINK_SEED"].flatMap(UInt64.init) ?? value
    }
}

import Foundation
