import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkServer
import Testing

import enum OptoLinkHTTP.Socket

@testable import DashboardCore
@testable import DashboardProxy

/// The fault proxy on real sockets in front of the reference server in production mode (no `/dev`):
/// what passes is the backend's answer unchanged, what the proxy writes is marked, drops and trickles happen
/// on the wire. Real time (this folder is EndToEnd).
@Suite("Fault proxy over real sockets", .serialized)
struct FaultProxyEndToEndTests {
    /// A production-mode server and a proxy in front of it, both on 127.0.0.1 and a free port.
    final class Rig: Sendable {
        let server: OptoLinkServer
        let proxy: FaultProxy
        let events = EventLog()

        init() throws {
            server = try OptoLinkServer(configuration: .init(port: 0, production: true, log: .discarding))
            try server.start()
            let events = self.events
            proxy = FaultProxy(upstream: server.baseURL, onEvent: { events.append($0) })
            try proxy.start()
        }

        func stop() {
            proxy.stop()
            server.stop()
        }

        /// One request on a fresh session (no connection reuse between tests' requests).
        func send(
            _ method: String, _ path: String, via proxied: Bool = true, body: String? = nil,
            timeout: TimeInterval = 10
        ) async throws -> HTTPResponse {
            let base = proxied ? proxy.url : server.baseURL
            let request = HTTPRequest(
                method: method, url: URL(string: base.absoluteString + path)!,
                headers: body == nil ? [:] : ["Content-Type": "application/json"],
                body: body.map { Data($0.utf8) }, timeout: timeout)
            return try await URLSessionTransport().send(request)
        }
    }

    /// The events the proxy reported.
    final class EventLog: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var stored: [ProxyEvent] = []  // only touched under `lock`
        func append(_ event: ProxyEvent) {
            lock.lock()
            stored.append(event)
            lock.unlock()
        }
        var all: [ProxyEvent] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    /// Seconds a request that should simply be answered may take: only a bound against a hang, never asserted.
    /// The whole suite starting at once on 2 cores kept every test waiting about 20 s, and a 5 s bound then
    /// failed a request that was answered.
    static let patience: TimeInterval = 30

    static let matchBody =
        #"{"deviceId":"0F6B3B8E-1C47-4E2B-9C3A-5D1E2F3A4B5C","platform":"iOS","osVersion":"17.4","#
        + #""deviceModel":"iPhone15,2","language":"en-US","timezone":"Europe/Berlin"}"#

    #if os(Linux)
    @Test func aGETWithABodyIsRefusedSayingWhyNotBlamedOnTheBackend() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        // Given a GET with a body, sent raw (URLSession would not send it either) and without X-Forwarded-For
        guard
            case .success(let fd) = Socket.connect(
                host: "127.0.0.1", port: rig.proxy.url.port!, from: "127.0.0.1",
                timeout: 10)
        else {
            Issue.record("cannot connect to the proxy")
            return
        }
        defer { close(fd) }
        #expect(
            Socket.sendAll(
                fd, Array("GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)))
        var answer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += chunk[..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        // Then the proxy's answer says it cannot forward it, and why
        #expect(text.hasPrefix("HTTP/1.1 502"), "\(text)")
        #expect(text.contains("cannot forward a GET with a body"), "\(text)")
    }

    @Test func aLoopbackBackendSeesEachSimulatedNetworkFromALoopbackAddressOfItsOwn() async throws {
        // Given a backend on loopback that answers with the address it saw, and the proxy in front of it
        let echo = try PeerEchoServer()
        defer { echo.stop() }
        let proxy = FaultProxy(upstream: URL(string: "http://127.0.0.1:\(echo.port)")!, onEvent: { _ in })
        try proxy.start()
        defer { proxy.stop() }
        // When two simulated devices on two networks send through it, and one request names no client
        func ask(_ forwardedFor: String?) async throws -> String {
            let request = HTTPRequest(
                method: "GET", url: URL(string: proxy.url.absoluteString + "/health")!,
                headers: forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:], timeout: Self.patience)
            return String(decoding: try await URLSessionTransport().send(request).body, as: UTF8.self)
        }
        // Then each arrives from its own loopback address, the unnamed one from the proxy's
        #expect(try await ask("203.0.113.10").hasPrefix("127.0.113.10"))
        #expect(try await ask("198.51.100.10").hasPrefix("127.51.100.10"))
        #expect(try await ask(nil).hasPrefix("127.0.0.1"))
    }

    @Test func theScenariosProxyNamesTheLoopbackSourceInForwardedForTooAndTheStandaloneOnePassesItOn() async throws {
        // Given a backend on loopback that answers with the address it saw and the X-Forwarded-For it got,
        // the proxy the scenarios start in front of it, and the standalone one (`optolink-dash proxy`)
        let echo = try PeerEchoServer()
        defer { echo.stop() }
        let upstream = URL(string: "http://127.0.0.1:\(echo.port)")!
        let scenarios = FaultProxy(upstream: upstream, namesSourceAddress: true)
        let standalone = FaultProxy(upstream: upstream)
        try scenarios.start()
        defer { scenarios.stop() }
        try standalone.start()
        defer { standalone.stop() }
        func ask(_ proxy: FaultProxy, _ forwardedFor: String) async throws -> String {
            let request = HTTPRequest(
                method: "GET", url: URL(string: proxy.url.absoluteString + "/health")!,
                headers: ["X-Forwarded-For": forwardedFor], timeout: Self.patience)
            return String(decoding: try await URLSessionTransport().send(request).body, as: UTF8.self)
        }
        // When a simulated device on 203.0.113.10 sends through each
        // Then behind the scenarios' proxy the backend sees 127.0.113.10 whether or not it trusts the header
        // (so AppsFlyer's signed ip, and the clicks, name the same address); the standalone one passes it on
        #expect(try await ask(scenarios, "203.0.113.10") == "127.0.113.10 xff=127.0.113.10")
        #expect(try await ask(standalone, "203.0.113.10") == "127.0.113.10 xff=203.0.113.10")
    }

    @Test func aBrowserClickReachesALoopbackBackendFromItsNetworksLoopbackAddress() async throws {
        // Given the same backend, and the transport the scenarios' browser clicks use
        let echo = try PeerEchoServer()
        defer { echo.stop() }
        let transport = LoopbackSourceTransport(base: URLSessionTransport())
        let url = URL(string: "http://127.0.0.1:\(echo.port)/demo/summer")!
        // When a browser on another network clicks
        let answer = try await transport.send(
            HTTPRequest(method: "GET", url: url, headers: ["X-Forwarded-For": "198.51.100.23"], timeout: Self.patience))
        // Then the backend saw it from 127.51.100.23
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("127.51.100.23"))
    }
    #endif

