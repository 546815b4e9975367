import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

/// Issue 13, item 13: `GET /links/:id/qr.svg` and `qr.png` over a loopback socket.
@Suite struct QRRouteTests {
    /// The demo seed plus org `acme` without a custom domain (with a SERVER key and link `hi`), and org
    /// `long` whose custom domain and short code make a long URL.
    static var seed: ServerSeed {
        var seed = ServerSeed.demo
        seed.orgs.append(
            .init(
                orgKey: "acme", name: "Acme", status: "ACTIVE", teamId: nil, bundleId: nil, customDomain: nil,
                keys: [.init(key: "opl_api_acme_server_key_0000000001", tier: "SERVER")], templates: [],
                links: [.init(shortCode: "hi", path: "/hi", params: [:])]))
        seed.orgs.append(
            .init(
                orgKey: "long", name: "Long", status: "ACTIVE", teamId: nil, bundleId: nil,
                customDomain: "links." + String(repeating: "a", count: 50) + ".example.test",
                keys: [.init(key: "opl_api_long_server_key_0000000001", tier: "SERVER")], templates: [],
                links: [.init(shortCode: String(repeating: "x", count: 64), path: "/x", params: [:])]))
        return seed
    }

    static func linkID(_ server: TestServer, org: String, code: String) throws -> String {
        let org = try #require(try server.backend.store.org(key: org))
        return try #require(try server.backend.store.link(orgId: org.id, shortCode: code)).id
    }

