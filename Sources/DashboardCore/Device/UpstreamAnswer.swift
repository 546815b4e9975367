/// What the backend answered a forwarded request.
package struct UpstreamAnswer: Sendable {
    /// The status code.
    package var status: Int
    /// The headers, in order.
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: [UInt8]

    /// An answer of `status` with `headers` and `body`.
    package init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
