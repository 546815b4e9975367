import Foundation

/// A strict RFC 8259 parser: rejects invalid UTF-8, trailing garbage, lone surrogates, control
/// characters in strings and nesting deeper than 64. Every failure is a 400.
struct JSONParser {
    static let maxDepth = 64
    private let bytes: [UInt8]
    private var index = 0

    /// Parses `data` as one JSON document.
    static func parse(_ data: some Collection<UInt8>) throws(OptoLinkServerError) -> JSON {
        let bytes = Array(data)
        // Valid UTF-8 survives decoding unchanged (an invalid sequence would come back as U+FFFD).
        guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else {
            throw .badRequest("Request body is not valid UTF-8")
        }
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.fail("unexpected data after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ reason: String) -> OptoLinkServerError {
        .badRequest("Malformed JSON: \(reason) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(OptoLinkServerError) -> JSON {
        guard depth < JSONParser.maxDepth else { throw fail("nesting deeper than \(JSONParser.maxDepth)") }
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expect(_ literal: String) throws(OptoLinkServerError) {
        let lit = Array(literal.utf8)
        guard index + lit.count <= bytes.count, Array(bytes[index..<index + lit.count]) == lit else {
            throw fail("invalid literal")
        }
        index += lit.count
    }

    private mutating func parseObject(depth: Int) throws(OptoLinkServerError) -> JSON {
        index += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(OptoLinkServerError) -> JSON {
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(OptoLinkServerError) -> String {
        index += 1
        var out = [UInt8]()
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5c)
                case UInt8(ascii: "/"): out.append(0x2f)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("lone surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw fail("lone surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid code point") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw fail("invalid escape")
                }
            case 0..<0x20:
                throw fail("control character in string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func parseHex4() throws(OptoLinkServerError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            index += 1
            let digit: UInt32
            switch b {
            case 48...57: digit = UInt32(b - 48)
            case 65...70: digit = UInt32(b - 55)
            case 97...102: digit = UInt32(b - 87)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func parseNumber() throws(OptoLinkServerError) -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("unexpected character") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw fail("number out of range")
        }
        return value
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
