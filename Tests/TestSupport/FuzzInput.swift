import Foundation

/// Inputs for the bad-input fuzz suites, drawn from a ``SeededRandom``: mutations of a valid text (bytes
/// flipped, control bytes and NULs, lines cut or repeated, numbers replaced by extreme ones) and random flags.
public struct FuzzInput {
    /// The generator; the same seed gives the same inputs on every run.
    public var random: SeededRandom

    /// Numbers a file or a flag may hold that break careless conversions.
    public static let extremeNumbers = [
        "1e308", "-1e308", "1e30", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.5",
        "-1", "0", "NaN", "Infinity", "1e-320", "99999", "",
    ]

    /// Bytes that reach a terminal as commands.
    public static let controlTexts = ["\u{1B}[2J", "\u{0}", "\r", "\u{7}", "\u{1B}]0;title\u{7}", "\u{202E}", "\t"]

    /// A generator fixed by `seed`.
    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// A whole number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// One of `items`.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// `text` changed by one to four random mutations.
    public mutating func mutate(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<int(1...4) {
            switch int(0...8) {
            case 0 where !bytes.isEmpty:
                bytes[int(0...(bytes.count - 1))] = UInt8(int(0...255))
            case 1:
                bytes.insert(contentsOf: Array(pick(Self.controlTexts).utf8), at: int(0...bytes.count))
            case 2 where !bytes.isEmpty:
                let cut = int(0...(bytes.count - 1))
                bytes.removeSubrange(cut..<min(bytes.count, cut + int(1...64)))
            case 3:
                bytes = replaceANumber(in: bytes)
            case 4 where !bytes.isEmpty:
                let start = int(0...(bytes.count - 1))
                let piece = bytes[start..<min(bytes.count, start + int(1...40))]
                for _ in 0..<int(1...50) { bytes.insert(contentsOf: piece, at: start) }
            case 5:
                bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "k"), count: int(1000...20_000)), at: 0)
            case 6:
                bytes.insert(contentsOf: [0xFF, 0xFE, 0xC0], at: int(0...bytes.count))
            case 7 where !bytes.isEmpty:
                bytes = Array(bytes.prefix(int(0...bytes.count)))
            default:
                bytes.insert(
                    contentsOf: Array(pick(["\n", "=", ",", ";", "\"", "{", "}", "[", "]", ":"]).utf8),
                    at: int(0...bytes.count))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` with one run of digits replaced by an extreme number.
    private mutating func replaceANumber(in bytes: [UInt8]) -> [UInt8] {
        let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        guard !digits.isEmpty else { return bytes }
        var start = pick(digits)
        while start > 0, (0x30...0x39).contains(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") {
            start -= 1
        }
        var end = start
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
        var result = bytes
        result.replaceSubrange(start..<end, with: Array(pick(Self.extremeNumbers).utf8))
        return result
    }

    /// A random command line: known flags with values good and bad, unknown words, control bytes.
    public mutating func arguments(flags: [String], values: [String]) -> [String] {
        (0..<int(0...5)).map { _ in
            switch int(0...5) {
            case 0, 1, 2: return pick(flags)
            case 3: return pick(values + Self.extremeNumbers)
            case 4: return pick(Self.controlTexts) + pick(flags)
            default: return String(repeating: "x", count: int(0...300))
            }
        }
    }
}
