import Testing

@testable import OptoLinkHTTP

@Suite struct HTTPParserTests {
    func parse(_ text: String, limits: HTTPParser.Limits = .init()) -> HTTPParser.Outcome {
        HTTPParser.parse(Array(text.utf8), limits: limits)
    }

    func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test func parsesARequestWithBodyAndQuery() throws {
        guard
            case .complete(let request, let consumed) = parse(
                "POST /demo/sum%20mer/data?deviceId=a%2Bb&x=1+2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}extra"
            )
        else {
            Issue.record("not complete")
            return
        }
        #expect(request.method == "POST")
        #expect(request.segments == ["demo", "sum mer", "data"])
        #expect(request.query == ["deviceId": "a+b", "x": "1 2"])
        #expect(request.body == Array("{}".utf8))
        #expect(
            consumed
                == Array(
                    "POST /demo/sum%20mer/data?deviceId=a%2Bb&x=1+2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}"
                        .utf8
                ).count)
    }

    @Test func anyTokenIsAMethodAndItsCaseIsKept() {
        // RFC 9110 §9.1: a method is a token, case-sensitive; the router answers one it does not serve.
        for method in ["post", "M-SEARCH", "X_Y", "FOO1", String(repeating: "X", count: 64)] {
            guard case .complete(let request, _) = parse("\(method) / HTTP/1.1\r\nHost: h\r\n\r\n") else {
                Issue.record("\(method) not parsed")
                continue
            }
            #expect(request.method == method)
        }
        // A byte that is not a token character still makes the request line malformed
        #expect(status("GE(T / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
    }

    @Test func aRequestsOwnBodyLimitRefusesALargerLengthBeforeTheBody() {
        var limits = HTTPParser.Limits()
        limits.bodyLimit = { request, _ in request.path == "/small" ? 4 : nil }
        // Given a head declaring 5 bytes on a path whose limit is 4, and no body yet
        guard case .failure(let error) = parse("POST /small HTTP/1.1\r\nContent-Length: 5\r\n\r\n", limits: limits)
        else {
            Issue.record("not refused")
            return
        }
        // Then it is a 413 at once, naming the limit and carrying the path for the route's error shape
        #expect(error.status == 413)
        #expect(error.message == "Request body too large (limit 4 bytes)")
        #expect(error.path == "/small")
        // And 4 bytes there, or 5 elsewhere, are read as usual
        guard case .complete = parse("POST /small HTTP/1.1\r\nContent-Length: 4\r\n\r\n{ }\n", limits: limits),
            case .complete = parse("POST /other HTTP/1.1\r\nContent-Length: 5\r\n\r\n{ } \n", limits: limits)
        else {
            Issue.record("a body within its limit was refused")
            return
        }
    }

    @Test func headerNamesAreCaseInsensitiveAndValuesTrimmed() {
        guard
            case .complete(let request, _) = parse(
                "GET / HTTP/1.1\r\ncontent-TYPE:application/json\r\nX-A: \t v \r\n\r\n")
        else {
            Issue.record("not complete")
            return
        }
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("x-a") == "v")
    }

    @Test func incompleteUntilTheBodyArrives() {
        if case .incomplete = parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab") {
        } else {
            Issue.record("expected incomplete")
        }
        if case .incomplete = parse("GET / HTTP/1.1\r\nHost: x\r\n") {} else { Issue.record("expected incomplete") }
    }

    @Test func keepAliveDefaults() {
        guard case .complete(let a, _) = parse("GET / HTTP/1.1\r\n\r\n"),
            case .complete(let b, _) = parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n"),
            case .complete(let c, _) = parse("GET / HTTP/1.0\r\n\r\n"),
            case .complete(let d, _) = parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        else {
            Issue.record("not complete")
            return
        }
        #expect(a.keepAlive && !b.keepAlive && !c.keepAlive && d.keepAlive)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET /\r\n\r\n", "G@T / HTTP/1.1\r\n\r\n", "GET nopath HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1 extra\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "\u{16}\u{03}\u{01}", "GET / FTP/1.0\r\n\r\n",
    ])
    func garbageRequestLinesAre400(_ text: String) {
        #expect(status(text) == 400)
    }

    @Test func unknownVersionIs505() { #expect(status("GET / HTTP/2.0\r\n\r\n") == 505) }

    @Test func malformedHeadersAre400() {
        #expect(status("GET / HTTP/1.1\r\nNoColon\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n") == 400)
    }

    @Test func contentLengthRules() {
        #expect(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: abc\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: \r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") == 400)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 2, 3\r\n\r\nabc") == 400)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n") == 413)
        #expect(status("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n") == 413)
        #expect(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 411)
        // Agreeing duplicates are fine.
        if case .complete(let r, _) = parse("POST / HTTP/1.1\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nab") {
            #expect(r.body.count == 2)
        } else {
            Issue.record("agreeing duplicates rejected")
        }
        if case .complete(let r, _) = parse(
            "POST / HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n" + String(repeating: "x", count: 1_048_576))
        {
            #expect(r.body.count == 1_048_576)
        } else {
            Issue.record("1 MiB body rejected")
        }
    }

    @Test func headersOver16KiBAre431() {
        let big = "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 16 * 1024))\r\n\r\n"
        #expect(status(big) == 431)
        // Still incomplete but already too long.
        #expect(status("GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))") == 431)
        #expect(status("GET / HTTP/1.1\r\nX-Ok: \(String(repeating: "a", count: 15 * 1024))\r\n\r\n") == nil)
    }

    @Test func badPercentEncodingIs400() {
        #expect(status("GET /demo/%zz HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET /x?a=%zz HTTP/1.1\r\n\r\n") == 400)
    }

    @Test func bareLineFeedsAndLeadingBlankLinesAreTolerated() {
        if case .complete(let r, _) = parse("\r\nGET /health HTTP/1.1\nHost: x\n\n") {
            #expect(r.segments == ["health"])
        } else {
            Issue.record("not parsed")
        }
    }
}

