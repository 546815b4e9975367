import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// QubeRoute over a real loopback socket: the request bytes seed 001's clients send and the answer bytes.
@Suite struct QubeRouteSocketTests {
    /// A request written out byte for byte, as the seed's Swift client sends it.
    static func raw(_ path: String, key: String, body: String, extra: [String] = []) -> String {
        (["POST \(path) HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", "Authorization: Bearer \(key)"]
            + extra
            + ["Content-Length: \(body.utf8.count)", "", body]).joined(separator: "\r\n")
    }

    @Test func resolveMatchAndEventsOnTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = server.connection()

        // resolve: the answer's exact bytes (members sorted, installId null without a token)
        connection.send(
            Self.raw("/api/v1/sdk/resolve", key: QubeRouteTests.live, body: #"{"url":"http://127.0.0.1/qr/spring"}"#))
        let resolved = try #require(connection.readResponse())
        #expect(resolved.status == 200)
        #expect(resolved.header("Content-Type") == "application/json; charset=utf-8")
        #expect(
            resolved.text
                == #"{"attributed":false,"confidence":1,"installId":null,"link":{"alias":"spring","#
                + #""campaign":"spring-sale","channel":"email","data":{"sku":"spring-box"},"#
                + #""feature":"promo","url":"https://shop.example.com/promo/spring"},"reason":"direct"}"#
        )

        // a browser's click, then the install's first-launch match from the same network, keep-alive
        let page = try #require(
            server.request(
                "GET", "/qr/spring",
                headers: [
                    "User-Agent": EmulationRouter.iPhoneUA,
                    "Accept-Language": "en-US,en;q=0.9", "X-Forwarded-For": "203.0.113.20",
                ]))
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("https://apps.apple.com/app/id123456789"))
        let token = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
        connection.send(
            Self.raw(
                "/api/v1/sdk/match", key: QubeRouteTests.live, body: #"{"installToken":"\#(token)"}"#,
                extra: [
                    "User-Agent: \(EmulationRouter.iPhoneUA)", "Accept-Language: en-US",
                    "X-Forwarded-For: 203.0.113.20",
                ]))
        let matched = try #require(connection.readResponse())
        let installId = try #require(matched.json?["installId"]?.stringValue)
        #expect(
            matched.text
                == #"{"attributed":true,"confidence":0.74,"installId":"\#(installId)","link":{"alias":"spring","#
                + #""campaign":"spring-sale","channel":"email","data":{"sku":"spring-box"},"#
                + #""feature":"promo","url":"https://shop.example.com/promo/spring"},"reason":"fingerprint"}"#
        )
        connection.send(
            Self.raw(
                "/api/v1/sdk/match", key: QubeRouteTests.live, body: #"{"installToken":"\#(token)"}"#,
                extra: ["X-Forwarded-For: 203.0.113.20"]))
        #expect(
            try #require(connection.readResponse()).text
                == #"{"attributed":true,"confidence":0,"installId":"\#(installId)","#
                + #""link":null,"reason":"already_attributed"}"#
        )

        // events: the seed's own example batch, twice
        let batch = """
            {
              "installToken": "9f3a...",
              "events": [
                {
                  "eventId": "a-key-you-generate",
                  "name": "purchase",
                  "valueMinor": 499,
                  "currency": "GBP",
                  "properties": { "sku": "spring-box" },
                  "clientTimestamp": "2026-09-01T12:00:00.000Z"
                }
              ]
            }
            """
        connection.send(Self.raw("/api/v1/sdk/events", key: QubeRouteTests.live, body: batch))
        let first = try #require(connection.readResponse())
        let eventInstall = try #require(first.json?["installId"]?.stringValue)
        #expect(first.text == #"{"accepted":["a-key-you-generate"],"duplicates":[],"installId":"\#(eventInstall)"}"#)
        connection.send(Self.raw("/api/v1/sdk/events", key: QubeRouteTests.live, body: batch))
        #expect(
            try #require(connection.readResponse()).text
                == #"{"accepted":[],"duplicates":["a-key-you-generate"],"installId":"\#(eventInstall)"}"#)

        // a secret key, on the wire
        connection.send(
            Self.raw("/api/v1/sdk/resolve", key: QubeRouteTests.secret, body: #"{"url":"http://127.0.0.1/qr/spring"}"#))
        let refused = try #require(connection.readResponse())
        #expect(refused.status == 403)
        let requestId = try #require(refused.header("X-Request-Id"))
        #expect(
            refused.text
                == #"{"error":{"code":"secret_key_refused","message":"Secret keys (qr_sk_…) are refused here: never "#
                + #"ship one in an app; use a publishable key (qr_live_… "#
                + #"or qr_test_…)"},"requestId":"\#(requestId)"}"#
        )
    }
}
