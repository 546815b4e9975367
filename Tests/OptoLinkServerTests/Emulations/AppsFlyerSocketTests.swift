import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// AppsFlyer's S2S deep-link request over a real loopback socket: the request bytes an app's backend sends
/// (seed 003's example signature) and the answer bytes.
@Suite struct AppsFlyerSocketTests {
    static func raw(_ target: String, body: String) -> String {
        ([
            "POST \(target) HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
            "Content-Length: \(body.utf8.count)", "", body,
        ])
        .joined(separator: "\r\n")
    }

    @Test func theSignedRequestAndItsAnswersOnTheWire() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = server.connection()

        // Seed 003's example, signed with its DevKey: nothing was clicked
        connection.send(
            Self.raw("/v1.0/ios/id123456789?af_sig=\(AppsFlyerTests.seedSignature)", body: AppsFlyerTests.seedBody))
        let none = try #require(connection.readResponse())
        #expect(none.status == 200)
        #expect(none.header("Content-Type") == "application/json; charset=utf-8")
        #expect(none.text == #"{"click_event":{},"found":false}"#)

        // A tap on the OneLink from 127.0.0.1, then the same request: found, every field of the seed's Click_found
        let page = try #require(
            server.request(
                "GET", "/af/id123456789/spring",
                headers: [
                    "User-Agent": EmulationRouter.iPhoneUA, "Accept-Language": "en-US", "X-Forwarded-For": "127.0.0.1",
                ]))
        #expect(page.status == 200)
        connection.send(
            Self.raw("/v1.0/ios/id123456789?af_sig=\(AppsFlyerTests.seedSignature)", body: AppsFlyerTests.seedBody))
        let found = try #require(connection.readResponse())
        #expect(found.status == 200)
        #expect(
            found.text
                == #"{"click_event":{"af_sub1":"my_afsub1","af_sub2":"my_afsub2","af_sub3":"my_afsub3","#
                + #""af_sub4":"my_afsub4","af_sub5":"my_afsub5","campaign":"my_new_campaign","#
                + #""campaign_id":"394a89cf-275a-451b-b030-1c6f8b55ff19","click_http_referrer":null,"#
                + #""custom_params":{"fruit_amount":"26","fruit_name":"apples"},"match_type":"probabilistic","#
                + #""media_source":"Email","timestamp":"2027-01-15T08:00:00.000"},"found":true}"#
        )

        // A wrong signature: 400 {code, message}
        connection.send(
            Self.raw("/v1.0/ios/id123456789?af_sig=\(String(repeating: "0", count: 64))", body: AppsFlyerTests.seedBody)
        )
        let refused = try #require(connection.readResponse())
        #expect(refused.status == 400)
        #expect(
            refused.text
                == #"{"code":"invalid_signature","message":"af_sig does not match: expected the "#
                + #"lower-case hex HMAC-SHA256 of timestamp + ip keyed with the app's DevKey"}"#
        )
    }
}
