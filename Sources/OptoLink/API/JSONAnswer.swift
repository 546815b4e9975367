import Foundation

/// Reads a 2xx body as a JSON object, for every provider's parser: leniently (the parser then ignores
/// unknown fields) but safely: a body that is too large, not JSON or not an object becomes
/// ``OptoLinkError/invalidResponse``, never a trap.
enum JSONAnswer {
    /// Bodies above this size are refused without parsing (1 MiB; real answers are a few hundred bytes).
    static let maxBodyBytes = 1024 * 1024

    /// The body's JSON object.
    static func object(_ response: HTTPResponse) throws(OptoLinkError) -> [String: JSONValue] {
        // The request id is looked up only on the failure paths (a scan of every header otherwise).
        guard response.body.count <= maxBodyBytes else {
            throw .invalidResponse(
                status: response.status, "Response body too large (\(response.body.count) bytes)",
                requestId: response.header("X-Request-Id"))
        }
        let value: JSONValue
        do {
            value = try JSONValueParser.decode(response.body)
        } catch {
            throw .invalidResponse(
                status: response.status, "Response body is not JSON", requestId: response.header("X-Request-Id"),
                underlying: error)
        }
        guard let object = value.objectValue else {
            throw .invalidResponse(
                status: response.status, "Response body is not a JSON object",
                requestId: response.header("X-Request-Id"))
        }
        return object
    }
}
