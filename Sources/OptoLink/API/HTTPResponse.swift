import Foundation

/// An HTTP answer (any status) from an ``HTTPTransport``.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields as received.
    public var headers: [String: String] {
        get { fields.value }
        set { fields = HeaderFields(newValue) }
    }
    /// The body bytes.
    public var body: Data

    private var fields: HeaderFields

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.fields = HeaderFields(headers)
        self.body = body
    }

    /// A response whose header fields are converted by `headers` the first time they are read.
    ///
    /// ``URLSessionTransport`` uses it: turning `HTTPURLResponse.allHeaderFields` into strings costs
    /// microseconds on every answer, and a successful answer's headers are usually never read.
    init(status: Int, body: Data, headers: @escaping @Sendable () -> [String: String]) {
        self.status = status
        self.fields = HeaderFields(headers)
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively and trimmed (libcurl may omit the space after the colon).
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?
            .value.trimmingCharacters(in: .whitespaces)
    }

    /// Equal when status, header fields and body are.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.headers == rhs.headers
    }

    /// Hashes status, header fields and body.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(headers)
        hasher.combine(body)
    }
}

/// Header fields, given or converted on first read (then kept).
///
/// `@unchecked Sendable` is safe: `fields` and `source` are only touched while `lock` is held, and the
/// source closure is `@Sendable`. Never mutated after the first read: ``HTTPResponse`` replaces the
/// whole object when its headers are set, so copies of a response never share a change.
private final class HeaderFields: @unchecked Sendable {
    private let lock = NSLock()
    private var fields: [String: String]
    private var source: (@Sendable () -> [String: String])?

    init(_ fields: [String: String]) {
        self.fields = fields
    }

    init(_ source: @escaping @Sendable () -> [String: String]) {
        self.fields = [:]
        self.source = source
    }

    var value: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let source {
            fields = source()
            self.source = nil
        }
        return fields
    }
}
