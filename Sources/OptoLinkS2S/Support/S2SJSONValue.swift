import Foundation

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
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([S2SJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: S2SJSONValue].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as compact JSON text (`"apples"`, `26`, `true`, `null`…), object keys sorted.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON text of a scalar, used where the schema says "string" and a number or boolean came.
    var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .bool, .number: return description
        case .null, .array, .object: return nil
        }
    }
}
