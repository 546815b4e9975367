internal import OptoLinkClientCore

/// How the clients' shared parser and Codable make ``S2SJSONValue`` trees: each kind is the value's own
/// case (package, not public: a public conformance would import the shared target publicly).
package enum S2SJSONValueBuilder: JSONTreeBuilder {
    package static var null: S2SJSONValue { .null }
    package static func bool(_ value: Bool) -> S2SJSONValue { .bool(value) }
    package static func number(_ value: Double) -> S2SJSONValue { .number(value) }
    package static func string(_ value: String) -> S2SJSONValue { .string(value) }
    package static func array(_ elements: [S2SJSONValue]) -> S2SJSONValue { .array(elements) }
    package static func object(_ members: [String: S2SJSONValue]) -> S2SJSONValue { .object(members) }
}
