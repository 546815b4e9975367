import Testing
@testable import OptoLinkServer

@Suite struct HTTPParserTests {
    func parse(_ text: String, limits: HTTPParser.Limits = .init()) -> HTTPParser.Outcome { HTTPParser.parse(Array(text.utf8), limits: limits) }

    func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test func parsesARequestWithBodyAndQuery() throws {
        guard case .complete(let request, let consumed) = parse("POST /demo/sum%20mer/data?deviceId=a%2Bb&x=1+2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}extra") else {
            Issue.record("not complete"); return
        }
        #expect(request.method == "POST")
        #expect(request.segments == ["demo", "sum mer", "data"])
        #expect(request.query == ["deviceId": "a+b", "x": "1 2"])
        #expect(request.body == Array("{}".utf8))
        #expect(consumed == Array("POST /demo/sum%20mer/data?deviceId=a%2Bb&x=1+2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n{}".utf8).count)
    }

    @Test func headerNamesAreCaseInsensitiveAndValuesTrimmed() {
        guard case .complete(let request, _) = parse("GET / HTTP/1.1\r\ncontent-TYPE:application/json\r\nX-A: \t v \r\n\r\n") else {
            Issue.record("not complete"); return
        }
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("x-a") == "v")
    }

    @Test func incompleteUntilTheBodyArrives() {
        if case .incomplete = parse("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab") {} else { Issue.record("expected incomplete") }
        if case .incomplete = parse("GET / HTTP/1.1\r\nHost: x\r\n") {} else { Issue.record("expected incomplete") }
    }

    @Test func keepAliveDefaults() {
        guard case .complete(let a, _) = parse("GET / HTTP/1.1\r\n\r\n"),
              case .complete(let b, _) = parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n"),
              case .complete(let c, _) = parse("GET / HTTP/1.0\r\n\r\n"),
              case .complete(let d, _) = parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        else { Issue.record("not complete"); return }
        #expect(a.keepAlive && !b.keepAlive && !c.keepAlive && d.keepAlive)
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET /\r\n\r\n", "get / HTTP/1.1\r\n\r\n", "GET nopath HTTP/1.1\r\n\r\n",
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
        } else { Issue.record("agreeing duplicates rejected") }
        if case .complete(let r, _) = parse("POST / HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n" + String(repeating: "x", count: 1_048_576)) {
            #expect(r.body.count == 1_048_576)
        } else { Issue.record("1 MiB body rejected") }
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
        if case .complete(let r, _) = parse("\r\nGET /health HTTP/1.1\nHost: x\n\n") { #expect(r.segments == ["health"]) }
        else { Issue.record("not parsed") }
    }
}
