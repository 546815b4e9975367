/// What the backend answered a forwarded request.
package struct UpstreamAnswer: Sendable {
    /// The status code.
    package var status: Int
    /// The headers, in order.
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: [UInt8]
    /// True when `body` is decoded already (URLSession undoes a `Content-Encoding`), so `headers`' encoding no
    /// longer describes it; false for the bytes as the backend sent them.
    package var isDecoded: Bool

    /// An answer of `status` with `headers` and `body` (decoded or as sent: `isDecoded`).
    package init(status: Int, headers: [(name: String, value: String)], body: [UInt8], isDecoded: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.isDecoded = isDecoded
    }
}
