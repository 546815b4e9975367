import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// Nothing a client sends may produce a 500: random bodies, targets and headers against every route.
@Suite struct RobustnessTests {

    static let fragments = [
        "{", "}", "[", "]", ",", ":", "\"deviceId\"", "\"abcdefgh12\"", "\"eventName\"", "\"properties\"", "{\"a\":1}",
        "null",
        "true", "-1", "1e999", "0.5", "\"\\ud800\"", "\"\\u0000\"", "\"shortCode\"", "\"path\"", "\"/x\"", "\"orgKey\"",
        "\"demo\"",
        "\"summer\"", "\"route\"", "\"kind\"", "\"status\"", "\"count\"", "999", "\"matchWindowHours\"", "\"template\"",
        "\"promo\"",
        "\"clipboardToken\"", "\"opl_AAAAAAAAAAAAAAAAAAAAAA\"", "\"ageSeconds\"", "1e300", "\"é\"", " ",
    ]

    @Test func randomBodiesNeverProduceA500() throws {
        let clock = ManualServerClock()
        let store = try Store(path: nil)
        try store.apply(.demo, now: clock.now())
        let router = Router(
            backend: Backend(
                store: store, clock: clock, options: .init(trustForwardedFor: true),
                emulations: ServerSeed.demo.emulations))
        var rng = SplitMix64(seed: 0x5EED)
        let targets =
            RouteTable.all.map { route in
                route.pattern.replacingOccurrences(of: ":orgKey", with: "demo").replacingOccurrences(
                    of: ":shortCode", with: "summer"
                )
                .replacingOccurrences(of: ":id", with: "lnk_x").replacingOccurrences(of: ":alias", with: "spring")
                .replacingOccurrences(of: ":code", with: "spring").replacingOccurrences(
                    of: ":app_id", with: "id123456789"
                )
                .replacingOccurrences(of: ":link", with: "spring")
            } + [
                "/", "/demo", "/demo/summer/data/extra", "/%C3%A9/%00", "/demo/summer?deviceId=%FF%FE",
                "/dev/match-attempts?limit=abc",
            ]
        let methods = ["GET", "POST", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS"]
        let auths = [
            nil, "Bearer \(TestServer.clientKey)", "Bearer \(TestServer.serverKey)", "Bearer ", "Bearer \u{0}",
            "Basic x", "Bearer opl_sdk_gone_client_key_0000000001",
            "Bearer qr_live_demo_publishable_key_0001", "Bearer qr_sk_demo_secret_key_000000001",
        ]
        for i in 0..<3000 {
            var body = [UInt8]()
            if i % 5 == 0 {
                body = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                body = Array(
                    (0..<Int.random(in: 0...12, using: &rng)).map { _ in Self.fragments.randomElement(using: &rng)! }
                        .joined().utf8)
            }
            var headers: [(name: String, value: String)] = [("X-Forwarded-For", "10.0.\(i % 250).\(i % 7)")]
            if let auth = auths.randomElement(using: &rng)! { headers.append(("Authorization", auth)) }
            if i % 3 == 0 {
                headers.append(("X-API-Key", auths.randomElement(using: &rng)!.map { String($0.dropFirst(7)) } ?? ""))
            }
            if i % 4 == 0 {
                headers.append(
                    (
                        "Api-Key",
                        ["dbl_live_demo_key_0000000001", "dbl_sandbox_demo_key_000000001", "x", ""].randomElement(
                            using: &rng)!
                    ))
            }
            // A target that is not valid percent-encoded UTF-8 is a 400 in the parser (HTTPParserTests).
            guard
                let request = try? HTTPRequest(
                    method: methods.randomElement(using: &rng)!, target: targets.randomElement(using: &rng)!,
                    headers: headers, body: body)
            else { continue }
            guard case .respond(let response) = router.handle(request, peer: "127.0.0.1") else { continue }
            #expect(
                response.status < 500,
                "\(request.method) \(request.target) \(String(decoding: body, as: UTF8.self)) → \(response.status)")
            if response.status >= 400 {
                // OptoLink's routes answer the envelope; an emulated service's routes answer that service's shape.
                let json = try JSONParser.parse(response.body)
                let target = request.target
                if target.hasPrefix("/api/v1/sdk/") || target.hasPrefix("/qr/") {
                    #expect(json["error"]?["message"]?.stringValue != nil, "\(target)")
                    #expect(json["error"]?["code"]?.stringValue != nil, "\(target)")
                    #expect(json["requestId"]?.stringValue == response.header("X-Request-Id"))
                } else if target.hasPrefix("/api/links/") || target.hasPrefix("/dbl/") {
                    #expect(json["detail"]?.stringValue != nil, "\(target)")
                    #expect(response.header("X-Request-Id") != nil)
                } else if target.hasPrefix("/v1.0/ios/") || target.hasPrefix("/ios/") || target.hasPrefix("/af/") {
                    #expect(json["code"]?.stringValue != nil, "\(target)")
                    #expect(json["message"]?.stringValue != nil, "\(target)")
                    #expect(response.header("X-Request-Id") != nil)
                } else {
                    #expect(json["message"]?.stringValue != nil, "\(target)")
                    #expect(json["requestId"]?.stringValue == response.header("X-Request-Id"))
                }
            }
        }
    }

    @Test func randomBytesNeverCrashTheParser() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<5000 {
            let prefix = Array(
                ["GET / HTTP/1.1\r\n", "POST /match HTTP/1.1\r\nContent-Length: 3\r\n", ""].randomElement(using: &rng)!
                    .utf8)
            let noise = (0..<Int.random(in: 0...200, using: &rng)).map { _ in
                [UInt8(13), 10, 58, 32, 48, 0xff].randomElement(using: &rng)!
                    &+ (Bool.random(using: &rng) ? UInt8.random(in: 0...127, using: &rng) : 0)
            }
            switch HTTPParser.parse(prefix + noise) {
            case .failure(let error): #expect(error.status >= 400 && error.status < 500 || error.status == 505)
            case .incomplete, .complete: break
            }
        }
    }
}
