import Foundation

/// A parsed HTTP/1.x request (internal: the SDK has its own `HTTPRequest`).
package struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The raw request target, e.g. `/demo/summer/data?deviceId=abc`.
    package var target: String
    /// The percent-decoded path segments, e.g. `["demo", "summer", "data"]`.
    package var segments: [String]
    /// Decoded query parameters (the last one wins on duplicates).
    package var query: [String: String]
    /// `HTTP/1.1` or `HTTP/1.0`.
    package var version: String
    /// Header fields in arrival order, names as sent (tokens: ASCII).
    package var headers: [(name: String, value: String)]
    /// The body (exactly Content-Length bytes).
    package var body: [UInt8]

    package init(
        method: String, target: String, version: String = "HTTP/1.1",
        headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) throws(HTTPError) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        (segments, query) = try HTTPRequest.split(target)
    }

    /// Splits a target at its bytes (RFC 3986 delimiters are ASCII; a target from the parser is all
    /// ASCII): the path at `/` (empty segments dropped, each percent-decoded), the query after the first
    /// `?` at `&` (empty pairs dropped), each pair at its first `=` and form-decoded, the last value winning.
    package static func split(_ target: String) throws(HTTPError) -> (segments: [String], query: [String: String]) {
        var copy = target  // `withUTF8` reads a native string in place (a bridged one is made contiguous first)
        return try copy.withUTF8 { bytes -> Result<(segments: [String], query: [String: String]), HTTPError> in
            var segments = [String]()
            var query = [String: String]()
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            let questionMark = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
            var start = 0
            while start < questionMark {
                let end = bytes[start..<questionMark].firstIndex(of: UInt8(ascii: "/")) ?? questionMark
                if end > start {
                    guard let decoded = percentDecoded(text(start..<end)) else {
                        return .failure(.badRequest("Malformed request target"))
                    }
                    segments.append(decoded)
                }
                start = end + 1
            }
            guard questionMark < bytes.count else { return .success((segments, query)) }
            start = questionMark + 1
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                if end > start {
                    let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                    guard let key = formDecoded(text(start..<equals)),
                        let value = formDecoded(equals < end ? text(equals + 1..<end) : "")
                    else { return .failure(.badRequest("Malformed query string")) }
                    query[key] = value
                }
                start = end + 1
            }
            return .success((segments, query))
        }.get()
    }

    /// The target's path: everything before its first `?`, as sent (not percent-decoded), e.g.
    /// `/demo/summer/data` for `/demo/summer/data?deviceId=abc`.
    package var path: String { HTTPRequest.path(ofTarget: target) }

    /// The path of `target`: everything before its first `?` byte, as sent (not percent-decoded).
    package static func path(ofTarget target: String) -> String {
        let utf8 = target.utf8
        return String(decoding: utf8[..<(utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.endIndex)], as: UTF8.self)
    }

    /// `removingPercentEncoding`, skipped when there is no `%` (the result would be the same string).
    package static func percentDecoded(_ text: String) -> String? {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding : text
    }

    /// A query key or value: `+` is a space, then percent-decoding; no Foundation call for plain text.
    package static func formDecoded(_ text: String) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return text }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The first value of header `name` (case-insensitive).
    package func header(_ name: String) -> String? {
        headers.first { HTTPRequest.sameFieldName($0.name, name) }?.value
    }

    /// How many items of the target's query are named `name` (after form decoding, as ``query`` reads
    /// them; ``query`` keeps the last of several).
    package func count(ofQueryItemsNamed name: String) -> Int {
        guard let questionMark = target.firstIndex(of: "?") else { return 0 }
        return target[target.index(after: questionMark)...].split(separator: "&").reduce(0) { count, item in
            let key = item.prefix { $0 != "=" }
            return count + (HTTPRequest.formDecoded(String(key)) == name ? 1 : 0)
        }
    }

    /// How many header fields are named `name` (case-insensitive).
    package func count(ofFieldsNamed name: String) -> Int {
        headers.reduce(0) { $0 + (HTTPRequest.sameFieldName($1.name, name) ? 1 : 0) }
    }

    /// Case-insensitive equality of field names, which are tokens (ASCII): equal lengths and bytes equal
    /// once A–Z are folded to a–z (a byte ≥ 0x80 only equals itself).
    package static func sameFieldName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            if (p | 0x20) != (q | 0x20) || !((0x61...0x7a).contains(p | 0x20)) { return false }
        }
        return true
    }

    /// Whether the connection stays open after the answer (HTTP/1.1 default yes, HTTP/1.0 default no).
    package var keepAlive: Bool {
        let connection = header("Connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
