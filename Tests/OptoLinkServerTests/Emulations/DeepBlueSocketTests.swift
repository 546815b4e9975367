import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// Deep Blue Links over a real loopback socket: the request bytes seed 004's Swift sample sends and the
/// answer bytes.
@Suite struct DeepBlueSocketTests {
    /// A request written out byte for byte, as the seed's `DeepBlueLinks.post` sends it.
    static func raw(_ path: String, key: String, body: String, extra: [String] = []) -> String {
        (["POST \(path) HTTP/1.1", "Host: 127.0.0.1", "Api-Key: \(key)", "Content-Type: application/json"] + extra
            + ["Content-Length: \(body.utf8.count)", "", body]).joined(separator: "\r\n")
    }

    @Test func resolveNotAShortLinkAndCheckDeferredOnTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = server.connection()

        connection.send(
            Self.raw(
                "/api/links/resolve", key: DeepBlueTests.live, body: #"{"url":"https:\/\/demo.dev.thedbl.ink\/spring"}"#
            ))
        let resolved = try #require(connection.readResponse())
        #expect(resolved.status == 200)
        #expect(resolved.header("Content-Type") == "application/json; charset=utf-8")
        #expect(
            resolved.text
                == #"{"id":1,"isSandbox":false,"longUrl":"https://shop.example.com/products/1234?ref=spring","#
                + #""shortUrl":"https://demo.dev.thedbl.ink/spring"}"#
        )

        // the link's full URL is not a short link: 404, the app routes by the URL itself
        connection.send(
            Self.raw(
                "/api/links/resolve", key: DeepBlueTests.live,
                body: #"{"url":"https://shop.example.com/products/1234"}"#))
        let notShort = try #require(connection.readResponse())
        #expect(notShort.status == 404)
        #expect(notShort.text == #"{"detail":"Not found."}"#)

        // the first launch before any click: 404 is the normal answer
        connection.send(
            Self.raw(
                "/api/links/check-deferred", key: DeepBlueTests.sandbox, body: DeepBlueTests.deferred,
                extra: ["X-Forwarded-For: 203.0.113.40"]))
        let none = try #require(connection.readResponse())
        #expect(none.status == 404)
        #expect(none.text == #"{"detail":"No deferred link found."}"#)

        // a click on the preview page (as its script reloads it), then the launch on the same network
        let page = try #require(
            server.request(
                "GET", "/dbl/spring?timezone=Europe%2FBerlin&screenWidth=1179&screenHeight=2556&language=en-US",
                headers: ["User-Agent": EmulationRouter.iPhoneUA, "X-Forwarded-For": "203.0.113.40"]))
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        connection.send(
            Self.raw(
                "/api/links/check-deferred", key: DeepBlueTests.sandbox, body: DeepBlueTests.deferred,
                extra: ["X-Forwarded-For: 203.0.113.40"]))
        let matched = try #require(connection.readResponse())
        #expect(matched.status == 200)
        #expect(
            matched.text
                == #"{"id":1,"isSandbox":true,"longUrl":"https://shop.example.com/products/1234?ref=spring","#
                + #""shortUrl":"https://demo.dev.thedbl.ink/spring"}"#
        )

        // a missing Api-Key
        connection.send("POST /api/links/resolve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}")
        let unauthorized = try #require(connection.readResponse())
        #expect(unauthorized.status == 401)
        #expect(unauthorized.text == #"{"detail":"Authentication credentials were not provided."}"#)
    }
}