    @Test func theImagesAreTheLinksShortURLAtTheAskedLevelAndSize() throws {
        // Given the demo org (custom domain links.demo.test) and its link `summer`
        let server = try TestServer(seed: Self.seed)
        defer { server.stop() }
        let id = try Self.linkID(server, org: "demo", code: "summer")
        let url = "https://links.demo.test/demo/summer"
        for (query, level, pixels) in [
            ("", QRErrorCorrection.medium, 256), ("?ecc=L", .low, 256), ("?ecc=Q&size=300", .quartile, 300),
            ("?size=2048&ecc=H", .high, 2048), ("?size=128", .medium, 128),
        ] {
            // When both images are asked for
            let svg = try #require(
                server.request("GET", "/links/\(id)/qr.svg\(query)", headers: bearer(TestServer.serverKey)))
            let png = try #require(
                server.request("GET", "/links/\(id)/qr.png\(query)", headers: bearer(TestServer.serverKey)))
            // Then they are the writers' drawings of the short URL's code at that level and size
            let code = try #require(QRCode.encode(Array(url.utf8), errorCorrection: level))
            #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml", "\(query)")
            #expect(svg.text == QRSVGWriter.svg(code, pixels: pixels), "\(query)")
            #expect(png.status == 200 && png.header("Content-Type") == "image/png", "\(query)")
            #expect(png.body == QRPNGWriter.png(code, pixels: pixels), "\(query)")
        }
    }

    @Test(.tags(.processes), .skippable(.processes), .enabled(if: QRDecoder.shouldRun, QRDecoder.skipReason))
    func aScannerReadsTheShortURLFromBothImages() async throws {
        // Given the demo link and a link of org acme, which has no custom domain
        let server = try TestServer(seed: Self.seed)
        defer { server.stop() }
        let demo = try Self.linkID(server, org: "demo", code: "summer")
        let acme = try Self.linkID(server, org: "acme", code: "hi")
        let host = "127.0.0.1:\(server.port)"
        // When their images are fetched (acme's through this server's own address)
        let demoSVG = try #require(
            server.request("GET", "/links/\(demo)/qr.svg?ecc=H", headers: bearer(TestServer.serverKey)))
        let demoPNG = try #require(
            server.request("GET", "/links/\(demo)/qr.png", headers: bearer(TestServer.serverKey)))
        let acmePNG = try #require(
            server.request(
                "GET", "/links/\(acme)/qr.png?size=200",
                headers: bearer("opl_api_acme_server_key_0000000001").merging(["Host": host]) { $1 }))
        // Then zbarimg reads the short URLs (the SVG rasterized by rsvg-convert)
        let (svgText, demoBody, acmeBody) = (demoSVG.text, demoPNG.body, acmePNG.body)
        let decoded = try await QRDecoder.offThePool {
            try QRDecoder.decode(pngs: [try QRDecoder.rasterize(svg: svgText, width: 256), demoBody, acmeBody])
        }
        #expect(
            decoded == [
                ["https://links.demo.test/demo/summer"], ["https://links.demo.test/demo/summer"],
                ["http://\(host)/acme/hi"],
            ])
    }

    @Test(arguments: [
        "size=abc", "size=127", "size=2049", "size=-200", "size=", "size=2e2", "size=%20256",
        "size=99999999999999999999",
        "ecc=X", "ecc=m", "ecc=", "ecc=MM", "size=1&ecc=Z",
    ])
    func aBadParameterIsA400EnvelopeNamingIt(query: String) throws {
        // Given a link
        let server = try TestServer(seed: Self.seed)
        defer { server.stop() }
        let id = try Self.linkID(server, org: "demo", code: "summer")
        for format in ["svg", "png"] {
            // When asked with a parameter out of its limits
            let response = try #require(
                server.request("GET", "/links/\(id)/qr.\(format)?\(query)", headers: bearer(TestServer.serverKey)))
            // Then 400 with the envelope, a detail per bad field, and a request id
            #expect(response.status == 400, "\(query)")
            #expect(response.json?["message"] == "Validation failed")
            #expect(response.json?["requestId"]?.stringValue?.hasPrefix("req_") == true)
            let fields = Set(query.split(separator: "&").map { String($0.prefix { $0 != "=" }) })
            if case .array(let details)? = response.json?["details"] {
                #expect(Set(details.compactMap { $0["field"]?.stringValue }) == fields, "\(query)")
            } else {
                Issue.record("no details for \(query)")
            }
        }
    }

    @Test func aSizeTooSmallForTheCodeIsA400SayingTheLeastThatFits() throws {
        // Given org long's link: a 50-letter custom domain and a 64-character short code (141 bytes)
        let server = try TestServer(seed: Self.seed)
        defer { server.stop() }
        let id = try Self.linkID(server, org: "long", code: String(repeating: "x", count: 64))
        let key = bearer("opl_api_long_server_key_0000000001")
        // When its code at H (version 12, 65 modules) is asked at 128 pixels, then at the least it needs
        let small = try #require(server.request("GET", "/links/\(id)/qr.png?ecc=H&size=128", headers: key))
        let code = try #require(
            QRCode.encode(
                Array(
                    ("https://links.\(String(repeating: "a", count: 50)).example.test/long/"
                        + "\(String(repeating: "x", count: 64))")
                        .utf8),
                errorCorrection: .high))
        let least = QRRequest.minimumPixels(for: code)
        let fits = try #require(server.request("GET", "/links/\(id)/qr.png?ecc=H&size=\(least)", headers: key))
        // Then the first is refused with the least size named, the second is drawn
        #expect(small.status == 400)
        guard case .array(let details)? = small.json?["details"], let detail = details.first else {
            Issue.record("no details")
            return
        }
        #expect(details.count == 1 && detail["field"] == "size")
        #expect(detail["message"]?.stringValue?.hasPrefix("size must be at least \(least) ") == true)
        #expect(least == 146)
        #expect(fits.status == 200 && fits.body == QRPNGWriter.png(code, pixels: least))
    }

    @Test func onlyTheLinksOrgWithAServerKeyGetsItsCode() throws {
        let server = try TestServer(seed: Self.seed)
        defer { server.stop() }
        let id = try Self.linkID(server, org: "demo", code: "summer")
        #expect(server.request("GET", "/links/\(id)/qr.svg")?.status == 401)
        #expect(server.request("GET", "/links/\(id)/qr.png", headers: bearer(TestServer.clientKey))?.status == 403)
        #expect(
            server.request("GET", "/links/\(id)/qr.png", headers: bearer("opl_api_acme_server_key_0000000001"))?.status
                == 404)
        #expect(server.request("GET", "/links/lnk_nope/qr.svg", headers: bearer(TestServer.serverKey))?.status == 404)
        // A bad parameter on someone else's link still says 404, not what was wrong with the parameter
        #expect(
            server.request("GET", "/links/\(id)/qr.png?size=1", headers: bearer("opl_api_acme_server_key_0000000001"))?
                .status == 404)
    }

    @Test func theShortURLIsTheCustomDomainElseTheRequestHostElseThePlatformDomain() {
        func url(_ custom: String?, _ host: String?) -> String {
            QRRequest.shortURL(
                orgKey: "acme", shortCode: "hi", customDomain: custom, host: host, platformDomain: "links.optolink.test"
            )
        }
        #expect(url("Go.Acme.test", "127.0.0.1:8787") == "https://go.acme.test/acme/hi")
        #expect(url(nil, "127.0.0.1:8787") == "http://127.0.0.1:8787/acme/hi")
        #expect(url(nil, "[::1]:8787") == "http://[::1]:8787/acme/hi")
        #expect(url(nil, "LINKS.optolink.test") == "https://links.optolink.test/acme/hi")
        #expect(url(nil, " localhost ") == "http://localhost/acme/hi")
        for bad in [nil, "", "evil.test/phish?", "a b", "é.test", String(repeating: "a", count: 256), "x@y.test"] {
            #expect(url(nil, bad) == "https://links.optolink.test/acme/hi", "\(bad ?? "nil")")
        }
    }
}
