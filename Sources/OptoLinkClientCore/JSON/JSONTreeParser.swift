import Foundation

/// A strict RFC 8259 parser from UTF-8 bytes straight into a client's JSON tree (the SDK's `JSONValue`, the
/// S2S client's `S2SJSONValue`), built through that client's ``JSONTreeBuilder``: the only way the clients
/// read JSON they did not write themselves (response bodies, error envelopes, the SDK's stored event queue).
///
/// It reads each value once (decoding a tree through `JSONDecoder` tried each kind in turn and cost
/// tens of microseconds per answer on a direct open), and **never recurses**: containers are
/// kept on an explicit stack, at most ``maxDepth`` (512) deep, so hostile nesting is refused in constant
/// call-stack space (Apple's cooperative threads have 512 KiB stacks). It accepts exactly well-formed JSON
/// in UTF-8, as `JSONDecoder` does: an optional UTF-8 byte-order mark, no lone surrogates, no control
/// characters in strings, numbers that fit a Double (one that overflows or underflows to zero is
/// refused), the first of duplicate keys.
///
/// Inlinable and public (the target is no product: only the clients import it), so each client's build
/// specializes it for its own builder. A generic parser called through witness tables would cost the direct
/// open what reading each value once saved, and Swift 6.3 serializes no `@inlinable package` body for
/// other modules: the clients then called the generic parser (`nm` of the SDK's release objects).
public struct JSONTreeParser<Builder: JSONTreeBuilder> {
    /// The tree the parser builds.
    public typealias Tree = Builder.Tree

    @usableFromInline let bytes: [UInt8]
    @usableFromInline var index = 0
    /// The deepest nesting of arrays and objects accepted.
    public static var maxDepth: Int { 512 }

    /// Why a body is not JSON, with the byte offset where reading stopped.
    public struct Failure: Error, CustomStringConvertible {
        /// Where reading stopped.
        public let offset: Int
        /// Says it is not well-formed JSON, and where.
        public var description: String { "not well-formed JSON (at byte \(offset))" }
        /// A failure at `offset`.
        @inlinable public init(offset: Int) { self.offset = offset }
    }

    @inlinable init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The value in `data`, or a ``Failure``.
    @inlinable public static func decode(_ data: Data) throws -> Tree {
        var parser = JSONTreeParser(Array(data))
        if let value = parser.document() { return value }
        throw Failure(offset: parser.index)
    }

    /// The value, or nil when `data` is not strictly well-formed UTF-8 JSON.
    @inlinable public static func parse(_ data: Data) -> Tree? {
        var parser = JSONTreeParser(Array(data))
        return parser.document()
    }

    /// One open array or object. An object's members are collected in order and made into its dictionary
    /// once, when it closes: one allocation of the right size and one hash per key, instead of a dictionary
    /// that grows (and rehashes) as members arrive and is looked up twice per member for duplicates.
    @usableFromInline struct Container {
        @usableFromInline var isObject: Bool
        @usableFromInline var elements: [Tree] = []
        @usableFromInline var members: [(String, Tree)] = []
        /// The key whose value is being read (objects).
        @usableFromInline var key = ""

        @inlinable init(isObject: Bool) { self.isObject = isObject }
    }

    /// The whole input as one value (a leading byte-order mark skipped), nothing after it but whitespace.
    @inlinable mutating func document() -> Tree? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard let value = value() else { return nil }
        skipWhitespace()
        // Not `? value : nil`: a tree may be ExpressibleByNilLiteral, so that nil would be `.null`.
        guard index == bytes.count else { return Optional<Tree>.none }
        return value
    }

    /// One value, with every container in it: a loop over an explicit stack, no recursion.
    @inlinable mutating func value() -> Tree? {
        var stack: [Container] = []
        stack.reserveCapacity(8)  // answers nest a few levels: one allocation
        while true {
            // Read the start of a value: a scalar completes it; `[` or `{` opens a container.
            skipWhitespace()
            guard let byte = current else { return nil }
            var completed: Tree
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = byte == UInt8(ascii: "{")
                guard stack.count < Self.maxDepth else { return nil }
                index += 1
                skipWhitespace()
                if current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    completed = isObject ? Builder.object([:]) : Builder.array([])
                } else {
                    var container = Container(isObject: isObject)
                    if isObject {
                        guard let key = memberKey() else { return nil }
                        container.key = key
                        container.members.reserveCapacity(8)  // most answers' objects: one allocation
                    }
                    stack.append(container)
                    continue
                }
            case UInt8(ascii: "\""):
                guard let text = string() else { return nil }
                completed = Builder.string(text)
            case UInt8(ascii: "t"):
                guard let literal = literal("true", Builder.bool(true)) else { return nil }
                completed = literal
            case UInt8(ascii: "f"):
                guard let literal = literal("false", Builder.bool(false)) else { return nil }
                completed = literal
            case UInt8(ascii: "n"):
                guard let literal = literal("null", Builder.null) else { return nil }
                completed = literal
            default:
                guard let number = number() else { return nil }
                completed = number
            }
            // Hand the completed value to its container; close containers as long as they end here.
            while true {
                guard !stack.isEmpty else { return completed }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append((stack[top].key, completed))
                } else {
                    stack[top].elements.append(completed)
                }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    if stack[top].isObject {
                        skipWhitespace()
                        guard let key = memberKey() else { return nil }
                        stack[top].key = key
                    }
                    break  // read the next element or member value
                }
                guard current == (stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                index += 1
                let closed = stack.removeLast()
                // The first of duplicate keys wins, as in JSONDecoder.
                completed =
                    closed.isObject
                    ? Builder.object(Dictionary(closed.members, uniquingKeysWith: { first, _ in first }))
                    : Builder.array(closed.elements)
            }
        }
    }

    /// `"key"` then `:` (whitespace around the colon), the key returned.
    @inlinable mutating func memberKey() -> String? {
        guard current == UInt8(ascii: "\""), let key = string() else { return nil }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { return nil }
        index += 1
        return key
    }

    @inlinable var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inlinable mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 { index += 1 }
    }

    @inlinable mutating func literal(_ text: StaticString, _ value: Tree) -> Tree? {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
        index += count
        return value
    }

    /// A string starting at the opening quote.
    @inlinable mutating func string() -> String? {
        index += 1  // "
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
    @inlinable mutating func escape() -> Unicode.Scalar? {
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
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { return nil }
                index += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)  // nil for a lone low surrogate
        default:
            return nil
        }
    }

    @inlinable mutating func hex4() -> UInt32? {
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

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, refused when it overflows a Double or a
    /// non-zero literal underflows to zero (as `JSONDecoder` refuses them).
    @inlinable mutating func number() -> Tree? {
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
        var isInteger = true
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        let mantissaEnd = index
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
            isInteger = false
        }
        // An integer of at most 15 digits is exact in a Double: no text conversion needed.
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        if isInteger, index - digitsStart <= 15 {
            var integer: Int64 = 0
            for byte in bytes[digitsStart..<index] { integer = integer * 10 + Int64(byte - UInt8(ascii: "0")) }
            return Builder.number(negative ? -Double(integer) : Double(integer))
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)  // ASCII digits, sign, '.', 'e' only
        guard let value = Double(text), value.isFinite else { return nil }
        // A non-zero literal that became 0 underflowed.
        if value == 0,
            bytes[start..<mantissaEnd].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
        {
            return nil
        }
        return Builder.number(value)
    }
}
