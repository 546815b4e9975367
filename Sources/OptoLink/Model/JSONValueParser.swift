import Foundation

/// A strict RFC 8259 parser from UTF-8 bytes straight into ``JSONValue``: the fast path for response
/// bodies.
///
/// Decoding `JSONValue` through `JSONDecoder` tries each kind in turn and builds a `DecodingError` for
/// every miss, which made reading a 113-byte `/data` answer cost tens of microseconds (found by
/// `optolink-bench`, measure 2). This parser reads each value once. It accepts only well-formed JSON in
/// UTF-8 (no BOM before the value, no lone surrogates, no control characters in strings, numbers without
/// an exponent that fit a Double, nesting up to 512); ``decode(_:)`` falls back to `JSONDecoder` for
/// anything else, so what is accepted and how it fails never changes.
struct JSONValueParser {
    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 512

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses `data`, falling back to `JSONDecoder` (and its error) when the fast path refuses it.
    static func decode(_ data: Data) throws -> JSONValue {
        if let value = parse(data) { return value }
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The value, or nil when `data` is not strictly well-formed UTF-8 JSON.
    static func parse(_ data: Data) -> JSONValue? {
        var parser = JSONValueParser(Array(data))
        parser.skipWhitespace()
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        // Not `? value : nil`: JSONValue is ExpressibleByNilLiteral, so that nil would be `.null`.
        guard parser.index == parser.bytes.count else { return Optional<JSONValue>.none }
        return value
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 { index += 1 }
    }

    private mutating func literal(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth < Self.maxDepth, let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1   // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let member = value(depth: depth + 1) else { return nil }
            if members.index(forKey: key) == nil { members[key] = member }   // the first of duplicate keys wins, as in JSONDecoder
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1   // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    /// A string starting at the opening quote.
    private mutating func string() -> String? {
        index += 1   // "
        // The usual case: printable ASCII up to the closing quote, no escape. Those bytes are exactly
        // the string's UTF-8, so it is built in one go instead of scalar by scalar.
        var end = index
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\") {
            if bytes[end] == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            end += 1
        }
        var scalars = String.UnicodeScalarView()
        var runStart = index
        // Unescaped runs are copied as validated UTF-8; escapes are decoded one by one.
        // Validated with the standard library's UTF-8 decoder: Foundation's `String(bytes:encoding:)`
        // would drop a U+FEFF at the start of a run (found by the response fuzz tests).
        func flush(_ end: Int) -> Bool {
            guard end > runStart else { return true }
            var iterator = bytes[runStart..<end].makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar)
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                guard flush(index) else { return nil }
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                guard flush(index) else { return nil }
                index += 1
                guard let escaped = escape() else { return nil }
                scalars.append(escaped)
                runStart = index
            case 0x00..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// One escape after the backslash.
    private mutating func escape() -> Unicode.Scalar? {
        guard let byte = current else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)   // nil for a lone low surrogate
        default:
            return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)?`, finite (a number with an exponent goes to JSONDecoder).
    private mutating func number() -> JSONValue? {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { return nil }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        // Exponents are left to JSONDecoder: it refuses numbers that overflow or underflow a Double
        // (e.g. `-0.5e-999`), and only it knows exactly which (found by the response fuzz tests).
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") { return nil }
        // An integer of at most 15 digits is exact in a Double: no text conversion needed.
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        if index - digitsStart <= 15, !bytes[digitsStart..<index].contains(UInt8(ascii: ".")) {
            var integer: Int64 = 0
            for byte in bytes[digitsStart..<index] { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) }
            return .number(negative ? -Double(integer) : Double(integer))
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)   // ASCII digits, '-' and '.' only
        guard let value = Double(text), value.isFinite else { return nil }
        // A non-zero literal that became 0 underflowed: leave it to JSONDecoder too.
        if value == 0, bytes[start..<index].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) { return nil }
        return .number(value)
    }
}
