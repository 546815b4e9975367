#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses HTTP/1.x requests from a connection's input, enforcing the limits: headers ≤ 16 KiB (431),
/// body ≤ 1 MiB or the request's own ``Limits/bodyLimit`` (413), Content-Length bodies only
/// (Transfer-Encoding → 411), a well-formed request line (400; an unknown HTTP version → 505), numeric and
/// agreeing Content-Length (400), at most two empty lines before the request line (RFC 9112 §2.2 asks
/// servers to ignore at least one; a third is a 400, so a client sending only CR LF is answered and closed
/// within six bytes).
///
/// One byte-level parser for every head, as RFC 9110 and 9112 define it on octets: the request line
/// and the field names are ASCII (a byte ≥ 0x80 there is a 400), and a field value may hold bytes
/// ≥ 0x80 only as opaque `obs-text` (RFC 9110 §5.5), which the server never interprets: such a value is
/// decoded as UTF-8, an invalid sequence becoming U+FFFD. Lines are split at LF (one CR before it is not
/// part of the line), and only the method, target, version and the header names and values become Strings.
///
/// Incremental: a connection keeps one parser and calls ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` with
/// everything it has read since the last request began. The parser remembers where the search for the
/// end of the head stopped, and once the head is parsed it only waits for the body, so no byte is looked
/// at again on the next read (``bytesExamined`` counts them; a head sent a byte at a time used to be
/// rescanned from its start on every read). ``reset()`` starts the next request.
package struct HTTPParser: Sendable {
    /// Size limits.
    package struct Limits: Sendable {
        /// Request line plus header fields, bytes. Default 16 KiB.
        package var maxHeaderBytes = 16 * 1024
        /// Body bytes. Default 1 MiB.
        package var maxBodyBytes = 1024 * 1024
        /// A smaller limit for some requests, decided from the head (method and path, and the declared length,
        /// so a body under every such limit costs no lookup) before any of the body is read: a larger
        /// `Content-Length` is a 413 at once, carrying the path, with no `100 Continue`. Nil (the default):
        /// ``maxBodyBytes`` for every request.
        package var bodyLimit: (@Sendable (_ request: HTTPRequest, _ length: Int) -> Int?)?

        /// The defaults.
        package init() {}
    }

    /// What a buffer holds.
    package enum Outcome: Sendable {
        /// More bytes are needed.
        case incomplete
        /// The request can never be valid: answer this error and close.
        case failure(HTTPError)
        /// A full request, and how many bytes of the buffer it used.
        case complete(HTTPRequest, consumed: Int)
    }

    /// Empty lines (CR LF) ignored before a request line; one more is a 400.
    package static let maxLeadingEmptyLines = 2

    /// A parsed head waiting for its body.
    private struct Head: Sendable {
        var request: HTTPRequest
        var bodyStart: Int
        var length: Int
        var expectsContinue: Bool
    }

    package let limits: Limits
    /// Where the request line starts (after the empty lines skipped so far).
    private var start = 0
    /// Where the search for the end of the head resumes: no LF before it ends the head.
    private var scanned = 0
    /// The head, once complete.
    private var head: Head?
    /// Bytes looked at since the parser was made (resets do not clear it): the measure of its work.
    private(set) var bytesExamined = 0

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether a complete head asked for `Expect: 100-continue` and its body is not complete yet: the
    /// connection then answers `100 Continue` once, so libcurl-style clients do not stall.
    package var expectsContinue: Bool { head?.expectsContinue ?? false }

    /// The path of the request whose head is parsed and whose body has not all arrived
    /// (``HTTPRequest/path``): what a 408 for it carries. Nil before the head is complete, and after ``reset()``.
    package var path: String? { head?.request.path }

    /// Forgets the request just answered: the next byte of input starts a new one.
    package mutating func reset() {
        start = 0
        scanned = 0
        head = nil
    }

    /// Parses the first request in `buffer` with a fresh parser.
    package static func parse(_ buffer: [UInt8], limits: Limits = Limits()) -> Outcome {
        var parser = HTTPParser(limits: limits)
        return parser.parse(buffer)
    }

    /// Parses what has arrived of the current request (`buffer` grows between calls until it is complete).
    package mutating func parse(_ buffer: [UInt8]) -> Outcome {
        buffer.withUnsafeBufferPointer { parse($0) }
    }

    /// Parses what has arrived of the current request: `bytes` starts where the request does and holds
    /// at least what the previous call saw.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        if head == nil {
            // Empty lines before the request line; a lone CR at the end may be followed by its LF.
            while start < bytes.count, bytes[start] == HTTPParser.cr {
                guard start + 1 < bytes.count else { return .incomplete }
                bytesExamined += 2
                guard bytes[start + 1] == HTTPParser.lf else { break }
                guard start / 2 < HTTPParser.maxLeadingEmptyLines else {
                    return .failure(
                        .badRequest(
                            "Malformed request line: more than \(HTTPParser.maxLeadingEmptyLines) empty lines before it"
                        ))
                }
                start += 2
            }
            guard start < bytes.count else { return .incomplete }
            if scanned <= start {
                bytesExamined += 1
                guard HTTPParser.isTokenChar(bytes[start]) else {
                    return .failure(.badRequest("Malformed request line"))
                }
            }
            let from = max(scanned, start)
            bytesExamined += bytes.count - from
            guard let (headEnd, bodyStart) = HTTPParser.findHeadEnd(bytes, from: from) else {
                // An LF in the last two bytes may still end the head: look at them again next time.
                scanned = max(start, bytes.count - 2)
                if bytes.count - start > limits.maxHeaderBytes { return .failure(headerTooLarge(bytes)) }
                return .incomplete
            }
            if headEnd - start > limits.maxHeaderBytes { return .failure(headerTooLarge(bytes)) }
            bytesExamined += headEnd - start
            switch HTTPParser.parseHead(bytes, start: start, headEnd: headEnd, bodyStart: bodyStart, limits: limits) {
            case .success(let parsed): head = parsed
            case .failure(let error): return .failure(error)
            }
        }
        guard let head, bytes.count >= head.bodyStart + head.length else { return .incomplete }
        self.head?.expectsContinue = false  // the body is here: nothing to continue
        var request = head.request
        request.body = Array(UnsafeBufferPointer(rebasing: bytes[head.bodyStart..<head.bodyStart + head.length]))
        bytesExamined += head.length
        return .complete(request, consumed: head.bodyStart + head.length)
    }

    /// A well-formed request line: where its method, target and version are in the buffer.
    private struct RequestLine {
        var method: Range<Int>
        var target: Range<Int>
        var version: Range<Int>
    }

    /// The 431 for a head over the limit, carrying the path (``HTTPError/path``) when the head's request
    /// line ends within the limit and is well-formed (a request line over the limit has none).
    private func headerTooLarge(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPError {
        let window = start..<min(bytes.count, start + limits.maxHeaderBytes)
        guard let end = HTTPParser.firstIndex(of: HTTPParser.lf, in: bytes, window),
            case .success(let line) = HTTPParser.parseRequestLine(
                bytes, start..<HTTPParser.withoutCR(bytes, start, end))
        else { return HTTPParser.headerTooLarge }
        return HTTPParser.headerTooLarge.at(HTTPParser.path(ofTarget: line.target, in: bytes))
    }

    /// The request line in `line` (its line end left out): ASCII, exactly three parts separated by single
    /// spaces, a method that is a token (RFC 9110 §9.1: `M-SEARCH`, `post`; case-sensitive, so the router
    /// answers 405 or 404 for one it does not serve), a target starting with `/`, `HTTP/1.1` or `HTTP/1.0` (any other
    /// `HTTP/<digit>.<digit>` is a 505, carrying the path; anything else a 400 without one).
    private static func parseRequestLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) -> Result<RequestLine, HTTPError> {
        guard isASCII(bytes, line),
            let space1 = firstIndex(of: space, in: bytes, line),
            let space2 = firstIndex(of: space, in: bytes, space1 + 1..<line.upperBound),
            firstIndex(of: space, in: bytes, space2 + 1..<line.upperBound) == nil
        else { return .failure(.badRequest("Malformed request line")) }
        let method = line.lowerBound..<space1
        let target = space1 + 1..<space2
        let version = space2 + 1..<line.upperBound
        guard !method.isEmpty, bytes[method].allSatisfy(isTokenChar),
            !target.isEmpty, bytes[target.lowerBound] == slash,
            !bytes[target].contains(where: { $0 <= 0x20 || $0 == 0x7f }),
            hasPrefix(bytes, version, httpSlash)
        else { return .failure(.badRequest("Malformed request line")) }
        guard equals(bytes, version, http11) || equals(bytes, version, http10) else {
            // Only a well-formed version (HTTP/<digit>.<digit>) the server does not speak is a 505.
            let digits = version.lowerBound + 5..<version.upperBound
            guard digits.count == 3, (48...57).contains(bytes[digits.lowerBound]),
                bytes[digits.lowerBound + 1] == UInt8(ascii: "."),
                (48...57).contains(bytes[digits.lowerBound + 2])
            else {
                return .failure(.badRequest("Malformed HTTP version"))
            }
            return .failure(
                HTTPError(
                    status: 505, message: "HTTP version not supported: \(string(bytes, version))",
                    path: path(ofTarget: target, in: bytes)))
        }
        return .success(RequestLine(method: method, target: target, version: version))
    }

    /// The path of the target in `target` (``HTTPRequest/path(ofTarget:)``), for an error about its request.
    private static func path(ofTarget target: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        HTTPRequest.path(ofTarget: string(bytes, target))
    }

    /// The head `start..<headEnd` of the request in `bytes` (its body starts at `bodyStart`). Every error
    /// after a well-formed request line carries the target's path (``HTTPError/path``).
    private static func parseHead(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, headEnd: Int, bodyStart: Int,
        limits: Limits
    ) -> Result<Head, HTTPError> {
        let end = lineEnd(bytes, from: start, headEnd: headEnd)
        switch parseRequestLine(bytes, start..<withoutCR(bytes, start, end)) {
        case .failure(let error):
            return .failure(error)
        case .success(let line):
            // The path is made only on failure: a good request pays no String for it.
            return parseFields(bytes, line, from: end, headEnd: headEnd, bodyStart: bodyStart, limits: limits)
                .mapError { $0.at(path(ofTarget: line.target, in: bytes)) }
        }
    }

    /// Where the line starting at `position` ends: its LF, or `headEnd`.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, headEnd: Int) -> Int {
        firstIndex(of: lf, in: bytes, position..<headEnd) ?? headEnd
    }

    /// The end of the line `lower..<upper` without the one CR before its LF, which is not part of it.
    private static func withoutCR(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: Int, _ upper: Int) -> Int {
        upper > lower && bytes[upper - 1] == cr ? upper - 1 : upper
    }

    /// The header fields of the head whose request line is `line` and ends at `requestLineEnd`, and the
    /// request they make.
    private static func parseFields(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: RequestLine, from requestLineEnd: Int, headEnd: Int,
        bodyStart: Int, limits: Limits
    ) -> Result<Head, HTTPError> {
        // Header fields: `name: value`, the name a token, the value trimmed of spaces and tabs and free of
        // control characters, bytes ≥ 0x80 allowed as obs-text (RFC 9110 §5.5). Every line is checked
        // before Transfer-Encoding and Content-Length are looked at.
        var headers = [(name: String, value: String)]()
        headers.reserveCapacity(8)
        var contentLengthValues = [Range<Int>]()
        var hasTransferEncoding = false
        var expectsContinue = false
        var end = requestLineEnd
        while end < headEnd {
            let lineStart = end + 1
            end = lineEnd(bytes, from: lineStart, headEnd: headEnd)
            let lineStop = withoutCR(bytes, lineStart, end)
            guard let colon = firstIndex(of: UInt8(ascii: ":"), in: bytes, lineStart..<lineStop) else {
                return .failure(.badRequest("Malformed header line"))
            }
            let name = lineStart..<colon
            guard !name.isEmpty, bytes[name].allSatisfy(isTokenChar) else {
                return .failure(.badRequest("Malformed header name"))
            }
            let value = trimmed(bytes, colon + 1..<lineStop)
            guard !bytes[value].contains(where: { ($0 < 0x20 && $0 != tab) || $0 == 0x7f }) else {
                return .failure(.badRequest("Control character in header \(string(bytes, name))"))
            }
            headers.append((string(bytes, name), string(bytes, value)))
            if equalsIgnoringASCIICase(bytes, name, contentLength) {
                var pieceStart = value.lowerBound
                while let comma = firstIndex(of: UInt8(ascii: ","), in: bytes, pieceStart..<value.upperBound) {
                    contentLengthValues.append(pieceStart..<comma)
                    pieceStart = comma + 1
                }
                contentLengthValues.append(pieceStart..<value.upperBound)
            } else if equalsIgnoringASCIICase(bytes, name, transferEncoding) {
                hasTransferEncoding = true
            } else if equalsIgnoringASCIICase(bytes, name, expect),
                equalsIgnoringASCIICase(bytes, value, continueExpectation)
            {
                expectsContinue = true
            }
        }
        if hasTransferEncoding {
            return .failure(
                HTTPError(status: 411, message: "Transfer-Encoding is not supported; send the body with Content-Length")
            )
        }
        var length = 0
        if !contentLengthValues.isEmpty {
            let values = contentLengthValues.map { trimmed(bytes, $0) }
            guard values.allSatisfy({ !$0.isEmpty && bytes[$0].allSatisfy { $0 >= 48 && $0 <= 57 } }) else {
                return .failure(.badRequest("Invalid Content-Length"))
            }
            // Equal numbers: the same digits once leading zeros are dropped.
            func significant(_ range: Range<Int>) -> Range<Int> {
                (bytes[range].firstIndex { $0 != UInt8(ascii: "0") } ?? range.upperBound)..<range.upperBound
            }
            let first = significant(values[0])
            guard values.dropFirst().allSatisfy({ bytes[significant($0)].elementsEqual(bytes[first]) }) else {
                return .failure(.badRequest("Conflicting Content-Length values"))
            }
            guard values[0].count <= 15 else { return .failure(bodyTooLarge(limits)) }
            length = bytes[values[0]].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        if length > limits.maxBodyBytes { return .failure(bodyTooLarge(limits)) }
        let request: HTTPRequest
        do {
            request = try HTTPRequest(
                method: string(bytes, line.method), target: string(bytes, line.target),
                version: string(bytes, line.version), headers: headers)
        } catch {
            return .failure(error)
        }
        if length > 0, let limit = limits.bodyLimit?(request, length), length > limit {
            return .failure(bodyTooLarge(limit: limit))
        }
        return .success(Head(request: request, bodyStart: bodyStart, length: length, expectsContinue: expectsContinue))
    }

    /// Header rules checked on complete requests, by the server: RFC 9112 §3.2 (an HTTP/1.1 request
    /// without `Host`, or any request with more than one `Host` line, is a 400), and credentials given
    /// twice (`Authorization`, `X-API-Key`) are ambiguous: a 400 rather than a guess at which one counts.
    /// The answer carries the request's path (``HTTPError/path``).
    package static func headerProblem(_ request: HTTPRequest) -> HTTPError? {
        let hosts = request.count(ofFieldsNamed: "host")
        let authorizations = request.count(ofFieldsNamed: "authorization")
        let apiKeys = request.count(ofFieldsNamed: "x-api-key")
        func problem(_ message: String) -> HTTPError { .badRequest(message).at(request.path) }
        if hosts > 1 { return problem("More than one Host header") }
        if hosts == 0, request.version == "HTTP/1.1" { return problem("HTTP/1.1 requests must have a Host header") }
        if authorizations > 1 { return problem("More than one authorization header") }
        if apiKeys > 1 { return problem("More than one x-api-key header") }
        return nil
    }

    package static let headerTooLarge = HTTPError(
        status: 431, message: "Request header fields too large (limit 16384 bytes)")

    package static func bodyTooLarge(_ limits: Limits) -> HTTPError { bodyTooLarge(limit: limits.maxBodyBytes) }

    /// The 413 for a body over `limit` bytes.
    package static func bodyTooLarge(limit: Int) -> HTTPError {
        HTTPError(status: 413, message: "Request body too large (limit \(limit) bytes)")
    }

    /// The end of the head (index of the LF that ends its last line) and the start of the body: the
    /// first LF followed by LF or by CR LF.
    private static func findHeadEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int)? {
        var i = start
        while let newline = firstIndex(of: lf, in: bytes, i..<bytes.count) {
            if newline + 1 < bytes.count, bytes[newline + 1] == lf { return (newline, newline + 2) }
            if newline + 2 < bytes.count, bytes[newline + 1] == cr, bytes[newline + 2] == lf {
                return (newline, newline + 3)
            }
            i = newline + 1
        }
        return nil
    }

    package static func isTokenChar(_ b: UInt8) -> Bool {
        switch b {
        case 48...57, 65...90, 97...122: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
            UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
