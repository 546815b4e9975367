import Foundation
import OptoLinkHTTP
import Testing

@testable import DashboardCore

@Suite("Fault proxy: a loopback backend reached from each simulated network's own address")
struct LoopbackUpstreamTests {
    static let local = URL(string: "http://127.0.0.1:8787")!

    #if os(Linux)
    @Test func aSimulatedAddressMapsToALoopbackAddressOfItsOwn() {
        #expect(LoopbackUpstream.sourceAddress(for: "203.0.113.10", upstream: Self.local) == "127.0.113.10")
        #expect(LoopbackUpstream.sourceAddress(for: "198.51.100.10", upstream: Self.local) == "127.51.100.10")
        // the last entry of a list is the client the proxy saw; localhost is loopback too
        #expect(
            LoopbackUpstream.sourceAddress(for: "10.0.0.1, 203.0.113.7", upstream: URL(string: "http://localhost:9")!)
                == "127.0.113.7")
    }
    #endif

    @Test(arguments: [
        ("203.0.113.10", "https://127.0.0.1:8443"), ("203.0.113.10", "http://links.example.com"),
        ("2001:db8::1", "http://127.0.0.1:8787"), ("not an address", "http://127.0.0.1:8787"),
        ("203.0.113.255", "http://127.0.0.1:8787"),
    ])
    func otherBackendsAndAddressesGoThroughURLSession(client: String, upstream: String) {
        #expect(LoopbackUpstream.sourceAddress(for: client, upstream: URL(string: upstream)!) == nil)
        #expect(LoopbackUpstream.sourceAddress(for: nil, upstream: Self.local) == nil)
    }

    @Test func theRequestNamesTheHostTheLengthAndClosesTheConnection() {
        let bytes = LoopbackUpstream.requestBytes(
            method: "POST", url: URL(string: "http://127.0.0.1:8787/match?x=1")!,
            headers: [("X-API-Key", "opl_sdk_k"), ("X-Forwarded-For", "203.0.113.10")], body: Array("{}".utf8))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "POST /match?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8787\r\nX-API-Key: opl_sdk_k\r\n"
                + "X-Forwarded-For: 203.0.113.10\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
        let get = LoopbackUpstream.requestBytes(method: "GET", url: URL(string: "http://h/a")!, headers: [], body: [])
        #expect(String(decoding: get, as: UTF8.self) == "GET /a HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
    }

    @Test func theTargetIsThePathAsWrittenWithItsTrailingSlashAndEscapes() {
        // Given a link host that redirects /summer to /summer/ (and a path with an escaped space)
        for (url, line) in [
            ("http://h/summer/", "GET /summer/ HTTP/1.1"), ("http://h/a%20b/?q=%2F", "GET /a%20b/?q=%2F HTTP/1.1"),
            ("http://h", "GET / HTTP/1.1"),
        ] {
            let bytes = LoopbackUpstream.requestBytes(method: "GET", url: URL(string: url)!, headers: [], body: [])
            // Then the request line asks for exactly that path (URL.path would drop the slash: a redirect loop)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(line + "\r\n"), "\(url)")
        }
    }

    @Test func interimAnswersBeforeTheFinalOneAreSkipped() throws {
        // Given a 100 Continue and a 103 Early Hints before the final answer (RFC 9110 §15.2: a client must
        // parse any number of 1xx answers before the final one)
        let text =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
        let bytes = Array(text.utf8)
        // Then the answer is the final one, whole; and none is taken while only the interim ones have come
        let answer = try #require(LoopbackUpstream.parse(bytes, complete: false))
        #expect(answer.status == 200 && answer.body == Array("{}".utf8))
        #expect(LoopbackUpstream.parse(Array(bytes.prefix(60)), complete: false) == nil)
    }

    @Test func anUpperCaseLocalhostIsLoopbackToo() {
        #if os(Linux)
        #expect(
            LoopbackUpstream.sourceAddress(for: "203.0.113.7", upstream: URL(string: "http://LOCALHOST:9")!)
                == "127.0.113.7")
        #endif
        // And a connection to it is made to 127.0.0.1 (refused there: nothing listens on port 9)
        let result = Socket.connect(host: "LocalHost", port: 9, from: "127.0.0.1", timeout: 1)
        if case .failure(let error) = result { #expect(!error.message.contains("not an IPv4 address"), "\(error)") }
    }

    @Test func answersAreWholeOnlyWithTheirWholeBody() throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n"
        // Given a Content-Length answer in two pieces
        #expect(LoopbackUpstream.parse(Array((head + "{\"a\":").utf8), complete: false) == nil)
        let whole = try #require(LoopbackUpstream.parse(Array((head + "{\"a\":true}").utf8), complete: false))
        #expect(whole.status == 200 && String(decoding: whole.body, as: UTF8.self) == "{\"a\":true}")
        #expect(whole.headers.first { $0.name == "Content-Type" }?.value == "application/json")
        // A chunked one
        let chunked =
            "HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\n"
            + "\r\n4\r\nwait\r\n3;x=y\r\n...\r\n0\r\n\r\n"
        #expect(LoopbackUpstream.parse(Array(chunked.dropLast(7).utf8), complete: false) == nil)
        let decoded = try #require(LoopbackUpstream.parse(Array(chunked.utf8), complete: false))
        #expect(decoded.status == 503 && String(decoding: decoded.body, as: UTF8.self) == "wait...")
        // One without a length ends when the backend closes; a 204 has no body
        let open = Array("HTTP/1.1 200 OK\r\n\r\nall of it".utf8)
        #expect(LoopbackUpstream.parse(open, complete: false) == nil)
        #expect(
            LoopbackUpstream.parse(open, complete: true).map { String(decoding: $0.body, as: UTF8.self) } == "all of it"
        )
        #expect(LoopbackUpstream.parse(Array("HTTP/1.1 204 No Content\r\n\r\n".utf8), complete: false)?.body == [])
        // Garbage is no answer
        #expect(LoopbackUpstream.parse(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8), complete: true) == nil)
        #expect(LoopbackUpstream.parse(Array("HTTP/1.1 200 OK\r\nno colon\r\n\r\n".utf8), complete: true) == nil)
    }
}