/// A connection that sends only CR LF, or a head or body a byte at a time: the parser's work stays
/// bounded by what arrived.
@Suite struct HTTPParserWorkTests {
    @Test func aFloodOfEmptyLinesIsRefusedAfterTwo() {
        // Given a client sending nothing but CR LF.
        // Then two leading empty lines are ignored (RFC 9112 §2.2) and the third is a 400.
        if case .incomplete = HTTPParser.parse(Array("\r\n\r\n".utf8)) {
        } else {
            Issue.record("two empty lines refused")
        }
        guard case .failure(let error) = HTTPParser.parse(Array(String(repeating: "\r\n", count: 3).utf8)) else {
            Issue.record("three empty lines not refused")
            return
        }
        #expect(error.status == 400)
        if case .complete(let request, _) = HTTPParser.parse(
            Array("\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        {
            #expect(request.segments == ["health"])
        } else {
            Issue.record("two empty lines before a request refused")
        }
    }

    @Test func aFloodOfEmptyLinesSentInPiecesIsRefusedWithinSixBytes() {
        var parser = HTTPParser()
        var buffer = [UInt8]()
        var outcome = HTTPParser.Outcome.incomplete
        while case .incomplete = outcome, buffer.count < 64 * 1024 {
            buffer.append(buffer.count % 2 == 0 ? 13 : 10)  // one byte per read
            outcome = parser.parse(buffer)
        }
        guard case .failure(let error) = outcome else {
            Issue.record("never refused")
            return
        }
        #expect(error.status == 400)
        #expect(buffer.count <= 6)
    }

    /// Bytes the parser looks at for a request that arrives `chunk` bytes per read.
    static func work(_ request: [UInt8], chunk: Int) -> (examined: Int, outcome: HTTPParser.Outcome) {
        var parser = HTTPParser()
        var buffer = [UInt8]()
        var outcome = HTTPParser.Outcome.incomplete
        var position = 0
        while position < request.count {
            buffer.append(contentsOf: request[position..<min(position + chunk, request.count)])
            position += chunk
            outcome = parser.parse(buffer)
            if case .incomplete = outcome { continue }
            break
        }
        return (parser.bytesExamined, outcome)
    }

    @Test func aHeadSentAByteAtATimeIsScannedOnce() {
        // Given a 12 KiB head that arrives one byte per read.
        let head = Array(
            ("GET /demo/summer/data HTTP/1.1\r\nHost: x\r\n"
                + (0..<300).map { "X-Header-\($0): \(String(repeating: "v", count: 20))\r\n" }.joined() + "\r\n").utf8)
        #expect(head.count > 10_000)
        let (examined, outcome) = Self.work(head, chunk: 1)
        // Then it is parsed, and every byte was looked at a bounded number of times (rescanning the buffer
        // on every read would look at about head² / 2 ≈ 60 M bytes).
        guard case .complete(let request, let consumed) = outcome else {
            Issue.record("not parsed: \(outcome)")
            return
        }
        #expect(consumed == head.count && request.headers.count == 301)
        #expect(examined <= 4 * head.count, "examined \(examined) bytes for a \(head.count)-byte head")
        // And the same head in one read costs about as much.
        #expect(Self.work(head, chunk: head.count).examined <= 4 * head.count)
    }

    @Test func aBodySentAByteAtATimeDoesNotRescanTheHead() {
        // Given a request with a 64 KiB head and an 8 KiB body that arrives one byte per read.
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: 8 * 1024)
        let headText =
            "POST /sdk/events HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: \(body.count)\r\nX-Pad: "
            + String(repeating: "p", count: 15 * 1024) + "\r\n\r\n"
        let head = Array(headText.utf8)
        var parser = HTTPParser()
        var buffer = head
        guard case .incomplete = parser.parse(buffer) else {
            Issue.record("head not accepted")
            return
        }
        #expect(parser.expectsContinue == true)
        let afterHead = parser.bytesExamined
        var outcome = HTTPParser.Outcome.incomplete
        for byte in body {
            buffer.append(byte)
            outcome = parser.parse(buffer)
        }
        // Then the body is complete, and no byte of the head was looked at again.
        guard case .complete(let request, let consumed) = outcome else {
            Issue.record("not complete")
            return
        }
        #expect(request.body == body && consumed == buffer.count)
        #expect(
            parser.bytesExamined - afterHead <= body.count,
            "\(parser.bytesExamined - afterHead) bytes examined for the body")
        #expect(parser.expectsContinue == false)
    }

    /// Issue 13, item 6: a leading CR LF split across two reads was answered 400 "Malformed request line".
    @Test func aLoneCRAtTheEndOfAReadWaitsForItsLF() {
        var parser = HTTPParser()
        var buffer = Array("\r".utf8)
        guard case .incomplete = parser.parse(buffer) else {
            Issue.record("a lone CR was refused")
            return
        }
        buffer += Array("\nGET /health HTTP/1.1\r\nHost: x\r\n\r".utf8)
        guard case .incomplete = parser.parse(buffer) else {
            Issue.record("not incomplete")
            return
        }
        buffer += [10]
        guard case .complete(let request, let consumed) = parser.parse(buffer) else {
            Issue.record("not parsed")
            return
        }
        #expect(request.segments == ["health"] && consumed == buffer.count)
        // A CR followed by anything but LF is still a 400.
        #expect(
            { if case .failure(let e) = HTTPParser.parse(Array("\rX".utf8)) { return e.status } else { return 0 } }()
                == 400)
    }

    @Test func theParserStartsAfreshAfterEachRequest() {
        var parser = HTTPParser()
        let two = Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        guard case .complete(let first, let used) = parser.parse(two) else {
            Issue.record("first")
            return
        }
        #expect(first.segments == ["a"])
        parser.reset()
        guard case .complete(let second, _) = parser.parse(Array(two[used...])) else {
            Issue.record("second")
            return
        }
        #expect(second.segments == ["b"])
    }
}

