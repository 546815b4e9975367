import Foundation

/// Decodes a `Decodable` value from a ``JSONValue`` tree, the SDK's own JSON (no `JSONDecoder`, no text
/// round trip): ``OptoLinkData/decodeParams(as:)``.
///
/// JSON numbers decode as any numeric type that holds them exactly (an `Int` needs an integral value in
/// range). Strings that spell a number or `true`/`false` decode as numbers and booleans too, because URL
/// query items (custom-scheme links) and many link templates carry every value as a string; the opposite
/// (a number for a `String`) is a mismatch. A missing key is `nil` for an optional property. Throws
/// `DecodingError` with the coding path, as `JSONDecoder` does.
///
/// Each nesting level of the value costs a few stack frames, so the caller bounds the depth first
/// (``OptoLinkData/maxParamsDepth``): no recursion past that cap.
struct JSONValueDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try ValueDecoder(value: value, codingPath: []).decodeValue(type)
    }
}

/// One value being decoded, at `codingPath`.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueContainer(decoder: self) }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            expected, .init(codingPath: codingPath, debugDescription: "Expected \(expected), found \(value.kindName)"))
    }

    /// `T` from this value: the scalars directly, anything else through its `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: return try decodeString() as! T
        case is Bool.Type: return try decodeBool() as! T
        case is Double.Type: return try decodeDouble() as! T
        case is Float.Type:
            let double = try decodeDouble()
            guard abs(double) <= Double(Float.greatestFiniteMagnitude) else { throw mismatch(Float.self) }
            return Float(double) as! T
        case is Int.Type: return try decodeInteger(Int.self) as! T
        case is Int8.Type: return try decodeInteger(Int8.self) as! T
        case is Int16.Type: return try decodeInteger(Int16.self) as! T
        case is Int32.Type: return try decodeInteger(Int32.self) as! T
        case is Int64.Type: return try decodeInteger(Int64.self) as! T
        case is UInt.Type: return try decodeInteger(UInt.self) as! T
        case is UInt8.Type: return try decodeInteger(UInt8.self) as! T
        case is UInt16.Type: return try decodeInteger(UInt16.self) as! T
        case is UInt32.Type: return try decodeInteger(UInt32.self) as! T
        case is UInt64.Type: return try decodeInteger(UInt64.self) as! T
        case is JSONValue.Type: return value as! T
        case is URL.Type:
            guard let url = URL(string: try decodeString()) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Not a URL"))
            }
            return url as! T
        default: return try T(from: self)
        }
    }

    func decodeString() throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self) }
        return text
    }

    func decodeBool() throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw mismatch(Bool.self)
        }
    }

    func decodeDouble() throws -> Double {
        switch value {
        case .number(let number): return number
        case .string(let text):
            // Only what JSON itself would accept as a number (no "nan", "inf", "0x1p3", spaces).
            guard case .number(let number)? = JSONValueParser.parse(Data(text.utf8)) else {
                throw mismatch(Double.self)
            }
            return number
        default: throw mismatch(Double.self)
        }
    }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        if case .string(let text) = value, let exact = I(text) { return exact }
        let number = try decodeDouble()
        guard let integer = I(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(number) is not a \(I.self)"))
        }
        return integer
    }
}

extension JSONValue {
    fileprivate var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// The key of an array element in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { self.intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func decoder(for key: Key) throws -> ValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\""))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decodeValue(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSONValue.self,
                .init(
                    codingPath: codingPath + [IndexKey(currentIndex)],
                    debugDescription: "The array has no more elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
