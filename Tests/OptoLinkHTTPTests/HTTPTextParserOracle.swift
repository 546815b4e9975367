import Foundation

@testable import OptoLinkHTTP

/// The server's original request-head rules on decoded text (lines decoded as UTF-8 and split at
/// Characters), replaced by the byte-level ``HTTPParser`` and kept here as a test oracle: on heads
/// whose request line is ASCII (and which the incremental parser's own rules do not answer first:
/// more than two leading empty lines, a lone CR at the end), both must give the same outcome.
enum HTTPTextParserOracle {
    /// Parses the first request in `buffer`.
    static func parse(_ buffer: [UInt8], limits: HTTPParser.Limits = HTTPParser.Limits()) -> HTTPParser.Outcome {
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 0x0d, buffer[start + 1] == 0x0a { start += 2 }
        guard let (headEnd, bodyStart) = findHeadEnd(buffer, from: start) else {
            if buffer.count - start > limits.maxHeaderBytes { return .failure(HTTPParser.headerTooLarge) }
            if buffer.count > start, !HTTPParser.isTokenChar(buffer[start]) {
                return .failure(.badRequest("Malformed request line"))
            }
            return .incomplete
        }
        if headEnd - start > limits.maxHeaderBytes { return .failure(HTTPParser.headerTooLarge) }
        // Split bytes, not a String: Swift treats "\r\n" as one Character.
        let lines: [Substring] = buffer[start..<headEnd].split(separator: 0x0a, omittingEmptySubsequences: false).map {
            line in
            Substring(String(decoding: line.last == 0x0d ? line.dropLast() : line, as: UTF8.self))
        }
        guard let requestLine = lines.first else { return .failure(.badRequest("Malformed request line")) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3,
            !parts[0].isEmpty, parts[0].utf8.allSatisfy(HTTPParser.isTokenChar),
            parts[1].hasPrefix("/"), !parts[1].utf8.contains(where: { $0 <= 0x20 || $0 == 0x7f }),
            parts[2].hasPrefix("HTTP/")
        else { return .failure(.badRequest("Malformed request line")) }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            // Only a well-formed version (HTTP/<digit>.<digit>) the server does not speak is a 505.
            let version = Array(parts[2].utf8.dropFirst(5))
            guard version.count == 3, (48...57).contains(version[0]), version[1] == UInt8(ascii: "."),
                (48...57).contains(version[2])
            else {
                return .failure(.badRequest("Malformed HTTP version"))
            }
            return .failure(HTTPError(status: 505, message: "HTTP version not supported: \(parts[2])"))
        }
        // Field values are read as text: bytes that are not UTF-8 are refused, never guessed at.
        // (ASCII, the usual case, is UTF-8 without asking Foundation.)
        guard
            buffer[start..<headEnd].allSatisfy({ $0 < 0x80 })
                || String(bytes: buffer[start..<headEnd], encoding: .utf8) != nil
        else {
            return .failure(.badRequest("The request line and header fields must be UTF-8"))
        }

        var headers = [(name: String, value: String)]()
        var contentLengths = [Substring]()
        var hasTransferEncoding = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.badRequest("Malformed header line")) }
            let name = line[..<colon]
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPParser.isTokenChar) else {
                return .failure(.badRequest("Malformed header name"))
            }
            let value = trimmed(line[line.index(after: colon)...], " \t")
            // NUL, CR, other control characters and DEL are not allowed in a field value (RFC 9110 §5.5).
            guard !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                return .failure(.badRequest("Control character in header \(name)"))
            }
            headers.append((String(name), value))
            switch name.lowercased() {
            case "content-length":
                contentLengths.append(contentsOf: value.split(separator: ",", omittingEmptySubsequences: false))
            case "transfer-encoding": hasTransferEncoding = true
            default: break
            }
        }
        if hasTransferEncoding {
            return .failure(
                HTTPError(status: 411, message: "Transfer-Encoding is not supported; send the body with Content-Length")
            )
        }
        var length = 0
        if !contentLengths.isEmpty {
            let values = contentLengths.map { trimmed($0, " \t") }
            guard values.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }) else {
                return .failure(.badRequest("Invalid Content-Length"))
            }
            guard Set(values.map { $0.drop { $0 == "0" } }).count == 1 else {
                return .failure(.badRequest("Conflicting Content-Length values"))
            }
            guard values[0].count <= 15, let n = Int(values[0]) else {
                return .failure(HTTPParser.bodyTooLarge(limits))
            }
            length = n
        }
        if length > limits.maxBodyBytes { return .failure(HTTPParser.bodyTooLarge(limits)) }
        guard buffer.count >= bodyStart + length else { return .incomplete }
        do {
            let request = try HTTPRequest(
                method: String(parts[0]), target: String(parts[1]), version: String(parts[2]),
                headers: headers, body: Array(buffer[bodyStart..<bodyStart + length]))
            return .complete(request, consumed: bodyStart + length)
        } catch {
            return .failure(error)
        }
    }

    /// The end of the head (the LF that ends its last line) and the start of the body: the first LF
    /// followed by LF or by CR LF.
    static func findHeadEnd(_ buffer: [UInt8], from start: Int) -> (Int, Int)? {
        var i = start
        while let newline = buffer[i...].firstIndex(of: 0x0a) {
            if newline + 1 < buffer.count, buffer[newline + 1] == 0x0a { return (newline, newline + 2) }
            if newline + 2 < buffer.count, buffer[newline + 1] == 0x0d, buffer[newline + 2] == 0x0a {
                return (newline, newline + 3)
            }
            i = newline + 1
        }
        return nil
    }

    /// The original target split, at Characters: the path at `/` (empty segments dropped, each
    /// percent-decoded), the query after the first `?` at `&` (empty pairs dropped), each pair at its
    /// first `=` and form-decoded, the last value winning.
    static func splitTarget(_ target: String) throws(HTTPError) -> (segments: [String], query: [String: String]) {
        var segments = [String]()
        var query = [String: String]()
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        for raw in parts[0].split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = HTTPRequest.percentDecoded(String(raw)) else {
                throw .badRequest("Malformed request target")
            }
            segments.append(decoded)
        }
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = HTTPRequest.formDecoded(String(kv[0])),
                    let value = HTTPRequest.formDecoded(kv.count > 1 ? String(kv[1]) : "")
                else { throw .badRequest("Malformed query string") }
                query[key] = value
            }
        }
        return (segments, query)
    }

    /// The original Character-level trim (`trimmingASCII` before it worked on bytes).
    static func trimmed(_ text: some StringProtocol, _ set: String) -> String {
        let chars = Set(set)
        var s = Substring(text)
        while let c = s.first, chars.contains(c) { s = s.dropFirst() }
        while let c = s.last, chars.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
