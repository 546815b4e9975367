import TestSupport
import Testing

@testable import OptoLinkHTTP

/// The byte-level parser (``HTTPParser``) against the original rules on decoded text
/// (``HTTPTextParserOracle``): the same outcome, status, message and parsed request for every ASCII
/// edge case below and for random heads; the rules for bytes ≥ 0x80 (RFC 9110 obs-text) on their own;
/// plus the byte-level target split against the Character-level one on ASCII targets.
@Suite struct HTTPParserOracleTests {
    /// A comparable summary of an outcome.
    static func describe(_ outcome: HTTPParser.Outcome) -> String {
        switch outcome {
        case .incomplete:
            return "incomplete"
        case .failure(let error):
            return "failure \(error.status) \(error.message)"
        case .complete(let r, let consumed):
            return
                "complete \(consumed) \(r.method)|\(r.target)|\(r.version)|"
                + "\(r.headers.map { "\($0.name)=\($0.value)" })|\(r.body)"
                + "|\(r.segments)|\(r.query.sorted { $0.key < $1.key })"
        }
    }

    /// Both parsers' summaries of `bytes`.
    static func both(_ bytes: [UInt8], limits: HTTPParser.Limits = .init()) -> (bytes: String, text: String) {
        (describe(HTTPParser.parse(bytes, limits: limits)), describe(HTTPTextParserOracle.parse(bytes, limits: limits)))
    }

    static func status(_ text: String) -> Int? {
        if case .failure(let error) = HTTPParser.parse(Array(text.utf8)) { return error.status }
        return nil
    }

