import Foundation

/// A parsed HTTP/1.x request (internal: the SDK has its own `HTTPRequest`).
struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    var method: String
    /// The raw request target, e.g. `/demo/summer/data?deviceId=abc`.
    var target: String
    /// The percent-decoded path segments, e.g. `["demo", "summer", "data"]`.
    var segments: [String]
    /// Decoded query parameters (the last one wins on duplicates).
    var query: [String: String]
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// Header fields in arrival order, names as sent.
    var headers: [(name: String, value: String)] {
        didSet { headerNamesAreASCII = HTTPRequest.namesAreASCII(headers) }
    }
    /// Whether every header name is ASCII (always, for requests the parser made): names are then
    /// compared byte by byte, without checking both strings for other characters on every comparison.
    private(set) var headerNamesAreASCII: Bool
    /// The body (exactly Content-Length bytes).
    var body: [UInt8]

    init(method: String, target: String, version: String = "HTTP/1.1",
         headers: [(name: String, value: String)] = [], body: [UInt8] = []) throws(OptoLinkServerError) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.headerNamesAreASCII = HTTPRequest.namesAreASCII(headers)
        self.body = body
        var segments = [String]()
        var query = [String: String]()
        let asciiSplit: Result<Void, OptoLinkServerError>? = target.utf8.withContiguousStorageIfAvailable { bytes in
            HTTPRequest.isASCII(bytes) ? HTTPRequest.splitASCIITarget(bytes, segments: &segments, query: &query) : nil
        } ?? nil
        switch asciiSplit {
        case .success?:
            break
        case .failure(let error)?:
            throw error
        case nil:
            (segments, query) = try HTTPRequest.splitTargetText(target)
        }
        self.segments = segments
        self.query = query
    }

    /// Splits a target at Characters: the path at `/` (empty segments dropped, each percent-decoded),
    /// the query after the first `?` at `&` (empty pairs dropped), each pair at its first `=` and
    /// form-decoded, the last value winning. Used for non-ASCII targets, and by the tests as the
    /// reference for the byte-level split of ASCII ones.
    static func splitTargetText(_ target: String) throws(OptoLinkServerError) -> (segments: [String], query: [String: String]) {
        var segments = [String]()
        var query = [String: String]()
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        for raw in parts[0].split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = HTTPRequest.percentDecoded(String(raw)) else { throw .badRequest("Malformed request target") }
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

    /// Splits an ASCII target byte by byte (for ASCII, every byte is its own Character, so this is the
    /// Character-level split above): the path at `/` (empty segments dropped), the query after the
    /// first `?` at `&` (empty pairs dropped) and each pair at its first `=`.
    private static func splitASCIITarget(_ bytes: UnsafeBufferPointer<UInt8>, segments: inout [String],
                                         query: inout [String: String]) -> Result<Void, OptoLinkServerError> {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        let questionMark = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        var start = 0
        while start < questionMark {
            let end = bytes[start..<questionMark].firstIndex(of: UInt8(ascii: "/")) ?? questionMark
            if end > start {
                guard let decoded = percentDecoded(text(start..<end)) else { return .failure(.badRequest("Malformed request target")) }
                segments.append(decoded)
            }
            start = end + 1
        }
        guard questionMark < bytes.count else { return .success(()) }
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
        return .success(())
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// `removingPercentEncoding`, skipped when there is no `%` (the result would be the same string).
    static func percentDecoded(_ text: String) -> String? {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding : text
    }

    /// A query key or value: `+` is a space, then percent-decoding; no Foundation call for plain text.
    static func formDecoded(_ text: String) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return text }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        if headerNamesAreASCII, name.utf8.allSatisfy({ $0 < 0x80 }) {
            return headers.first { HTTPRequest.sameASCIIFieldName($0.name, name) }?.value
        }
        return headers.first { HTTPRequest.sameFieldName($0.name, name) }?.value
    }

    /// How many header fields are named `name` (case-insensitive; `name` must be ASCII).
    func count(ofFieldsNamed name: String) -> Int {
        headerNamesAreASCII
            ? headers.reduce(0) { $0 + (HTTPRequest.sameASCIIFieldName($1.name, name) ? 1 : 0) }
            : headers.reduce(0) { $0 + (HTTPRequest.sameFieldName($1.name, name) ? 1 : 0) }
    }

    private static func namesAreASCII(_ headers: [(name: String, value: String)]) -> Bool {
        headers.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// `sameFieldName` for two ASCII names: equal lengths and bytes equal once A–Z are folded.
    static func sameASCIIFieldName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            if (p | 0x20) != (q | 0x20) || !((0x61...0x7a).contains(p | 0x20)) { return false }
        }
        return true
    }

    /// Case-insensitive equality of header names, as `lowercased()` decides it, without allocating
    /// when both are ASCII (always, for names the parser accepted).
    static func sameFieldName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else {
            return !(x.allSatisfy { $0 < 0x80 } && y.allSatisfy { $0 < 0x80 }) && a.lowercased() == b.lowercased()
        }
        for (p, q) in zip(x, y) {
            guard p < 0x80, q < 0x80 else { return a.lowercased() == b.lowercased() }
            if p != q, (p | 0x20) != (q | 0x20) || !((0x61...0x7a).contains(p | 0x20)) { return false }
        }
        return true
    }

    /// Whether the connection stays open after the answer (HTTP/1.1 default yes, HTTP/1.0 default no).
    var keepAlive: Bool {
        let connection = header("Connection")?.lowercased() ?? ""
        if version == "HTTP/1.0" { return connection.contains("keep-alive") }
        return !connection.contains("close")
    }
}
