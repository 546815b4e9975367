import Foundation

/// A JSON value as a tree: what the SDK's public `JSONValue` and the S2S client's `S2SJSONValue` both
/// are. ``Builder`` makes each kind of value, ``node`` reads one level back. Everything else is written
/// once, here: decoding and encoding through `Codable` (``init(decodingAnyJSONFrom:)``, ``encodeJSON(to:)``),
/// and compact text (``compactText``); ``JSONTreeParser`` builds the same trees through the same builder.
package protocol JSONTree: Sendable, Hashable, Codable {
    /// How each kind of value is made (the client's own type, so the parser specializes for it).
    associatedtype Builder: JSONTreeBuilder where Builder.Tree == Self
    /// This value, one level deep.
    var node: JSONNode<Self> { get }
}

extension JSONTree {
    /// Decodes any JSON value, trying each kind in turn; throws `DecodingError` when it is none.
    package init(decodingAnyJSONFrom decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = Builder.null
        } else if let value = try? container.decode(Bool.self) {
            self = Builder.bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = Builder.number(value)
        } else if let value = try? container.decode(String.self) {
            self = Builder.string(value)
        } else if let value = try? container.decode([Self].self) {
            self = Builder.array(value)
        } else if let value = try? container.decode([String: Self].self) {
            self = Builder.object(value)
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
