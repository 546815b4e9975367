import DashboardCore
import DashboardProxy
import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkTesting
import Testing

@testable import OptoLinkServer

/// The real SDK through the dashboard's fault proxy against the reference server in production mode (no
/// `/dev`: clicks go through the real redirect page, faults come from the proxy): a connection dropped on a
/// POST before and after the backend saw it, and a trickled answer.
@Suite("Faults from the fault proxy, end to end", .serialized, .tags(.realTime), .skippable(.realTime))
struct ProxyFaultTests {
    /// A production-mode server (trusting X-Forwarded-For, events on disk) and a proxy in front of it.
    final class Rig: Sendable {
        let server: OptoLinkServer
        let databasePath: String
        let proxy: FaultProxy

        init() throws {
            databasePath = TemporaryDirectory.make("proxy").appendingPathComponent("optolink.sqlite").path
            server = try OptoLinkServer(
                configuration: .init(
                    port: 0, databasePath: databasePath, trustForwardedFor: true,
                    production: true, log: .discarding))
            try server.start()
            proxy = FaultProxy(upstream: server.baseURL)
            try proxy.start()
        }

        func stop() {
            proxy.stop()
            server.stop()
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: databasePath).deletingLastPathComponent())
        }

        /// A browser on `address` opens the real redirect page of /demo/summer; its token lands on `device`'s
        /// pasteboard.
        func click(onto device: SimulatedDevice, from address: String) async throws {
            let ua =
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
                + "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
            let (status, body) = try await TestServer.send(
                "GET", server.baseURL.absoluteString + "/demo/summer", address: address,
                headers: ["User-Agent": ua, "Accept-Language": "en-US"])
            #expect(status == 200)
            let token = try #require(BrowserPage.clipboardToken(in: String(decoding: body, as: UTF8.self)))
            device.pasteboard.content = token
        }
    }

    @Test("a POST /match dropped after the backend matched it: a failed attempt, retried, CLIPBOARD delivered once")
    func matchDroppedAfterTheBackend() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        let device = SimulatedDevice(address: "203.0.113.121")
        try await rig.click(onto: device, from: "198.51.100.121")
        rig.proxy.add(FaultRule(route: "match", fault: .dropAfterUpstream, count: 1))

        let sdk = try device.start(rig.proxy.url, timeout: 3)
        let diagnostics = Collector(sdk.diagnostics)
        let links = Collector(sdk.links)
        let resolved = await sdk.resolveDeferredLink()
        let delivered = await links.settle(count: 1)

        #expect(resolved?.matchType == .clipboard && resolved?.path == DemoLinks.summerPath)
        #expect(delivered == [resolved].compactMap { $0 })
        #expect(device.firstLaunchDone)
        let story = try #require(diagnostics.values.requests(.match).first)
        #expect(story.failures.count == 1, "\(story.failures)")
        #expect(story.statuses == [200])
        #expect(story.finished.first?.attempts == 2)
        #expect(rig.proxy.pending.isEmpty)
        await sdk.shutdown()
    }

    @Test("a POST /sdk/events dropped before the backend saw it is sent again and stored once")
    func eventDroppedBeforeTheBackend() async throws {
        let stored = try await Self.trackThroughADrop(.dropBeforeUpstream, address: "203.0.113.122")
        #expect(stored == ["checkout"])
    }

    @Test("a POST /sdk/events dropped after the backend stored it is sent again: stored twice (at-least-once)")
    func eventDroppedAfterTheBackend() async throws {
        let stored = try await Self.trackThroughADrop(.dropAfterUpstream, address: "203.0.113.123")
        #expect(stored == ["checkout", "checkout"])
    }

    /// Tracks `checkout` through the proxy with the first `/sdk/events` dropped as `fault` says; checks it
    /// was sent again (one failure, then 200) and nothing is left queued; returns the stored event names.
    private static func trackThroughADrop(_ fault: Fault, address: String) async throws -> [String] {
        let rig = try Rig()
        defer { rig.stop() }
        let device = SimulatedDevice(address: address)
        device.markInstalledEarlier()
        rig.proxy.add(FaultRule(route: "events", fault: fault, count: 1))
        let sdk = try device.start(rig.proxy.url, timeout: 3)
        let diagnostics = Collector(sdk.diagnostics)

        #expect(await sdk.trackEvent("checkout"))
        #expect(
            await diagnostics.wait(timeout: 20) { $0.contains { $0.kind == .eventSent(name: "checkout", queued: 0) } })

        let story = try #require(diagnostics.values.requests(.events).first)
        #expect(story.failures.count == 1, "\(story.failures)")
        #expect(story.statuses == [200])
        rig.server.backend.store.flush()
        let stored = try ServerProbe.events(databasePath: rig.databasePath, deviceId: sdk.deviceId)
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        return stored.map(\.name)
    }

    @Test("a trickled /match answer within the timeout: one slow attempt, CLIPBOARD delivered")
    func trickledMatchAnswer() async throws {
        let rig = try Rig()
        defer { rig.stop() }
        let device = SimulatedDevice(address: "203.0.113.124")
        try await rig.click(onto: device, from: "198.51.100.124")
        rig.proxy.add(FaultRule(route: "match", fault: .trickle(bytes: 32, interval: 0.1), count: 1))

        let started = Date()
        let sdk = try device.start(rig.proxy.url, timeout: 10)
        let diagnostics = Collector(sdk.diagnostics)
        let resolved = await sdk.resolveDeferredLink()
        let elapsed = Date().timeIntervalSince(started)

        #expect(resolved?.matchType == .clipboard && resolved?.path == DemoLinks.summerPath)
        let story = try #require(diagnostics.values.requests(.match).first)
        #expect(story.statuses == [200] && story.failures.isEmpty)
        // Several hundred bytes, 32 at a time every 0.1 s: more than a second on the wire.
        #expect(elapsed >= 1, "the answer took \(elapsed) s")
        await sdk.shutdown()
    }
}
