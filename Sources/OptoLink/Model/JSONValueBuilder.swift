internal import OptoLinkClientCore

/// How the clients' shared parser and Codable make ``JSONValue`` trees: each kind is the value's own case
/// (package, not public: a public conformance would import the shared target publicly).
package enum JSONValueBuilder: JSONTreeBuilder {
    package static var null: JSONValue { .null }
    package static func bool(_ value: Bool) -> JSONValue { .bool(value) }
    package static func number(_ value: Double) -> JSONValue { .number(value) }
    package static func string(_ value: String) -> JSONValue { .string(value) }
    package static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    package static func object(_ members: [String: JSONValue]) -> JSONValue { .object(members) }
}
