/// Why a peer closes a connection: sent as a `refused` line before closing, and what
/// ``InspectorLineCodec/decode(_:)`` returns for a line it cannot accept.
public struct InspectorRefusal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of refusal (an open set: a newer peer may send one this version does not know).
    public struct Reason: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The wire string.
        public var rawValue: String
        /// Creates a reason from its wire string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Decodes the wire string.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }
        /// Encodes the wire string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
        /// The wire string.
        public var description: String { rawValue }

        /// The hello's token is not the dashboard's pairing token.
        public static let token = Reason(rawValue: "token")
        /// The line's `"v"` is not a version this peer speaks.
        public static let version = Reason(rawValue: "version")
        /// The line is not a JSON object of the expected shape (bad JSON, a missing field, a wrong type).
        public static let malformed = Reason(rawValue: "malformed")
        /// The line is longer than ``InspectorProtocol/maxLineBytes``.
        public static let tooLong = Reason(rawValue: "tooLong")
        /// The dashboard already has as many apps attached as it takes.
        public static let full = Reason(rawValue: "full")
        /// No hello arrived in time.
        public static let timeout = Reason(rawValue: "timeout")
    }

    /// The kind of refusal.
    public var reason: Reason
    /// A sentence for a person: what was wrong and what to do.
    public var message: String

    /// Creates a refusal.
    public init(reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// `reason: message`.
    public var description: String { "\(reason): \(message)" }
}
