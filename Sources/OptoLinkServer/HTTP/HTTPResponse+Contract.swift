import OptoLinkHTTP

/// The contract's answers on the HTTP layer's response: JSON, HTML and the error envelope.
extension HTTPResponse {
    /// A JSON response.
    static func json(_ value: JSON, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
            body: value.serializedBytes())
    }

    /// An HTML response.
    static func html(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array(text.utf8))
    }

    /// The error envelope `{"message","details"?,"requestId"}` (plus `Retry-After` on a 429).
    static func envelope(_ error: OptoLinkServerError, requestId: String) -> HTTPResponse {
        var object: [String: JSON] = ["message": .string(error.message), "requestId": .string(requestId)]
        if !error.details.isEmpty {
            object["details"] = .array(
                error.details.map { detail in
                    var d: [String: JSON] = ["message": .string(detail.message)]
                    if let field = detail.field { d["field"] = .string(field) }
                    return .object(d)
                })
        }
        var response = json(.object(object), status: error.status)
        if let retry = error.retryAfter { response.headers.append(("Retry-After", String(retry))) }
        response.headers.append(("X-Request-Id", requestId))
        return response
    }
}

extension OptoLinkServerError {
    /// The HTTP layer's error, with its status and message.
    init(_ error: HTTPError) {
        self.init(status: error.status, message: error.message)
    }
}