/// The path an error carries (``HTTPError/path``), by which the embedding server picks the error's shape:
/// there once a well-formed request line was read, absent before.
@Suite struct HTTPErrorPathTests {
    static let path = "/api/v1/sdk/resolve"

    func failure(_ text: String) -> HTTPError? {
        if case .failure(let error) = HTTPParser.parse(Array(text.utf8)) { return error }
        return nil
    }

    @Test(arguments: [
        ("POST \(path) HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", 413),
        ("POST \(path) HTTP/1.1\r\nContent-Length: 0000000000000001\r\n\r\n", 413),
        ("POST \(path) HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
        ("GET \(path)?a=%zz&b=1 HTTP/1.1\r\n\r\n", 400),
        ("GET \(path) HTTP/2.0\r\n\r\n", 505),
        ("GET \(path) HTTP/1.1\r\nNoColon\r\n\r\n", 400),
        ("GET \(path) HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET \(path) HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 16 * 1024))\r\n\r\n", 431),
        ("GET \(path) HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 17 * 1024))", 431),  // still incomplete
    ])
    func errorsAfterAWellFormedRequestLineCarryThePathOfItsTarget(_ text: String, _ status: Int) {
        let error = failure(text)
        #expect(error?.status == status)
        #expect(error?.path == Self.path)
    }

    @Test func thePathIsTheTargetsAsSentUpToItsQuery() {
        // A segment that does not decode is the error itself: the path is still the one sent.
        #expect(failure("GET /api/links/%zz?x=1 HTTP/1.1\r\n\r\n")?.path == "/api/links/%zz")
        #expect(failure("GET /%61f/x?a=%zz HTTP/1.1\r\n\r\n")?.path == "/%61f/x")
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n", "GET / HTTP/x.y\r\n\r\n", "G@T \(path) HTTP/1.1\r\n\r\n", "\r\n\r\n\r\n",
        "GET /\(String(repeating: "a", count: 17 * 1024)) HTTP/1.1\r\n\r\n",  // a request line over the limit
        "GET \(path) HTTP/1.1 \(String(repeating: "a", count: 17 * 1024))\r\n\r\n",  // a malformed one over it
    ])
    func errorsWithoutAWellFormedRequestLineCarryNoPath(_ text: String) {
        let error = failure(text)
        #expect(error != nil)
        #expect(error?.path == nil)
    }

