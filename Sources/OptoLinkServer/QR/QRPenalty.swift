/// The mask evaluation of ISO/IEC 18004 section 7.8.3: the mask with the lowest total penalty wins.
///
/// - N1: each run of 5 or more same-coloured modules in a row or column scores 3 + (run − 5).
/// - N2: each 2 × 2 block of one colour scores 3 (overlapping blocks count separately).
/// - N3: each 1:1:3:1:1 dark–light pattern with 4 light modules before or after it, in a row or column,
///   scores 40 (the area outside the symbol counts as light: the quiet zone).
/// - N4: 10 for every full 5 % the share of dark modules is away from 50 %.
enum QRPenalty {
    /// The sum of the four rules over the row-major `dark` modules of a `size` × `size` symbol.
    static func score(_ dark: [Bool], size: Int) -> Int {
        runs(dark, size: size) + blocks(dark, size: size) + finderLikePatterns(dark, size: size)
            + balance(dark, size: size)
    }

    // Every rule reads the modules through one buffer with index arithmetic (rows: step 1, columns: step
    // `size`): the encoder scores 8 masks per code, and array copies per line made a version-40 code take
    // a noticeable fraction of a second.

    /// Rule N1.
    static func runs(_ dark: [Bool], size: Int) -> Int {
        dark.withUnsafeBufferPointer { modules in
            var total = 0
            for line in 0..<(2 * size) {
                let first = line < size ? line * size : line - size
                let step = line < size ? 1 : size
                var run = 1
                for k in 1..<size {
                    if modules[first + k * step] == modules[first + (k - 1) * step] {
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
    }

    /// Rule N2.
    static func blocks(_ dark: [Bool], size: Int) -> Int {
        dark.withUnsafeBufferPointer { modules in
            var total = 0
            for y in 0..<(size - 1) {
                for x in 0..<(size - 1) {
                    let i = y * size + x
                    let colour = modules[i]
                    if modules[i + 1] == colour, modules[i + size] == colour, modules[i + size + 1] == colour {
                        total += 3
                    }
                }
            }
            return total
        }
    }

    /// Rule N3: each dark–light 1011101 in a row or column scores 40 for 4 light modules before it and
    /// 40 for 4 after it (outside the symbol is light).
    static func finderLikePatterns(_ dark: [Bool], size: Int) -> Int {
        guard size >= 7 else { return 0 }
        return dark.withUnsafeBufferPointer { modules in
            var total = 0
            for line in 0..<(2 * size) {
                let first = line < size ? line * size : line - size
                let step = line < size ? 1 : size
                for start in 0...(size - 7) {
                    let p = first + start * step
                    guard modules[p], !modules[p + step], modules[p + 2 * step], modules[p + 3 * step],
                        modules[p + 4 * step],
                        !modules[p + 5 * step], modules[p + 6 * step]
                    else { continue }
                    var lightBefore = true
                    var lightAfter = true
                    for k in 1...4 {
                        if start - k >= 0, modules[p - k * step] { lightBefore = false }
                        if start + 6 + k < size, modules[p + (6 + k) * step] { lightAfter = false }
                    }
                    if lightBefore { total += 40 }
                    if lightAfter { total += 40 }
                }
            }
            return total
        }
    }

    /// Rule N4.
    static func balance(_ dark: [Bool], size: Int) -> Int {
        let total = size * size
        let darkCount = dark.reduce(0) { $1 ? $0 + 1 : $0 }
        return abs(darkCount * 20 - total * 10) / total * 10
    }
}
