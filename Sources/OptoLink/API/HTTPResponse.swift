import Foundation
internal import OptoLinkClientCore

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

    /// The value of header `name`, compared case-insensitively and trimmed (libcurl may omit the space after the
    /// colon).
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
/// Never mutated after the first read: ``HTTPResponse`` replaces the whole object when its headers are
/// set, so copies of a response never share a change.
private final class HeaderFields: Sendable {
    /// The fields, or what converts them on first read.
    private enum Fields {
        case converted([String: String])
        case pending(@Sendable () -> [String: String])
    }

    private let fields: LockedValue<Fields>

    init(_ fields: [String: String]) {
        self.fields = LockedValue(.converted(fields))
    }

    init(_ source: @escaping @Sendable () -> [String: String]) {
        self.fields = LockedValue(.pending(source))
    }

    var value: [String: String] {
        fields.withLock { fields in
            switch fields {
            case .converted(let value):
                return value
            case .pending(let source):
                let value = source()
                fields = .converted(value)
                return value
            }
        }
    }
}
