import Foundation

/// An HTTP answer (any status) from an ``HTTPTransport``.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields as received.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively and trimmed (libcurl may omit the space after the colon).
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?
            .value.trimmingCharacters(in: .whitespaces)
    }
}
