import Foundation

/// A JSON value (`package`, never public: the SDK has its own `JSONValue`, and the dashboard imports both).
package enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The string payload, if this is a string.
    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The object payload, if this is an object.
    var objectValue: [String: JSON]? { if case .object(let o) = self { return o } else { return nil } }
    /// The number payload, if this is a number.
    var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }

    /// Member access on objects (nil otherwise).
    subscript(key: String) -> JSON? { objectValue?[key] }

    /// The name of this value's type, for validation messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Compact serialization with sorted keys (deterministic output): ``serializedBytes()`` as text.
    func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The serialized UTF-8 bytes.
    var data: Data { Data(serializedBytes()) }

    /// The compact serialization with sorted keys as UTF-8 bytes, written straight into a byte array
    /// (response bodies): strings escape `"`, `\\`, `\n`, `\r`, `\t` and other control characters as `\u00xx`.
    func serializedBytes() -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(256)
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: b ? "true".utf8 : "false".utf8)
        case .number(let n): out.append(contentsOf: JSON.format(n).utf8)
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted (key, value) pairs: no dictionary lookup per key.
            for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string literal. Bytes of multi-byte UTF-8 sequences are all ≥ 0x80 and pass through as they are.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        // Nothing to escape (the usual case): the bytes in one append.
        guard s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: s.utf8)
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0a: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0d: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case ..<0x20:
                out.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)],
                    hexDigits[Int(byte & 0x0f)],
                ])
            default: out.append(byte)
            }
        }
    }

    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return "\(n)"
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }
}

extension JSON: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSON].self) {
            self = .array(a)
        } else if let o = try? container.decode([String: JSON].self) {
            self = .object(o)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }
}

extension JSON {
    /// The object without its `params` member (the attempt log's `result` shape).
    var droppingParams: JSON {
        guard var object = objectValue else { return self }
        object["params"] = nil
        return .object(object)
    }
}
