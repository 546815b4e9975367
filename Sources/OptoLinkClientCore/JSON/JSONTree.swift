import Foundation

/// A JSON value as a tree: what the SDK's public `JSONValue` and the S2S client's `S2SJSONValue` both
/// are. Their cases satisfy the constructors as they stand; ``node`` reads one level back. Everything
/// else is written once, here: decoding and encoding through `Codable`
/// (``init(decodingAnyJSONFrom:)``, ``encodeJSON(to:)``), and compact text (``compactText``).
/// ``JSONTreeParser`` builds the same trees through each client's ``JSONTreeBuilder``.
package protocol JSONTree: Sendable, Hashable, Codable {
    /// `null`.
    static var null: Self { get }
    /// A Boolean.
    static func bool(_ value: Bool) -> Self
    /// A number.
    static func number(_ value: Double) -> Self
    /// A string.
    static func string(_ value: String) -> Self
    /// An array.
    static func array(_ elements: [Self]) -> Self
    /// An object.
    static func object(_ members: [String: Self]) -> Self
    /// This value, one level deep.
    var node: JSONNode<Self> { get }
}

extension JSONTree {
    /// Decodes any JSON value, trying each kind in turn; throws `DecodingError` when it is none.
    package init(decodingAnyJSONFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([Self].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: Self].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    /// Encodes the value as JSON.
    package func encodeJSON(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch node {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as compact JSON text (`"apples"`, `26`, `true`, `null`…), object keys sorted, slashes
    /// not escaped.
    package var compactText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
