import DashboardTestSupport
import Foundation
import OptoLinkServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `optolink-dash proxy`, the real binary, in front of a production-mode server in this process.
@Suite(
    "optolink-dash proxy, the binary", .tags(.processes), .skippable(.processes),
    .enabled(if: BuiltBinary.exists, "needs the built binary at .build/debug/optolink-dash (run `swift build` first)"))
struct ProxyBinaryTests {
    @Test func itForwardsInjectsWhatItWasToldAndLogsEachRequest() async throws {
        let server = try OptoLinkServer(configuration: .init(port: 0, production: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // Given the proxy started with a rule: the next /data answers 503 with Retry-After 2
        let command =
            "'\(BuiltBinary.path)' proxy --listen 127.0.0.1:0 --upstream '\(server.baseURL.absoluteString)' "
            + "--fault route=data,status=503,retry-after=2 < /dev/null > '\(log)' 2>&1 & echo $!"
        let pid = try await spawnOffPool(["/bin/sh", "-c", command], capture: true).trimmingCharacters(
            in: .whitespacesAndNewlines)
        defer { _ = kill(pid_t(pid) ?? 0, SIGTERM) }
        var number: Int?
        for _ in 0..<100 where number == nil {
            try await Task.sleep(nanoseconds: 50_000_000)
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                number = Int(text[range.upperBound...].prefix { $0.isNumber })
            }
        }
        let port = try #require(number, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let base = URL(string: "http://127.0.0.1:\(port)")!
        // When /data is asked for twice through it
        let first = try await URLSession.shared.data(from: base.appendingPathComponent("demo/summer/data"))
        let second = try await URLSession.shared.data(from: base.appendingPathComponent("demo/summer/data"))
        // Then the first is the proxy's marked 503, the second the backend's 200, and the log says so
        let a = try #require(first.1 as? HTTPURLResponse)
        let b = try #require(second.1 as? HTTPURLResponse)
        #expect(a.statusCode == 503 && a.value(forHTTPHeaderField: "Retry-After") == "2")
        #expect(a.value(forHTTPHeaderField: "X-OptoLink-Injected") == "proxy")
        #expect(b.statusCode == 200 && b.value(forHTTPHeaderField: "X-OptoLink-Injected") == nil)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(
            text.contains(
                "optolink-dash proxy: listening on http://127.0.0.1:\(port) → \(server.baseURL.absoluteString)"))
        #expect(text.contains("pending: 503 Retry-After 2 on data ×1"))
        #expect(
            text.contains(
                "proxy: GET /demo/summer/data → 503 (injected by the proxy: 503 Retry-After 2 on data (1 of 1))"))
        #expect(text.contains("proxy: GET /demo/summer/data → 200"))
    }

    @Test func badArgumentsExit2() async throws {
        let output = try await spawnOffPool(
            ["/bin/sh", "-c", "'\(BuiltBinary.path)' proxy --listen nowhere 2>&1; echo \"EXIT=$?\""], capture: true)
        #expect(output.contains("EXIT=2") && output.contains("--listen must be HOST:PORT"), "\(output)")
    }
}
