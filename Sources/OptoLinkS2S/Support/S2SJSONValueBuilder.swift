internal import OptoLinkClientCore

/// How the clients' shared parser makes ``S2SJSONValue`` trees: each kind is the value's own case.
enum S2SJSONValueBuilder: JSONTreeBuilder {
    static var null: S2SJSONValue { .null }
    static func bool(_ value: Bool) -> S2SJSONValue { .bool(value) }
    static func number(_ value: Double) -> S2SJSONValue { .number(value) }
    static func string(_ value: String) -> S2SJSONValue { .string(value) }
    static func array(_ elements: [S2SJSONValue]) -> S2SJSONValue { .array(elements) }
    static func object(_ members: [String: S2SJSONValue]) -> S2SJSONValue { .object(members) }
}
