/// What the backend answered a forwarded request.
struct UpstreamAnswer: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
}
