/// How many colours the terminal can show.
package enum ColorDepth: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// No colour (`NO_COLOR`, or a terminal without colours): attributes only.
    case mono = 0
    /// 8 ANSI colours.
    case ansi8 = 8
    /// 16 ANSI colours.
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case palette256 = 256
    /// 24-bit colour (ncurses direct colour: the colour number is `0xRRGGBB`).
    case trueColor = 16_777_216

    /// The depth for an ncurses `COLORS` value, honouring `NO_COLOR` (any non-empty value means mono).
    package static func detect(colors: Int, noColor: String?) -> ColorDepth {
        if let noColor, !noColor.isEmpty { return .mono }
        switch colors {
        case 16_777_216...: return .trueColor
        case 256...: return .palette256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .mono
        }
    }

    /// Orders by the number of colours.
    package static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}
