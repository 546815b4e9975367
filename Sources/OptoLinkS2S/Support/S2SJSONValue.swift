import Foundation
package import OptoLinkClientCore

/// A JSON value, kept as the service sent it: the click's `custom_params` and its raw fields.
///
/// Numbers are `Double` (exact for integers up to 2⁵³). Decodes from and encodes to JSON, so a backend
/// can pass the values on to its app unchanged.
public enum S2SJSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([S2SJSONValue])
    /// An object.
    case object([String: S2SJSONValue])

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The object's members, when this is an object.
    public var objectValue: [String: S2SJSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        self = try S2SJSONValue(decodingAnyJSONFrom: decoder)
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        try encodeJSON(to: encoder)
    }

    /// The value as compact JSON text (`"apples"`, `26`, `true`, `null`…), object keys sorted.
    public var description: String { compactText }

    /// The JSON text of a scalar, used where the schema says "string" and a number or boolean came.
    var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .bool, .number: return description
        case .null, .array, .object: return nil
        }
    }
}

extension S2SJSONValue: JSONTree {
    /// Makes each kind of value for the shared parser and Codable.
    package typealias Builder = S2SJSONValueBuilder

    /// This value, one level deep (for the clients' shared JSON code).
    package var node: JSONNode<S2SJSONValue> {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements)
        case .object(let members): .object(members)
        }
    }
}
