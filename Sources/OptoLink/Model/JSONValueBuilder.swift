internal import OptoLinkClientCore

/// How the clients' shared parser makes ``JSONValue`` trees: each kind is the value's own case.
enum JSONValueBuilder: JSONTreeBuilder {
    static var null: JSONValue { .null }
    static func bool(_ value: Bool) -> JSONValue { .bool(value) }
    static func number(_ value: Double) -> JSONValue { .number(value) }
    static func string(_ value: String) -> JSONValue { .string(value) }
    static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements) }
    static func object(_ members: [String: JSONValue]) -> JSONValue { .object(members) }
}
