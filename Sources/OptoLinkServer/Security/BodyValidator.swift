import Foundation

/// Whitelist validation of JSON bodies (class-validator's `whitelist` + `forbidNonWhitelisted`):
/// an unknown field, a wrong type, a length out of range or a missing required field is a 400 whose
/// `details` name every offending field. `null` for an optional field counts as absent.
struct BodyValidator: Sendable {
    /// What a field may hold.
    enum Kind: Sendable {
        /// A string of `min...max` Unicode code points.
        case string(min: Int, max: Int)
        /// An integral number in the range.
        case integer(ClosedRange<Int>)
        /// A number in the range.
        case number(ClosedRange<Double>)
        /// A JSON object at most `maxBytes` long once serialized (rejected, never truncated).
        case object(maxBytes: Int)
    }

    /// One allowed field.
    struct Field: Sendable {
        var name: String
        var kind: Kind
        var required: Bool
    }

    var fields: [Field] {
        didSet { knownNames = Set(fields.map(\.name)) }
    }

    /// The field names, as a set made once (not for every body validated).
    private var knownNames: Set<String>

    init(fields: [Field]) {
        self.fields = fields
        knownNames = Set(fields.map(\.name))
    }

    /// Longest accepted value for the free-form fingerprint strings the seed gives no limit for.
    static let freeTextMax = 100

    /// Parses and validates `body`; an empty body counts as `{}`.
    func validate(_ body: [UInt8]) throws(OptoLinkServerError) -> [String: JSON] {
        let json: JSON =
            body.allSatisfy({ [0x20, 0x09, 0x0a, 0x0d].contains($0) }) ? .object([:]) : try JSONParser.parse(body)
        guard let object = json.objectValue else { throw .badRequest("Request body must be a JSON object") }
        return try validate(object)
    }

    /// Validates an already parsed object; returns it without `null` members.
    func validate(_ object: [String: JSON]) throws(OptoLinkServerError) -> [String: JSON] {
        var details = [OptoLinkServerError.Detail]()
        // Unknown keys, in sorted order; sorting only when there is one.
        if object.keys.contains(where: { !knownNames.contains($0) }) {
            for key in object.keys.sorted() where !knownNames.contains(key) {
                details.append(.init(message: "property \(key) should not exist", field: key))
            }
        }
        var clean = [String: JSON]()
        for field in fields {
            guard let value = object[field.name], value != .null else {
                if field.required { details.append(.init(message: "\(field.name) is required", field: field.name)) }
                continue
            }
            if let problem = check(value, field) {
                details.append(.init(message: problem, field: field.name))
            } else {
                clean[field.name] = value
            }
        }
        guard details.isEmpty else { throw .validation(details) }
        return clean
    }

    private func check(_ value: JSON, _ field: Field) -> String? {
        let name = field.name
        switch field.kind {
        case .string(let min, let max):
            guard let s = value.stringValue else { return "\(name) must be a string, not \(value.typeName)" }
            // Unicode code points, as JSON Schema's minLength / maxLength count them (docs/openapi.yaml).
            let length = s.unicodeScalars.count
            if length < min || length > max {
                return min == max
                    ? "\(name) must be exactly \(min) characters" : "\(name) must be \(min)–\(max) characters long"
            }
        case .integer(let range):
            guard let n = value.numberValue else { return "\(name) must be an integer, not \(value.typeName)" }
            guard n == n.rounded() else { return "\(name) must be an integer" }
            guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                return "\(name) must be between \(range.lowerBound) and \(range.upperBound)"
            }
        case .number(let range):
            guard let n = value.numberValue else { return "\(name) must be a number, not \(value.typeName)" }
            guard range.contains(n) else {
                return "\(name) must be between \(JSON.format(range.lowerBound)) and \(JSON.format(range.upperBound))"
            }
        case .object(let maxBytes):
            guard value.objectValue != nil else { return "\(name) must be a JSON object, not \(value.typeName)" }
            let size = value.serialized().utf8.count
            if size > maxBytes { return "\(name) must be at most \(maxBytes) bytes serialized (got \(size))" }
        }
        return nil
    }
}

extension Dictionary where Key == String, Value == JSON {
    /// A validated string member.
    func string(_ key: String) -> String? { self[key]?.stringValue }
    /// A validated integer member.
    func int(_ key: String) -> Int? { self[key]?.numberValue.map { Int($0) } }
}
