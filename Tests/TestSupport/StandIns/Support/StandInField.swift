import Foundation

/// One field of a JSON body a stand-in accepts, and the check every service runs over a body with it.
struct StandInField: Sendable {
    /// What a field's value must be.
    enum Kind: Sendable {
        /// A string of `min`…`max` characters.
        case string(min: Int, max: Int)
        /// A JSON object.
        case object
        /// A JSON array.
        case array
        /// A number (not a Boolean).
        case number
        /// A whole number (not a Boolean).
        case integer
    }

    /// The member's name.
    var name: String
    /// What its value must be.
    var kind: Kind
    /// Whether it must be present (and not null).
    var required: Bool

    /// A field named `name`.
    init(_ name: String, _ kind: Kind, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.required = required
    }

    /// A string field of any length up to 10 000 characters.
    static func string(_ name: String, required: Bool = false) -> StandInField {
        StandInField(name, .string(min: required ? 1 : 0, max: 10_000), required: required)
    }

    /// What is wrong with `object` against `fields`, in field order, as `(field, message)`: a required
    /// member missing or null, a value of the wrong kind or length; with `closed`, also every member
    /// that is not one of `fields` (a whitelist).
    static func problems(in object: [String: Any], _ fields: [StandInField], closed: Bool)
        -> [(field: String, message: String)]
    {
        var problems: [(field: String, message: String)] = []
        for field in fields {
            guard let value = object[field.name], !(value is NSNull) else {
                if field.required { problems.append((field.name, "\(field.name) is required")) }
                continue
            }
            if let message = field.problem(with: value) { problems.append((field.name, message)) }
        }
        if closed {
            let known = Set(fields.map(\.name))
            for name in object.keys.sorted() where !known.contains(name) {
                problems.append((name, "property \(name) should not exist"))
            }
        }
        return problems
    }

    /// Why `value` does not fit this field; nil when it does.
    func problem(with value: Any) -> String? {
        switch kind {
        case .string(let min, let max):
            guard let text = value as? String else { return "\(name) must be a string" }
            if text.count < min { return "\(name) must be at least \(min) characters long" }
            if text.count > max { return "\(name) must be at most \(max) characters long" }
            return nil
        case .object:
            return value is [String: Any] ? nil : "\(name) must be an object"
        case .array:
            return value is [Any] ? nil : "\(name) must be an array"
        case .number:
            return Self.number(value) != nil ? nil : "\(name) must be a number"
        case .integer:
            guard let number = Self.number(value), number.rounded() == number, abs(number) < 9.1e15 else {
                return "\(name) must be a whole number"
            }
            return nil
        }
    }

    /// `value` as a finite number when it is a JSON number (never a Boolean).
    static func number(_ value: Any) -> Double? {
        guard !isBoolean(value), let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// Whether `value` is a JSON `true` or `false` (Foundation hands both as numbers too).
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber, !(value is String) else { return false }
        return String(cString: number.objCType) == "c"
    }
}
