import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkServer
import TestSupport
import Testing

/// `optolink-dash proxy` on a real terminal (tmux): its screen, the fault keys, a request injected and shown.
@Suite(
    "optolink-dash proxy in a real terminal (tmux)", .serialized, .quietMachine,
    .tags(.terminal, .processes), .skippable(.terminal, .processes),
    .enabled(if: BuiltBinary.ready, BuiltBinary.skipReason))
struct ProxyScreenEndToEndTests {
    @Test func fInjectsA503TheRequestShowsMarkedAndQQuits() async throws {
        // Given a production-mode backend and the proxy in front of it, on a terminal
        let server = try OptoLinkServer(configuration: .init(port: 0, production: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let session = try TmuxSession(
            command: """
                '\(BuiltBinary.path)' proxy --listen 127.0.0.1:0 --upstream '\(server.baseURL.absoluteString)'
                echo "EXIT=$?"
                sleep 60
                """, width: 100, height: 30)
        defer { session.kill() }
        let header = await session.waitFor { $0.first?.contains("optolink-dash proxy │ http://127.0.0.1:") == true }
        #expect(header.ok, "\(header.screen.joined(separator: "\n"))")
        let first = header.screen.first ?? ""
        let port = try #require(
            first.range(of: #"127\.0\.0\.1:(\d+) →"#, options: .regularExpression).flatMap {
                Int(first[$0].dropFirst("127.0.0.1:".count).dropLast(2))
            })
        #expect(header.screen.contains { $0.contains("no requests yet") })

        // When f then Enter (the menu's first fault, 503, for 2 requests)
        try session.press("f")
        #expect(await session.waitFor { $0.joined().contains("Inject a fault") }.ok)
        try session.press("Enter")
        let pending = await session.waitFor { $0.joined().contains("pending: 503 on any ×2") }
        #expect(pending.ok, "\(pending.screen.joined(separator: "\n"))")

        // And an app asks for link data through the proxy
        let answer = try await URLSessionTransport().send(
            HTTPRequest(
                method: "GET", url: URL(string: "http://127.0.0.1:\(port)/demo/summer/data")!, headers: [:],
                timeout: 5))

        // Then it got the injected 503, and the screen shows the request marked, one use left
        #expect(answer.status == 503 && answer.headers["X-OptoLink-Injected"] == "proxy")
        let shown = await session.waitFor {
            $0.contains { $0.contains("proxy: GET /demo/summer/data → 503 (injected by the proxy") }
                && $0.joined().contains("pending: 503 on any ×1")
        }
        #expect(shown.ok, "\(shown.screen.joined(separator: "\n"))")

        // When c, then q
        try session.press("c")
        #expect(await session.waitFor { $0.joined().contains("faults cleared") }.ok)
        try session.press("q")
        let exit = await session.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exit.ok, "\(exit.screen.joined(separator: "\n"))")
    }
}