    @Test func whatPassesIsTheBackendsAnswerUnmarked() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        // Given no fault, When the same link data is asked for directly and through the proxy
        let direct = try await rig.send("GET", "/demo/summer/data", via: false)
        let proxied = try await rig.send("GET", "/demo/summer/data")
        // Then status and body are the backend's, and nothing says injected
        #expect(proxied.status == 200 && proxied.status == direct.status)
        #expect(
            try JSONSerialization.jsonObject(with: proxied.body) as? NSDictionary == JSONSerialization.jsonObject(
                with: direct.body) as? NSDictionary)
        #expect(proxied.header(FaultProxy.injectedHeader) == nil)
        #expect(proxied.header("X-Request-Id")?.hasPrefix("req_") == true)
        #expect(rig.events.all.last?.reachedUpstream == true)
    }

    @Test func anInjected503IsMarkedAndNeverReachesTheBackend() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        rig.proxy.add(FaultRule(route: "match", fault: .status(503, retryAfter: 2), count: 1))
        let injected = try await rig.send("POST", "/match", body: Self.matchBody)
        let after = try await rig.send("POST", "/match", body: Self.matchBody)
        #expect(injected.status == 503)
        #expect(injected.header("Retry-After") == "2")
        #expect(injected.header(FaultProxy.injectedHeader) == "proxy")
        #expect(after.status == 200 && after.header(FaultProxy.injectedHeader) == nil)
        let events = rig.events.all
        #expect(events.count == 2 && events[0].reachedUpstream == false && events[0].decision.isInjected)
    }

    @Test func a429CarriesTheContractsMessage() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        rig.proxy.add(FaultRule(route: "any", fault: .rateLimited(retryAfter: 3), count: 1))
        let response = try await rig.send("GET", "/demo/summer/data")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        #expect(response.status == 429 && response.header("Retry-After") == "3")
        #expect(object?["message"] as? String == "Retry after 3 second(s)")
    }

    @Test func dropBeforeAndAfterTheBackendBothCloseWithoutAnAnswer() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        rig.proxy.add(FaultRule(route: "match", fault: .dropBeforeUpstream, count: 1))
        rig.proxy.add(FaultRule(route: "match", fault: .dropAfterUpstream, count: 1))
        await #expect(throws: (any Error).self) {
            _ = try await rig.send("POST", "/match", body: Self.matchBody, timeout: 5)
        }
        await #expect(throws: (any Error).self) {
            _ = try await rig.send("POST", "/match", body: Self.matchBody, timeout: 5)
        }
        let events = rig.events.all
        #expect(events.map(\.status) == [nil, nil])
        #expect(events.map(\.reachedUpstream) == [false, true])
    }

    @Test func aTrickledAnswerArrivesWholeAndSlowly() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        let direct = try await rig.send("GET", "/demo/summer/data", via: false)
        rig.proxy.add(FaultRule(route: "data", fault: .trickle(bytes: 64, interval: 0.1), count: 1))
        let started = Date()
        let trickled = try await rig.send("GET", "/demo/summer/data")
        let elapsed = Date().timeIntervalSince(started)
        #expect(trickled.status == 200)
        #expect(
            try JSONSerialization.jsonObject(with: trickled.body) as? NSDictionary == JSONSerialization.jsonObject(
                with: direct.body) as? NSDictionary)
        #expect(trickled.header(FaultProxy.injectedHeader) == "proxy; trickle")
        // The head and body are several slices of 64 bytes, one every 0.1 s.
        let slices = (trickled.body.count + 200) / 64
        #expect(elapsed >= Double(slices - 1) * 0.1 * 0.9, "took \(elapsed) s for about \(slices) slices")
    }

    @Test func aDelayedRequestIsForwardedAfterTheDelay() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        rig.proxy.add(FaultRule(route: "data", fault: .delay(1), count: 1))
        let started = Date()
        let response = try await rig.send("GET", "/demo/summer/data")
        #expect(Date().timeIntervalSince(started) >= 0.95)
        #expect(response.status == 200 && response.header(FaultProxy.injectedHeader) == "proxy; delay")
    }
}
