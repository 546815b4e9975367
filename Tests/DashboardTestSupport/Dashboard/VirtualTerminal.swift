/// A tiny terminal for the cast tests: applies the escape sequences the ANSI encoder writes (cursor moves
/// `ESC[r;cH`, `ESC[H`, clear `ESC[2J`, SGR `ESC[…m`, private modes `ESC[?…l/h`) and printable characters,
/// and keeps the text and the last SGR of every cell. Anything else fails the test, so the encoder cannot emit
/// a sequence nobody checked.
package struct VirtualTerminal {
    package let width: Int
    package let height: Int
    package private(set) var characters: [[Character]]
    package private(set) var styles: [[String]]
    package private(set) var unknown: [String] = []
    private var row = 0
    private var column = 0
    private var style = "0"

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        characters = Array(repeating: Array(repeating: " ", count: width), count: height)
        styles = Array(repeating: Array(repeating: "0", count: width), count: height)
    }

    /// The screen's rows as text.
    package var lines: [String] { characters.map { String($0) } }

    /// Applies `output` (what a player sends to the terminal).
    package mutating func apply(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                guard scalars.first == "[" else {
                    unknown.append("ESC without [")
                    continue
                }
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                guard let final = scalars.popFirst() else { break }
                control(parameters, final: Character(final))
            } else if scalar == "\r" {
                column = 0
            } else if scalar == "\n" {
                row = min(height - 1, row + 1)
            } else if scalar.value >= 0x20 {
                if row < height, column < width {
                    characters[row][column] = Character(scalar)
                    styles[row][column] = style
                }
                column += 1
            } else {
                unknown.append("control \(scalar.value)")
            }
        }
    }

    private mutating func control(_ parameters: String, final: Character) {
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            row = max(0, (numbers.first ?? 1) - 1)
            column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
        case "J" where parameters == "2":
            characters = Array(repeating: Array(repeating: " ", count: width), count: height)
            styles = Array(repeating: Array(repeating: "0", count: width), count: height)
        case "m":
            style = parameters.isEmpty ? "0" : parameters
        case "l",
            "h" where parameters.hasPrefix("?"):
            break
        default:
            unknown.append("ESC[\(parameters)\(final)")
        }
    }
}
