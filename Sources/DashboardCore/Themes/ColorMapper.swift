/// Maps theme colours down to what a terminal can show: true colour → 256 → 16 → 8 → none.
///
/// Pure functions, tested. The result is an ncurses colour number, or -1 for the terminal default
/// (`use_default_colors`). Examples: `#ff0000` → 196 at 256 colours, → 9 (bright red) at 16, → 1 (red) at 8;
/// a bright ANSI index at 8 colours becomes its normal twin (9 → 1).
package enum ColorMapper {
    /// The six levels of the xterm colour cube.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The xterm palette's RGB for the 16 ANSI colours.
    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    /// The colour number for `color` at `depth`; -1 = the terminal default (also for every colour at
    /// ``ColorDepth/mono``).
    package static func map(_ color: ThemeColor, to depth: ColorDepth) -> Int {
        switch (color, depth) {
        case (.terminalDefault, _), (_, .mono): return -1
        case (.rgb(let r, let g, let b), .trueColor): return r << 16 | g << 8 | b
        case (.rgb(let r, let g, let b), .palette256): return nearest256(r, g, b)
        case (.rgb(let r, let g, let b), .ansi16): return nearestANSI(r, g, b, count: 16)
        case (.rgb(let r, let g, let b), .ansi8): return nearestANSI(r, g, b, count: 8)
        case (.indexed(let i), .trueColor), (.indexed(let i), .palette256): return i
        case (.indexed(let i), .ansi16):
            if i < 16 { return i }
            let (r, g, b) = rgb(of256: i)
            return nearestANSI(r, g, b, count: 16)
        case (.indexed(let i), .ansi8):
            if i < 16 { return i % 8 }
            let (r, g, b) = rgb(of256: i)
            return nearestANSI(r, g, b, count: 8)
        }
    }

    /// The nearest colour of the 256 palette (cube 16–231 or grey ramp 232–255).
    package static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int {
            cubeLevels.indices.min { abs(cubeLevels[$0] - v) < abs(cubeLevels[$1] - v) } ?? 0
        }
        let (ri, gi, bi) = (level(r), level(g), level(b))
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance((r, g, b), (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]))
        let average = (r + g + b) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let greyValue = 8 + 10 * greyIndex
        let greyDistance = distance((r, g, b), (greyValue, greyValue, greyValue))
        return greyDistance < cubeDistance ? 232 + greyIndex : cube
    }

    /// The RGB of a 256-palette index.
    package static func rgb(of256 index: Int) -> (Int, Int, Int) {
        switch index {
        case 0..<16: return ansiRGB[index]
        case 16..<232:
            let i = index - 16
            return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
        default:
            let v = 8 + 10 * (min(255, index) - 232)
            return (v, v, v)
        }
    }

    static func nearestANSI(_ r: Int, _ g: Int, _ b: Int, count: Int) -> Int {
        (0..<count).min { distance((r, g, b), ansiRGB[$0]) < distance((r, g, b), ansiRGB[$1]) } ?? 7
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}
