import Foundation
import OptoLinkHTTP

@testable import OptoLinkServer

/// A router over a fresh in-memory backend with the demo seed (emulations included) and a manual clock:
/// the emulated routes as pure request → response functions, no socket.
struct EmulationRouter {
    static let iPhoneUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
    static let androidUA =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36"

    let router: Router
    let clock: ManualServerClock
    var backend: Backend { router.backend }

    init(seed: ServerSeed = .demo, maxRecordRows: Int = 1_000_000) throws {
        clock = ManualServerClock()
        let store = try Store(path: nil, maxRecordRows: maxRecordRows)
        try store.apply(seed, now: clock.now())
        router = Router(
            backend: Backend(
                store: store, clock: clock, options: .init(trustForwardedFor: true), emulations: seed.emulations))
    }

    /// One request from `ip` (sent as `X-Forwarded-For`, which this backend trusts).
    func respond(
        _ method: String, _ target: String, from ip: String = "198.51.100.10",
        headers: [(name: String, value: String)] = [],
        body: String = ""
    ) throws -> HTTPResponse {
        let request = try HTTPRequest(
            method: method, target: target, headers: headers + [("X-Forwarded-For", ip)], body: Array(body.utf8))
        guard case .respond(let response) = router.handle(request, peer: "127.0.0.1") else {
            throw OptoLinkServerError.startup("not a response")
        }
        return response
    }

    /// The body as JSON (nil when it is not).
    static func json(_ response: HTTPResponse) -> JSON? { try? JSONParser.parse(response.body) }
}

extension JSON {
    /// The array's element at `index` (nil when this is no array or it is too short).
    subscript(index: Int) -> JSON? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The elements, when this is an array.
    var arrayValue: [JSON]? { if case .array(let items) = self { items } else { nil } }
}
