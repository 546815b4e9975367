import Foundation

/// One HTTP answer, whatever its status: what an ``S2STransport`` returns.
public struct S2SHTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields (names as the server sent them).
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
