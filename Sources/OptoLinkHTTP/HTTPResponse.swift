import Foundation

/// An HTTP response before serialization.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The default answer for an ``HTTPError``: its status and its message as plain text.
    package static func plainError(_ error: HTTPError) -> HTTPResponse {
        HTTPResponse(
            status: error.status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array(error.message.utf8))
    }

    /// The first value of header `name` (case-insensitive).
    package func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name.lowercased() == lower }?.value
    }

    /// The bytes on the wire, with `Date` (`date`, unless the response has its own: a proxied answer),
    /// `Server` (`server`, when given and the response has none of its own), `Content-Length` and `Connection`.
    package func serialized(keepAlive: Bool, date: String = HTTPDate.now(), server: String? = nil) -> [UInt8] {
        // Written as bytes into one buffer sized up front: no String to grow, no second array for head + body.
        var out = [UInt8]()
        out.reserveCapacity(96 + headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + body.count)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        out.append(contentsOf: String(status).utf8)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: HTTPResponse.reason(status).utf8)
        out.append(contentsOf: "\r\n".utf8)
        for (name, value) in headers {
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        if !headers.contains(where: { $0.name.utf8.count == 4 && $0.name.lowercased() == "date" }) {
            out.append(contentsOf: "Date: ".utf8)
            out.append(contentsOf: date.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        if let server, !headers.contains(where: { $0.name.utf8.count == 6 && $0.name.lowercased() == "server" }) {
            out.append(contentsOf: "Server: ".utf8)
            out.append(contentsOf: server.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        out.append(contentsOf: "Content-Length: ".utf8)
        out.append(contentsOf: String(body.count).utf8)
        out.append(
            contentsOf: keepAlive ? "\r\nConnection: keep-alive\r\n\r\n".utf8 : "\r\nConnection: close\r\n\r\n".utf8)
        out.append(contentsOf: body)
        return out
    }

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
