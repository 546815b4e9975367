import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// identity-before-session, events, oversized-event and offline-events-flush, SDK ↔ server over loopback.
@Suite("Identity and events end to end")
struct IdentityAndEventsTests {
    @Test(
        "identity-before-session: setIdentity right at start registers the device first (no 404), binds; clear unbinds")
    func identityBeforeSession() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "192.0.2.30")
        device.markInstalledEarlier()  // no /match in this launch: the backend has never seen this device
        let sdk = try device.start(server.baseURL)
        let diagnostics = Collector(sdk.diagnostics)
        #expect(try ServerProbe.knowsDevice(server.server, deviceId: sdk.deviceId) == false)

        #expect(await sdk.setIdentity("user-42"))
        #expect(try ServerProbe.boundIdentity(server.server, deviceId: sdk.deviceId) == "user-42")
        #expect(await sdk.clearIdentity())
        #expect(try ServerProbe.boundIdentity(server.server, deviceId: sdk.deviceId) == nil)
        #expect(await sdk.setIdentity("") == false)  // refused locally (1–255 characters)

        await diagnostics.wait { $0.contains { $0.kind == .identityChanged(externalId: nil) } }
        let values = diagnostics.values
        let session = values.requests(.session)
        let identity = values.requests(.identity)
        #expect(session.count == 1)
        #expect(identity.count == 1)
        #expect(values.requests(.identityClear).count == 1)
        #expect(session.first?.statuses == [200])
        #expect(identity.first?.statuses == [200])  // never a 404
        let sessionEnd = values.firstIndex {
            if case .requestFinished(_, .session, _, _) = $0.kind { true } else { false }
        }
        let identityStart = values.firstIndex {
            if case .requestStarted(_, .identity, _) = $0.kind { true } else { false }
        }
        #expect(try #require(sessionEnd) < #require(identityStart))
        #expect(values.contains { $0.kind == .identityChanged(externalId: "user-42") })
        await sdk.shutdown()
    }

    @Test(
        """
        events: tracked and recorded with properties; an oversized \
        one or a too-long name is refused locally and never sent
        """
    )
    func events() async throws {
        let server = try TestServer(onDisk: true)
        defer { server.stop() }
        let device = SimulatedDevice(address: "192.0.2.40")
        device.markInstalledEarlier()
        let sdk = try device.start(server.baseURL)
        let diagnostics = Collector(sdk.diagnostics)

        #expect(await sdk.trackEvent("purchase", properties: ["plan": .string("pro"), "amount": .number(9.99)]))
        // > 10 240 bytes as JSON
        let oversized: [String: JSONValue] = ["blob": .string(String(repeating: "x", count: 10_240))]
        #expect(await sdk.trackEvent("too-big", properties: oversized) == false)
        #expect(await sdk.trackEvent(String(repeating: "n", count: 101)) == false)
        #expect(await diagnostics.wait { $0.contains { $0.kind == .eventSent(name: "purchase", queued: 0) } })
        let databasePath = try #require(server.databasePath)
        _ = try await eventually {
            !(try ServerProbe.events(databasePath: databasePath, deviceId: sdk.deviceId)).isEmpty
        }

        let stored = try ServerProbe.events(databasePath: databasePath, deviceId: sdk.deviceId)
        #expect(stored.map(\.name) == ["purchase"])
        let properties = try #require(stored.first?.properties)
        let decoded = try JSONSerialization.jsonObject(with: Data(properties.utf8)) as? [String: Any]
        #expect(decoded?["plan"] as? String == "pro")
        #expect(decoded?["amount"] as? Double == 9.99)
        let values = diagnostics.values
        #expect(values.requests(.events).count == 1)
        #expect(!values.contains { if case .eventQueued(let name, _) = $0.kind { name != "purchase" } else { false } })
        #expect(
            values.contains {
                if case .log(.error, let message) = $0.kind { message.contains("too-big") } else { false }
            })
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
    }

    @Test("offline-events-flush: events tracked while no server listens are kept, then all arrive in order, once each")
    func offlineEventsFlush() async throws {
        let reserved = try ReservedPort(handOver: true)
        defer { reserved.release() }
        let absent = reserved.url
        let port = reserved.port
        let device = SimulatedDevice(address: "192.0.2.50")
        let sdk = try device.start(absent, maxRetries: 1)
        let diagnostics = Collector(sdk.diagnostics)
        let names = (1...5).map { "offline-\($0)" }
        for name in names { #expect(await sdk.trackEvent(name, properties: ["n": .string(name)])) }

        // Offline: the first launch gave up (flag set anyway) and every event is still queued.
        #expect(await diagnostics.wait { $0.finished(.match) })
        #expect(device.firstLaunchDone)
        #expect(await diagnostics.wait { $0.requests(.session).first?.finished.isEmpty == false })
        #expect(await sdk.queuedEventCount() == names.count)

        // The server comes up on that address (bound while the port is still held, then handed over).
        let server = try TestServer(port: port, onDisk: true)
        reserved.release()
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(15)
        while await sdk.queuedEventCount() > 0, Date() < deadline {
            await sdk.flushEvents()
        }
        #expect(await sdk.queuedEventCount() == 0)
        let stored = try ServerProbe.events(databasePath: try #require(server.databasePath), deviceId: sdk.deviceId)
        #expect(stored.map(\.name) == names)
        #expect(try ServerProbe.knowsDevice(server.server, deviceId: sdk.deviceId))  // registered before the events
        await sdk.shutdown()
    }
}
