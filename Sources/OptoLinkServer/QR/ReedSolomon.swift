/// Reed–Solomon error correction over GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1
/// (0x11D) and the generator whose roots are α^0 … α^(n−1) (ISO/IEC 18004 section 7.5.2).
enum ReedSolomon {
    /// The `degree` error-correction codewords of `data`: the remainder of data·x^degree divided by
    /// the generator polynomial.
    static func errorCorrection(for data: ArraySlice<UInt8>, degree: Int) -> [UInt8] {
        let generator = generator(degree: degree)
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for i in 0..<degree { remainder[i] ^= multiply(generator[i + 1], factor) }
        }
        return remainder
    }

    /// The generator polynomial's coefficients, highest power first (the leading 1 included):
    /// (x − α^0)(x − α^1)…(x − α^(degree−1)).
    static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        for power in 0..<degree {
            let root = exp[power]
            var next = [UInt8](repeating: 0, count: coefficients.count + 1)
            for (i, c) in coefficients.enumerated() {
                next[i] ^= c
                next[i + 1] ^= multiply(c, root)
            }
            coefficients = next
        }
        return coefficients
    }

    /// The product of `a` and `b` in GF(2^8).
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exp[(Int(log[Int(a)]) + Int(log[Int(b)])) % 255]
    }

    /// α^i for i in 0..<255 (α = 2).
    private static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 255)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// log_α(v) for v in 1...255 (index 0 unused).
    private static let log: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (i, value) in exp.enumerated() { table[Int(value)] = UInt8(i) }
        return table
    }()
}
