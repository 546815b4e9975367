/// Parses HTTP/1.x requests from a byte buffer, enforcing the limits: headers ≤ 16 KiB (431),
/// body ≤ 1 MiB (413), Content-Length bodies only (Transfer-Encoding → 411), a well-formed
/// request line (400; an unknown HTTP version → 505), numeric and agreeing Content-Length (400).
enum HTTPParser {
    /// Size limits.
    struct Limits: Sendable {
        /// Request line plus header fields, bytes. Default 16 KiB.
        var maxHeaderBytes = 16 * 1024
        /// Body bytes. Default 1 MiB.
        var maxBodyBytes = 1024 * 1024
    }

    /// What a buffer holds.
    enum Outcome: Sendable {
        /// More bytes are needed.
        case incomplete
        /// The request can never be valid: answer this error and close.
        case failure(OptoLinkServerError)
        /// A full request, and how many bytes of the buffer it used.
        case complete(HTTPRequest, consumed: Int)
    }

    /// Parses the first request in `buffer`.
    static func parse(_ buffer: [UInt8], limits: Limits = Limits()) -> Outcome {
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 0x0d, buffer[start + 1] == 0x0a { start += 2 }
        guard let (headEnd, bodyStart) = findHeadEnd(buffer, from: start) else {
            if buffer.count - start > limits.maxHeaderBytes { return .failure(headerTooLarge) }
            if buffer.count > start, !isTokenChar(buffer[start]) { return .failure(.badRequest("Malformed request line")) }
            return .incomplete
        }
        if headEnd - start > limits.maxHeaderBytes { return .failure(headerTooLarge) }
        // Split bytes, not a String: Swift treats "\r\n" as one Character.
        let lines: [Substring] = buffer[start..<headEnd].split(separator: 0x0a, omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == 0x0d ? line.dropLast() : line, as: UTF8.self))
        }
        guard let requestLine = lines.first else { return .failure(.badRequest("Malformed request line")) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3,
              (1...20).contains(parts[0].count), parts[0].utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }),
              parts[1].hasPrefix("/"), !parts[1].utf8.contains(where: { $0 <= 0x20 || $0 == 0x7f }),
              parts[2].hasPrefix("HTTP/")
        else { return .failure(.badRequest("Malformed request line")) }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            // Only a well-formed version (HTTP/<digit>.<digit>) the server does not speak is a 505.
            let version = Array(parts[2].utf8.dropFirst(5))
            guard version.count == 3, (48...57).contains(version[0]), version[1] == UInt8(ascii: "."), (48...57).contains(version[2]) else {
                return .failure(.badRequest("Malformed HTTP version"))
            }
            return .failure(OptoLinkServerError(status: 505, message: "HTTP version not supported: \(parts[2])"))
        }
        // Field values are read as text: bytes that are not UTF-8 are refused, never guessed at.
        // (ASCII, the usual case, is UTF-8 without asking Foundation.)
        guard buffer[start..<headEnd].allSatisfy({ $0 < 0x80 }) || String(bytes: buffer[start..<headEnd], encoding: .utf8) != nil else {
            return .failure(.badRequest("The request line and header fields must be UTF-8"))
        }

        var headers = [(name: String, value: String)]()
        var contentLengths = [Substring]()
        var hasTransferEncoding = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.badRequest("Malformed header line")) }
            let name = line[..<colon]
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenChar) else { return .failure(.badRequest("Malformed header name")) }
            let value = line[line.index(after: colon)...].trimmingASCII(" \t")
            // NUL, CR, other control characters and DEL are not allowed in a field value (RFC 9110 §5.5).
            guard !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                return .failure(.badRequest("Control character in header \(name)"))
            }
            headers.append((String(name), value))
            switch name.lowercased() {
            case "content-length": contentLengths.append(contentsOf: value.split(separator: ",", omittingEmptySubsequences: false))
            case "transfer-encoding": hasTransferEncoding = true
            default: break
            }
        }
        if hasTransferEncoding {
            return .failure(OptoLinkServerError(status: 411, message: "Transfer-Encoding is not supported; send the body with Content-Length"))
        }
        var length = 0
        if !contentLengths.isEmpty {
            let values = contentLengths.map { $0.trimmingASCII(" \t") }
            guard values.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }) else {
                return .failure(.badRequest("Invalid Content-Length"))
            }
            guard Set(values.map { $0.drop { $0 == "0" } }).count == 1 else {
                return .failure(.badRequest("Conflicting Content-Length values"))
            }
            guard values[0].count <= 15, let n = Int(values[0]) else { return .failure(bodyTooLarge(limits)) }
            length = n
        }
        if length > limits.maxBodyBytes { return .failure(bodyTooLarge(limits)) }
        guard buffer.count >= bodyStart + length else { return .incomplete }
        do {
            let request = try HTTPRequest(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]),
                                          headers: headers, body: Array(buffer[bodyStart..<bodyStart + length]))
            return .complete(request, consumed: bodyStart + length)
        } catch {
            return .failure(error)
        }
    }

    /// Header rules checked on complete requests, by the server: RFC 9112 §3.2 (an HTTP/1.1 request
    /// without `Host`, or any request with more than one `Host` line, is a 400), and credentials given
    /// twice (`Authorization`, `X-API-Key`) are ambiguous: a 400 rather than a guess at which one counts.
    static func headerProblem(_ request: HTTPRequest) -> OptoLinkServerError? {
        func count(_ name: String) -> Int { request.headers.reduce(0) { $0 + (HTTPRequest.sameFieldName($1.name, name) ? 1 : 0) } }
        if count("host") > 1 { return .badRequest("More than one Host header") }
        if count("host") == 0, request.version == "HTTP/1.1" { return .badRequest("HTTP/1.1 requests must have a Host header") }
        for name in ["authorization", "x-api-key"] where count(name) > 1 {
            return .badRequest("More than one \(name) header")
        }
        return nil
    }

    /// Whether `buffer` holds a complete head with `Expect: 100-continue` (the body not yet complete):
    /// the connection then answers `100 Continue` once so libcurl-style clients do not stall.
    static func expectsContinue(_ buffer: [UInt8]) -> Bool {
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 0x0d, buffer[start + 1] == 0x0a { start += 2 }
        guard let (headEnd, _) = findHeadEnd(buffer, from: start) else { return false }
        return buffer[start..<headEnd].split(separator: 0x0a).contains { line in
            let text = String(decoding: line, as: UTF8.self).lowercased()
            return text.hasPrefix("expect:") && text.dropFirst(7).trimmingASCII(" \t\r") == "100-continue"
        }
    }

    static let headerTooLarge = OptoLinkServerError(status: 431, message: "Request header fields too large (limit 16384 bytes)")

    static func bodyTooLarge(_ limits: Limits) -> OptoLinkServerError {
        OptoLinkServerError(status: 413, message: "Request body too large (limit \(limits.maxBodyBytes) bytes)")
    }

    /// The end of the head (index of the blank line's first byte) and the start of the body.
    private static func findHeadEnd(_ buffer: [UInt8], from start: Int) -> (Int, Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == 0x0a {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0a { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == 0x0d, buffer[i + 2] == 0x0a { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    private static func isTokenChar(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