    /// Edge cases of the head: request line, header names and values, line endings, Content-Length,
    /// Transfer-Encoding, targets, control and non-ASCII bytes.
    static let edgeCases: [String] = [
        // Request lines.
        "GET / HTTP/1.1\r\nHost: x\r\n\r\n", "GET / HTTP/1.0\r\n\r\n", "GET / HTTP/1.1\n\n", "GET / HTTP/1.1\r\n\n",
        "GET / HTTP/1.1\n\r\n",
        "\r\n\r\nGET / HTTP/1.1\r\n\r\n", "\r\nGET / HTTP/1.1\r\n\r\n", "\nGET / HTTP/1.1\r\n\r\n",
        "\r\rGET / HTTP/1.1\r\n\r\n", "\n\n", "\r\n\r\n", "\r\n\n", " GET / HTTP/1.1\r\n\r\n",
        "GARBAGE\r\n\r\n", "GET\r\n\r\n", "GET /\r\n\r\n", "get / HTTP/1.1\r\n\r\n", "GET nopath HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1 extra\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1 \r\n\r\n",
        "GET / HTTP/1.1\r\r\n\r\n",
        "GET / HTTP/1.1\r\r\n\r\r\n", "GET\t/ HTTP/1.1\r\n\r\n", "GET / HTTP/2.0\r\n\r\n", "GET / HTTP/9.9\r\n\r\n",
        "GET / HTTP/1.10\r\n\r\n",
        "GET / HTTP/x.y\r\n\r\n", "GET / HTTP/\r\n\r\n", "GET / HTTP/1\r\n\r\n", "GET / http/1.1\r\n\r\n",
        "GET / FTP/1.0\r\n\r\n",
        "GET / HTTP/1.1\u{0}\r\n\r\n", "ABCDEFGHIJKLMNOPQRST / HTTP/1.1\r\n\r\n",
        "ABCDEFGHIJKLMNOPQRSTU / HTTP/1.1\r\n\r\n",
        " / HTTP/1.1\r\n\r\n", "G1T / HTTP/1.1\r\n\r\n", "GET /a\u{7f} HTTP/1.1\r\n\r\n",
        "GET /a\u{0}b HTTP/1.1\r\n\r\n",
        "GET /\r HTTP/1.1\r\n\r\n", "\u{16}\u{03}\u{01}", "GET", "G", "", "\r\n", "GET / HTTP/1.1\r\nHost: x\r\n",
        // Targets.
        "GET /demo/summer/data?deviceId=abc HTTP/1.1\r\n\r\n", "GET //a//b/ HTTP/1.1\r\n\r\n",
        "GET /? HTTP/1.1\r\n\r\n",
        "GET /?& HTTP/1.1\r\n\r\n", "GET /?a HTTP/1.1\r\n\r\n", "GET /?a= HTTP/1.1\r\n\r\n",
        "GET /?=b HTTP/1.1\r\n\r\n",
        "GET /?a=1&a=2 HTTP/1.1\r\n\r\n", "GET /?a=b=c&&d HTTP/1.1\r\n\r\n", "GET /x?y?z=1 HTTP/1.1\r\n\r\n",
        "GET /sum%20mer/%2F?q=a+b%2B HTTP/1.1\r\n\r\n", "GET /%zz HTTP/1.1\r\n\r\n", "GET /?a=%zz HTTP/1.1\r\n\r\n",
        "GET /%FF%FE HTTP/1.1\r\n\r\n", "GET /?a=%C3%28 HTTP/1.1\r\n\r\n",
        "GET /%C3%A9?%C3%A9=%E2%82%AC HTTP/1.1\r\n\r\n",
        "GET /a%00b HTTP/1.1\r\n\r\n", "GET /%2e%2e/ HTTP/1.1\r\n\r\n", "GET /?%=1 HTTP/1.1\r\n\r\n",
        // Header names and values.
        "GET / HTTP/1.1\r\ncontent-TYPE:application/json\r\nX-A: \t v \t\r\n\r\n", "GET / HTTP/1.1\r\nX-Empty:\r\n\r\n",
        "GET / HTTP/1.1\r\nX-Spaces:    \r\n\r\n", "GET / HTTP/1.1\r\nX-Colons: a:b:c\r\n\r\n",
        "GET / HTTP/1.1\r\nX-Tab:\ta\tb\t\r\n\r\n",
        "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", "GET / HTTP/1.1\r\n: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\n Host: x\r\n\r\n",
        "GET / HTTP/1.1\r\n\tHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", "GET / HTTP/1.1\r\nA: b\r\n\tfolded: x\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\n c\n\n",
        "GET / HTTP/1.1\r\n!#$%&'*+-.^_`|~09azAZ: ok\r\n\r\n", "GET / HTTP/1.1\r\nX(: y\r\n\r\n",
        "GET / HTTP/1.1\r\nX/Y: y\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\u{0}b\r\n\r\n", "GET / HTTP/1.1\r\nX-A: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\u{7f}\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\u{1f}\r\n\r\n", "GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: a\r\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: \u{0}\r\n\r\n", "GET / HTTP/1.1\r\nX\u{0}: a\r\n\r\n", "GET / HTTP/1.1\r\n\r\r\n\r\n",
        "GET / HTTP/1.1\r\nA: 1\rB: 2\r\n\r\n", "GET / HTTP/1.1\nA: 1\r\nB: 2\nC: 3\r\n\n",
        "GET / HTTP/1.1\r\nA: 1\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nAuthorization: x\r\nauthorization: y\r\n\r\n",
        "GET / HTTP/1.1\r\nX-A: ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./\r\n\r\n",
        // Content-Length and Transfer-Encoding.
        "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{",
        "POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}extra",
        "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 00\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 000002\r\n\r\n{}",
        "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: abc\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: \r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 1 2\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 0x10\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
        "POST / HTTP/1.1\r\nContent-Length: 2, 3\r\n\r\nabc",
        "POST / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\nab", "POST / HTTP/1.1\r\nContent-Length: 2,02 ,\t002\r\n\r\nab",
        "POST / HTTP/1.1\r\nContent-Length: 2,\r\n\r\nab", "POST / HTTP/1.1\r\nContent-Length: ,\r\n\r\n",
        "POST / HTTP/1.1\r\ncontent-length: 2\r\nCONTENT-LENGTH: 2\r\n\r\nab",
        "POST / HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n", "POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 999999999999999\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 0000000000000001\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: 000000000000001\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: x\r\n\r\nab",
        "POST / HTTP/1.1\r\nContent-Lengthx: 2\r\n\r\nab",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\ntransfer-encoding: identity\r\nContent-Length: 2\r\n\r\n{}",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nBad Name: x\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: x\r\nNoColon\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\na\r\n",
        // Pipelined requests: only the first is used.
        "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
        "POST /a HTTP/1.1\r\nContent-Length: 1\r\n\r\nxGET /b HTTP/1.1\r\n\r\n",
        // Valid UTF-8 in field names and values (obs-text in a value; a name is a token, so both refuse it).
        "GET / HTTP/1.1\r\nX-A: é\r\n\r\n", "GET / HTTP/1.1\r\nÉ: a\r\n\r\n", "GET / HTTP/1.1\r\nX-A: a\u{301}\r\n\r\n",
    ]

    @Test(arguments: edgeCases)
    func edgeCaseGivesTheSameOutcomeAsTheTextRules(_ text: String) {
        let (bytes, reference) = Self.both(Array(text.utf8))
        #expect(bytes == reference)
    }

