import Foundation

/// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain Swift: a test **oracle**, not shipped.
///
/// A second, independent implementation, so the library's platform HMAC is checked against something
/// that shares no code with it (random inputs in `HMACSHA256Tests`) and the loopback listener can check
/// `af_sig` on its own. Slow and simple on purpose. The round constants are derived here (the fractional
/// parts of the cube and square roots of the first primes) rather than typed; the RFC 4231 vectors in
/// `HMACSHA256Tests` check the result.
enum SHA256Oracle {
    private static let primes: [Int] = {
        var found: [Int] = []
        var candidate = 2
        while found.count < 64 {
            if !found.contains(where: { candidate % $0 == 0 }) { found.append(candidate) }
            candidate += 1
        }
        return found
    }()

    private static func fraction32(_ value: Double) -> UInt32 {
        UInt32((value - value.rounded(.down)) * 4_294_967_296)
    }

    private static let roundConstants: [UInt32] = primes.map { fraction32(cbrt(Double($0))) }
    private static let initialState: [UInt32] = primes.prefix(8).map { fraction32(Double($0).squareRoot()) }

    static func hash(_ message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var state = initialState
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 64)
            for i in 0..<16 {
                words[i] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(padded[chunk + i * 4 + $1]) }
            }
            for i in 16..<64 {
                let s0 = rotate(words[i - 15], 7) ^ rotate(words[i - 15], 18) ^ (words[i - 15] >> 3)
                let s1 = rotate(words[i - 2], 17) ^ rotate(words[i - 2], 19) ^ (words[i - 2] >> 10)
                words[i] = words[i - 16] &+ s0 &+ words[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (
                state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
            )
            for i in 0..<64 {
                let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = h &+ sum1 &+ choose &+ roundConstants[i] &+ words[i]
                let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, h].enumerated() { state[i] = state[i] &+ value }
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5c } + inner)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
