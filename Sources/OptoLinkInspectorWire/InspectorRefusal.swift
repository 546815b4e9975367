/// Why a peer closes a connection: sent as a `refused` line before closing, and what
/// ``InspectorLineCodec/decode(_:)`` returns for a line it cannot accept.
package struct InspectorRefusal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of refusal (an open set: a newer peer may send one this version does not know).
    package struct Reason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The wire string.
        package var rawValue: String
        /// Creates a reason from its wire string.
        package init(rawValue: String) { self.rawValue = rawValue }
        /// Decodes the wire string.
        package init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }
        /// Encodes the wire string.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
        /// The wire string.
        package var description: String { rawValue }

        /// The hello's token is not the dashboard's pairing token.
        package static let token = Reason(rawValue: "token")
        /// The line's `"v"` is not a version this peer speaks.
        package static let version = Reason(rawValue: "version")
        /// The line is not a JSON object of the expected shape (bad JSON, a missing field, a wrong type).
        package static let malformed = Reason(rawValue: "malformed")
        /// The line is longer than ``InspectorProtocol/maxLineBytes``.
        package static let tooLong = Reason(rawValue: "tooLong")
        /// The dashboard already has as many apps attached as it takes.
        package static let full = Reason(rawValue: "full")
        /// No hello arrived in time.
        package static let timeout = Reason(rawValue: "timeout")
    }

    /// The kind of refusal.
    package var reason: Reason
    /// A sentence for a person: what was wrong and what to do.
    package var message: String

    /// Creates a refusal.
    package init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// `reason: message`.
    package var description: String { "\(reason): \(message)" }
}
