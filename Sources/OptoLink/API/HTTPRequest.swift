import Foundation

/// A request handed to an ``HTTPTransport``.
public struct HTTPRequest: Sendable, Hashable {
    /// `"GET"` or `"POST"`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// Header fields (names as the SDK spells them, e.g. `X-API-Key`), one entry per name ignoring case.
    public var headers: [String: String]
    /// The JSON body, for POST.
    public var body: Data?
    /// Seconds before the transport gives up waiting (``OptoLinkConfiguration/timeout``).
    public var timeout: TimeInterval

    /// Creates a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The body decoded as a JSON object, or nil (a convenience for tests and tools). Read with the SDK's
    /// depth-capped, non-recursive parser.
    public var jsonBody: [String: JSONValue]? {
        body.flatMap(JSONValueParser.parse)?.objectValue
    }
}