    @Test func everyPrefixOfAValidRequestGivesTheSameOutcome() {
        let request = Array(
            ("\r\nPOST /demo/summer/data?deviceId=abc%20d&x=1+2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                + "application/json\r\nContent-Length: 13\r\nX-Forwarded-For: 10.0.0.1\r\n\r\n{\"a\":\"b\u{e9}\"}  ")
                .utf8)
        var incremental = HTTPParser()
        for end in 0...request.count {
            let prefix = Array(request[..<end])
            let (bytes, reference) = Self.both(prefix)
            if end == 1 {
                // A lone CR may be the first half of an empty line: the byte parser waits for its LF.
                #expect(bytes == "incomplete" && reference == "failure 400 Malformed request line")
            } else {
                #expect(bytes == reference, "prefix of \(end) bytes")
            }
            // One parser fed the growing input gives what a fresh one gives.
            #expect(Self.describe(incremental.parse(prefix)) == bytes, "incremental, prefix of \(end) bytes")
        }
    }

    /// Random heads and bodies cut into random reads: one parser per request gives what a fresh parser
    /// gives on the whole input.
    @Test func aRequestInPiecesParsesAsAWhole() {
        let requests = [
            "GET / HTTP/1.1\r\nHost: x\r\n\r\n", "\r\n\r\nPOST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello",
            "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc", "GET / HTTP/1.1\nA: 1\n\n",
            "GET / HTTP/1.1\r\nA: 1\r\n\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
            "GET /%zz HTTP/1.1\r\nContent-Length: 9\r\n\r\n",
            "\r\n\r\n\r\nGET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nX: \(String(repeating: "y", count: 40))\r\n\r\n",
        ]
        var limits = HTTPParser.Limits()
        limits.maxHeaderBytes = 48
        var rng = SeededRandom(seed: 17)
        for text in requests {
            let whole = Array(text.utf8)
            let expected = Self.describe(HTTPParser.parse(whole, limits: limits))
            for _ in 0..<200 {
                var parser = HTTPParser(limits: limits)
                var outcome = "incomplete"
                var end = 0
                while end < whole.count, outcome == "incomplete" {
                    end = min(whole.count, end + Int.random(in: 1...6, using: &rng))
                    outcome = Self.describe(parser.parse(Array(whole[..<end])))
                }
                if expected.hasPrefix("failure") {
                    #expect(outcome == expected, "\(text.debugDescription)")
                } else {
                    #expect(outcome == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    /// RFC 9112: the request line is ASCII. The text rules accepted raw UTF-8 in a target; the byte
    /// parser answers 400 for any byte ≥ 0x80 in the request line.
    @Test(arguments: [
        "GET /é HTTP/1.1\r\n\r\n", "GET \u{301}/ HTTP/1.1\r\n\r\n", "GET / HTTP/\u{301}1.1\r\n\r\n",
        "GÉT / HTTP/1.1\r\n\r\n",
        "GET /a?q=é HTTP/1.1\r\nHost: x\r\n\r\n",
    ])
    func aByteAbove0x7FInTheRequestLineIs400(_ text: String) {
        #expect(Self.describe(HTTPParser.parse(Array(text.utf8))) == "failure 400 Malformed request line")
    }

    /// RFC 9110 §5.5: a field value may hold obs-text, opaque to the server: kept (decoded as UTF-8, an
    /// invalid sequence as U+FFFD) where the text rules refused anything that was not UTF-8. A byte ≥ 0x80
    /// in the request line or a field name is a 400.
    @Test func obsTextInAValueIsAcceptedAndOtherPlacesAre400() throws {
        func parse(_ bytes: [UInt8]) -> HTTPParser.Outcome { HTTPParser.parse(bytes) }
        guard
            case .complete(let request, _) = parse(
                Array("GET / HTTP/1.1\r\nHost: x\r\nX-A: ".utf8) + [0xC0, 0xAF, 0x80, 0xFF] + Array(" b\r\n\r\n".utf8))
        else {
            Issue.record("obs-text refused")
            return
        }
        #expect(request.header("X-A") == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} b")
        guard case .complete(let utf8, _) = parse(Array("GET / HTTP/1.1\r\nUser-Agent: caf\u{e9}\r\n\r\n".utf8)) else {
            Issue.record("UTF-8 value refused")
            return
        }
        #expect(utf8.header("user-agent") == "caf\u{e9}")
        #expect(
            Self.describe(parse(Array("GET /de".utf8) + [0xFF, 0xFE] + Array("mo HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
                == "failure 400 Malformed request line")
        #expect(
            Self.describe(parse(Array("GET / HTTP/1.1\r\nX-".utf8) + [0xFF] + Array(": 1\r\n\r\n".utf8)))
                == "failure 400 Malformed header name")
        #expect(
            Self.describe(parse([0xFF] + Array("GET / HTTP/1.1\r\n\r\n".utf8))) == "failure 400 Malformed request line")
        // Delimiters are bytes: a combining mark after the colon or a space does not hide it (it did at Characters).
        guard case .complete(let marks, _) = parse(Array("GET / HTTP/1.1\r\nX-A:\u{301}\r\nX-B: \u{301} \r\n\r\n".utf8))
        else {
            Issue.record("combining marks refused")
            return
        }
        #expect(marks.header("X-A") == "\u{301}" && marks.header("X-B") == "\u{301}")
        // Control bytes stay refused next to obs-text.
        #expect(
            Self.describe(parse(Array("GET / HTTP/1.1\r\nX-A: \u{e9}\u{1}\r\n\r\n".utf8)))
                == "failure 400 Control character in header X-A")
    }

    @Test func limitsGiveTheSameOutcome() {
        var small = HTTPParser.Limits()
        small.maxHeaderBytes = 40
        small.maxBodyBytes = 4
        for text in [
            "GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 19))\r\n\r\n",
            "GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20))\r\n\r\n",
            "GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 40))",
            "POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nabcd",
            "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nabcde",
            "\r\n\r\nGET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20))\r\n\r\n",
        ] {
            let (bytes, reference) = Self.both(Array(text.utf8), limits: small)
            #expect(bytes == reference, "\(text.debugDescription)")
        }
        let big = "GET / HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 16 * 1024))\r\n\r\n"
        #expect(Self.both(Array(big.utf8)).bytes == Self.both(Array(big.utf8)).text)
        #expect(Self.status(big) == 431)
    }

    /// The statuses the byte-level parser gives, as HTTPParserTests and HostileInputTests require.
    @Test func statusesOfTheByteLevelParser() {
        #expect(Self.status("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n") == 400)  // obs-fold
        #expect(Self.status("GET / HTTP/1.1\r\nHost : x\r\n\r\n") == 400)
        #expect(Self.status("GET / HTTP/1.1\r\nX-A: a\u{0}b\r\n\r\n") == 400)
        #expect(Self.status("GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n") == 400)  // lone CR inside a value
        #expect(Self.status("GET / HTTP/2.0\r\n\r\n") == 505)
        #expect(Self.status("GET / HTTP/x.y\r\n\r\n") == 400)
        #expect(Self.status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}") == 411)
        #expect(Self.status("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n") == 413)
        #expect(Self.status("POST / HTTP/1.1\r\nContent-Length: 0000000000000001\r\n\r\nx") == 413)  // 16 digits
        #expect(Self.status("GET / HTTP/1.1\r\nX-A: a\r\r\n\r\n") == 400)  // only one CR of CR CR LF ends the line
        #expect(Self.status("GET / HTTP/1.1\nHost: x\n\n") == nil)  // bare LF
        guard
            case .complete(let request, let consumed) = HTTPParser.parse(
                Array("GET /a HTTP/1.1\nX-A:\t v\t \r\nX-B: 1\n\r\nrest".utf8))
        else {
            Issue.record("not complete")
            return
        }
        #expect(request.headers.map(\.name) == ["X-A", "X-B"])
        #expect(request.headers.map(\.value) == ["v", "1"])
        #expect(consumed == 36)
    }

    /// CR LF pairs before the request line.
    static func leadingEmptyLines(_ bytes: [UInt8]) -> Int {
        var start = 0
        while start + 1 < bytes.count, bytes[start] == 0x0d, bytes[start + 1] == 0x0a { start += 2 }
        return start / 2
    }

    /// Whether the request line (after leading CR LF pairs) is ASCII: where the oracle's rules still apply.
    static func requestLineIsASCII(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start + 1 < bytes.count, bytes[start] == 0x0d, bytes[start + 1] == 0x0a { start += 2 }
        return bytes[start...].prefix { $0 != 0x0a }.allSatisfy { $0 < 0x80 }
    }

    /// Random heads from fragments that matter to the rules (separators, line ends, control bytes,
    /// field names, digits), a few with non-ASCII bytes.
    @Test func randomHeadsGiveTheSameOutcome() {
        let lines = [
            "GET / HTTP/1.1", "POST /a/b?c=d&e HTTP/1.1", "GET /%41%zz HTTP/1.0", "PUT  / HTTP/1.1", "GET / HTTP/3.0",
            "get / HTTP/1.1", "",
        ]
        let fragments = [
            "Host", "Content-Length", "content-length", "Transfer-Encoding", "X-A", ":", ": ", " ", "\t", "\r", "\n",
            "\r\n",
            "0", "1", "2", "00", ",", "a", "\u{0}", "\u{7f}", "\u{1}", "é", "/", "?", "=", "&", "%", "+", "(",
            "HTTP/1.1",
        ]
        var rng = SeededRandom(seed: 0xB17E)
        for _ in 0..<4000 {
            var text = lines.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                text +=
                    "\r\n"
                    + (0..<Int.random(in: 0...6, using: &rng)).map { _ in fragments.randomElement(using: &rng)! }
                    .joined()
            }
            text += ["\r\n\r\n", "\n\n", "\r\n", "", "\r\n\r\nab"].randomElement(using: &rng)!
            let head = Array(text.utf8)
            let (bytes, reference) = Self.both(head)
            if Self.leadingEmptyLines(head) > HTTPParser.maxLeadingEmptyLines {
                #expect(
                    bytes.hasPrefix("failure 400 Malformed request line: more than 2 empty lines"),
                    "\(text.debugDescription): \(bytes)")
            } else if Self.requestLineIsASCII(head) {
                // The byte parser refuses a bad target as soon as the head is complete; the text rules waited for the
                // body.
                let earlyTargetError =
                    reference == "incomplete"
                    && (bytes.hasPrefix("failure 400 Malformed request target")
                        || bytes.hasPrefix("failure 400 Malformed query string"))
                #expect(bytes == reference || earlyTargetError, "\(text.debugDescription)")
            } else {
                #expect(bytes.hasPrefix("failure 400") || bytes == "incomplete", "\(text.debugDescription): \(bytes)")
            }
        }
    }

    /// The byte-level split of ASCII targets against the Character-level one (for ASCII every byte is
    /// its own Character, except CR LF, which the parser never lets into a target).
    @Test func asciiTargetsSplitAsTheTextRulesDo() throws {
        let pieces = [
            "/", "a", "b", "?", "&", "=", "%", "%41", "%2F", "%zz", "%C3%A9", "%FF", "+", "~", ".", "\t", " ",
        ]
        var rng = SeededRandom(seed: 7)
        var targets = ["", "/", "?", "/?", "//", "/a//b/", "/?&&", "/?a=&=b", "/x?y?z", "/%2F/%2f"]
        for _ in 0..<3000 {
            targets.append(
                (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
        }
        for target in targets {
            let reference = Result { () throws(HTTPError) in try HTTPTextParserOracle.splitTarget(target) }
            let request = Result { () throws(HTTPError) in try HTTPRequest(method: "GET", target: target) }
            switch (request, reference) {
            case (.success(let r), .success(let expected)):
                #expect(r.segments == expected.segments && r.query == expected.query, "\(target.debugDescription)")
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message, "\(target.debugDescription)")
            default:
                Issue.record("\(target.debugDescription): \(request) vs \(reference)")
            }
        }
    }

    /// Delimiters are bytes: a combining mark after `/` does not hide the `/` (it did at Characters).
    @Test func nonASCIITargetsSplitAtTheirBytes() throws {
        #expect(try HTTPRequest(method: "GET", target: "/\u{301}a/b?k\u{301}=v").segments == ["\u{301}a", "b"])
        #expect(try HTTPRequest(method: "GET", target: "/\u{301}a/b?k\u{301}=v").query == ["k\u{301}": "v"])
        #expect(try HTTPRequest(method: "GET", target: "/caf\u{e9}").segments == ["caf\u{e9}"])
    }

    /// `trimmingASCII` works on bytes; for ASCII text it is the Character-level trim it replaced.
    @Test func trimmingBytesIsTheCharacterTrimForASCII() {
        let pieces = [" ", "\t", "a", "b c", ",", "\u{7f}", "x\ty"]
        var rng = SeededRandom(seed: 15)
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(text.trimmingASCII(" \t") == HTTPTextParserOracle.trimmed(text, " \t"), "\(text.debugDescription)")
        }
        #expect(" \u{301}x ".trimmingASCII(" ") == "\u{301}x")  // the space is trimmed even before a combining mark
    }
}
