/// SplitMix64: a small seeded generator, so a test's random inputs (fuzz bodies, kill moments, fault
/// bursts, interleavings) are the same on every run with the same seed. The one copy for every test
/// target (the server's own `SplitMix64` serves its benchmark workload).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
