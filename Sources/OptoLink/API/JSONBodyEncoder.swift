import Foundation

/// The SDK's own `Encoder` for the JSON it writes (``JSONBody/encode(_:)``): the same bytes as
/// `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` on Linux (a test compares them on every
/// body the SDK sends and on generated values), with less code on the way: warm, in a loop, both take
/// about 2 µs for a two-field resolve body; inside a direct open, where the code runs cold after the
/// previous request, `JSONEncoder` took a median 18 µs and this 11–12 µs (timestamps around
/// the call).
///
/// Keys are sorted by their UTF-8 bytes on every platform (Darwin's `JSONEncoder` may order them
/// otherwise); strings escape `"`, `\`, and the control characters (`\b \f \n \r \t`, else `\u00XX`),
/// nothing else; a whole Double is written without `.0` (`20`, `1e+21`), a non-finite one is an
/// `EncodingError`. `Data` is base64 and `URL` its absolute string, as `JSONEncoder`'s defaults have them.
struct JSONBodyEncoder {
    /// `value` as JSON.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let root = Node()
        try Writer(node: root, codingPath: []).encodeValue(value)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        root.write(to: &bytes)
        return Data(bytes)
    }

    /// A JSON object of string members, written straight from `members` (no `Encoder` on the way, no
    /// tree): the same bytes as ``encode(_:)`` of a struct with those string properties, or of the same
    /// dictionary. A direct open's body is one of these, and AppsFlyer's first-launch body: `Encoder` and
    /// the tree cost them ~10–20 µs there.
    static func encode(strings members: [String: String]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + members.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count })
        appendObject(members, to: &bytes) { value, bytes in appendString(value, to: &bytes) }
        return Data(bytes)
    }

    /// `{` the members in key order (by their UTF-8 bytes), each `"key":` and its value, `}`: how every
    /// object is written.
    static func appendObject<Value>(
        _ members: [String: Value], to bytes: inout [UInt8], value write: (Value, inout [UInt8]) -> Void
    ) {
        bytes.append(UInt8(ascii: "{"))
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, member) in sorted.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            write(member.value, &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// One value of the tree being built. A class, because a container is filled through the container
    /// objects `Encoder` hands out; scalars are kept as they are and written (escaped) at the end.
    final class Node {
        enum Content {
            case empty
            case null
            case bool(Bool)
            /// A number's JSON text.
            case number(String)
            case string(String)
            case array([Node])
            case object([String: Node])
        }

        var content = Content.empty

        func write(to bytes: inout [UInt8]) {
            switch content {
            case .empty:
                // an Encodable that encoded nothing, as JSONEncoder writes it
                bytes.append(UInt8(ascii: "{"))
                bytes.append(UInt8(ascii: "}"))
            case .null: bytes.append(contentsOf: "null".utf8)
            case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
            case .number(let text): bytes.append(contentsOf: text.utf8)
            case .string(let text): JSONBodyEncoder.appendString(text, to: &bytes)
            case .array(let nodes):
                bytes.append(UInt8(ascii: "["))
                for (index, node) in nodes.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    node.write(to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            case .object(let members):
                JSONBodyEncoder.appendObject(members, to: &bytes) { node, bytes in node.write(to: &bytes) }
            }
        }

        /// Makes this an object (keeping the members already written).
        func makeObject() {
            if case .object = content { return }
            content = .object([:])
        }

        /// Makes this an array (keeping the elements already written).
        func makeArray() {
            if case .array = content { return }
            content = .array([])
        }

        /// A new member `key` (an object's; replaces one of the same key, as JSONEncoder does).
        func member(_ key: String) -> Node {
            let node = Node()
            if case .object(var members) = content {
                content = .empty  // keep `members` uniquely referenced while it changes
                members[key] = node
                content = .object(members)
            }
            return node
        }

        /// Sets member `key` to `value`.
        func set(_ key: String, _ value: Content) {
            member(key).content = value
        }

        /// A new last element (an array's).
        func element() -> Node {
            let node = Node()
            if case .array(var nodes) = content {
                content = .empty
                nodes.append(node)
                content = .array(nodes)
            }
            return node
        }

        var count: Int {
            if case .array(let nodes) = content { return nodes.count }
            return 0
        }
    }

    /// `text` as a JSON string, quotes included.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A floating-point number's JSON text: its shortest description without a trailing `.0`.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, codingPath: [any CodingKey])
        throws -> String
    {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The `Encoder` handed to every value: writes into `node`.
    struct Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.makeObject()
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.makeArray()
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

        /// Writes `value` into `node`, with `JSONEncoder`'s defaults for the types it treats apart.
        func encodeValue<T: Encodable>(_ value: T) throws {
            switch value {
            case let text as String: node.content = .string(text)
            case let data as Data: node.content = .string(data.base64EncodedString())
            case let url as URL: node.content = .string(url.absoluteString)
            case let decimal as Decimal: node.content = .number(decimal.description)
            default: try value.encode(to: self)
            }
        }
    }

    /// Writes scalars into a node (shared by the three kinds of container).
    private static func scalar(_ node: Node, _ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let value as Bool: node.content = .bool(value)
        case let value as Double: node.content = .number(try number(value, codingPath: codingPath))
        case let value as Float: node.content = .number(try number(value, codingPath: codingPath))
        case let value as any BinaryInteger: node.content = .number(String(describing: value))
        default: try Writer(node: node, codingPath: codingPath).encodeValue(value)
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        func encodeNil(forKey key: Key) throws { node.set(key.stringValue, .null) }
        // The kinds synthesized `Encodable` conformances write most, without a cast.
        func encode(_ value: String, forKey key: Key) throws { node.set(key.stringValue, .string(value)) }
        func encode(_ value: Bool, forKey key: Key) throws { node.set(key.stringValue, .bool(value)) }
        func encode(_ value: Int, forKey key: Key) throws { node.set(key.stringValue, .number(String(value))) }
        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONBodyEncoder.scalar(node.member(key.stringValue), value, codingPath: codingPath + [key])
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }
        func superEncoder() -> any Encoder { Writer(node: node.member("super"), codingPath: codingPath) }
        func superEncoder(forKey key: Key) -> any Encoder {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        func encodeNil() throws { node.element().content = .null }
        func encode<T: Encodable>(_ value: T) throws {
            try JSONBodyEncoder.scalar(node.element(), value, codingPath: codingPath)
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
        {
            Writer(node: node.element(), codingPath: codingPath).container(keyedBy: keyType)
        }
        func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Writer(node: node.element(), codingPath: codingPath).unkeyedContainer()
        }
        func superEncoder() -> any Encoder { Writer(node: node.element(), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        func encodeNil() throws { node.content = .null }
        func encode<T: Encodable>(_ value: T) throws { try JSONBodyEncoder.scalar(node, value, codingPath: codingPath) }
    }
}