    @Test func headerProblemsCarryThePath() throws {
        let request = try HTTPRequest(
            method: "GET", target: "/dbl/abc?x=1", headers: [("Host", "a"), ("Host", "b")])
        let problem = HTTPParser.headerProblem(request)
        #expect(problem?.status == 400)
        #expect(problem?.path == "/dbl/abc")
    }

    /// What the event loop's 408 reads: the path of a head whose body has not all arrived.
    @Test func theParserKnowsThePathOnceTheHeadIsParsed() {
        var parser = HTTPParser()
        func outcome(_ buffer: [UInt8]) -> String { HTTPParserOracleTests.describe(parser.parse(buffer)) }
        // Given a head still arriving: no path yet
        var buffer = Array("POST /ios/id1?af_sig=0 HTTP/1.1\r\nHost: x\r\n".utf8)
        #expect(outcome(buffer) == "incomplete")
        #expect(parser.path == nil)
        // When the head is complete and the body is not
        buffer += Array("Content-Length: 4\r\n\r\n{}".utf8)
        #expect(outcome(buffer) == "incomplete")
        // Then the path is known
        #expect(parser.path == "/ios/id1")
        // And forgotten with the request
        buffer += Array("{}".utf8)
        #expect(outcome(buffer).hasPrefix("complete"))
        parser.reset()
        #expect(parser.path == nil)
    }
}
