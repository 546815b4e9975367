/// Re-indents JSON text two spaces per level without reordering keys or touching numbers and strings
/// (what the server sent, only readable). Text that is not a JSON object or array comes back as its lines.
///
/// Works on the UTF-8 bytes (structure is ASCII; other bytes are copied as they are): a 16 KiB body, the
/// most the inspector keeps, in well under a millisecond.
enum JSONPretty {
    /// The lines of `text`, pretty-printed when it is JSON.
    static func lines(_ text: String) -> [String] {
        let trimmed = text.trimmingSpaces
        guard let first = trimmed.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let bytes = Array(trimmed.utf8)
        var lines: [String] = []
        var line: [UInt8] = []
        line.reserveCapacity(128)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            if line.contains(where: { $0 != space }) { lines.append(String(decoding: line, as: UTF8.self)) }
            line.removeAll(keepingCapacity: true)
            for _ in 0..<max(0, depth) {
                line.append(space)
                line.append(space)
            }
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                line.append(byte)
                if escaped {
                    escaped = false
                } else if byte == backslash {
                    escaped = true
                } else if byte == quote {
                    inString = false
                }
                continue
            }
            switch byte {
            case quote:
                inString = true
                line.append(byte)
            case openBrace, openBracket:
                // An empty object or array stays on one line.
                let close = byte == openBrace ? closeBrace : closeBracket
                var next = index
                while next < bytes.count && isWhitespace(bytes[next]) { next += 1 }
                if next < bytes.count && bytes[next] == close {
                    line.append(byte)
                    line.append(close)
                    index = next + 1
                } else {
                    line.append(byte)
                    depth += 1
                    newline()
                }
            case closeBrace, closeBracket:
                depth -= 1
                newline()
                line.append(byte)
            case comma:
                line.append(byte)
                newline()
            case colon:
                line.append(colon)
                line.append(space)
            case space, tab, lineFeed, carriageReturn:
                continue
            default:
                line.append(byte)
            }
        }
        if line.contains(where: { $0 != space }) { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}"), openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]"), comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    /// JSON's whitespace (RFC 8259: space, tab, line feed, carriage return).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }
}
