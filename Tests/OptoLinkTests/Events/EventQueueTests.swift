import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Event queue")
struct EventQueueTests {
    static func storedNames(_ store: InMemoryKeyValueStore) throws -> [String] {
        store.events.names
    }

    static func sentNames(_ transport: ScriptedTransport) async -> [String] {
        await transport.requests.filter { route(of: $0) == .events }.compactMap {
            $0.jsonBody?["eventName"]?.stringValue
        }
    }

    /// A later launch whose events answer from `events` (session always 200).
    static func device(events: Script<HTTPResponse>, store: InMemoryKeyValueStore = InMemoryKeyValueStore())
        -> TestDevice
    {
        store.set(true, forKey: LaunchState.key)
        return TestDevice(
            transport: routedTransport { endpoint, _ in
                endpoint == .events ? await events.next() : Fixtures.response(200, Fixtures.sessionJSON)
            }, store: store)
    }

    @Test func anEventIsPersistedBeforeItIsSent() async throws {
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang))
        device.store.set(true, forKey: LaunchState.key)
        let sdk = device.start()
        #expect(await sdk.trackEvent("signup", properties: ["plan": "pro"]))
        #expect(try Self.storedNames(device.store) == ["signup"])
        await sdk.shutdown()
        #expect(await Self.sentNames(device.transport).isEmpty)
        #expect(try Self.storedNames(device.store) == ["signup"])
    }

    @Test func eventsSurviveANewInstanceAndKeepTheirOrder() async throws {
        // Given a first process that is offline
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let offline = TestDevice(transport: ScriptedTransport(), store: store)
        let sdk1 = offline.start(Fixtures.configuration(maxRetries: 0))
        for name in ["a", "b", "c"] { #expect(await sdk1.trackEvent(name)) }
        await sdk1.flushEvents()
        #expect(await sdk1.queuedEventCount() == 3)
        await sdk1.shutdown()

        // When the next process starts online
        let online = TestDevice(transport: DeferredSequenceTests.answering(), store: store)
        let sdk2 = online.start()
        #expect(await sdk2.queuedEventCount() == 3)
        await sdk2.flushEvents()

        // Then everything is sent, in order, and the store is empty
        #expect(await sdk2.queuedEventCount() == 0)
        await sdk2.shutdown()
        #expect(await Self.sentNames(online.transport) == ["a", "b", "c"])
        #expect(store.events.events.isEmpty)
    }

    @Test func keepsOn429And5xxDropsOnOther4xxAndRetriesOnTheClock() async throws {
        // Given: a → 429 (Retry after 7 s), a → 503, a → 200, b → 400, c → 200
        let script = Script<HTTPResponse>(
            [
                Fixtures.response(429, #"{"message":"Retry after 7 second(s)"}"#, headers: ["Retry-After": "7"]),
                Fixtures.response(503, "{}"), Fixtures.response(200, Fixtures.okJSON),
                Fixtures.response(400, #"{"message":"bad name"}"#),
            ], fallback: Fixtures.response(200, Fixtures.okJSON))
        let device = Self.device(events: script)
        let logs = Recorder<String>()
        let sdk = device.start(Fixtures.configuration(maxRetries: 0, logger: { _, message in logs.record(message) }))
        let diagnostics = sdk.diagnostics

        // When three events are tracked and the clock moves past the waits
        #expect(await sdk.trackEvent("a"))
        await device.clock.waitForSleepers(1)
        #expect(device.clock.requestedSleeps.last == 7)
        #expect(await sdk.trackEvent("b"))
        #expect(await sdk.trackEvent("c"))
        await device.clock.advance(by: 7)
        await device.clock.waitForSleepers(1)
        #expect(device.clock.requestedSleeps.last == 2)  // second failure in a row: 1 s × 2
        await device.clock.advance(by: 2)
        await sdk.flushEvents()

        // Then a was kept until it went through, b was dropped, c was sent
        #expect(await sdk.queuedEventCount() == 0)
        #expect(await Self.sentNames(device.transport) == ["a", "a", "a", "b", "c"])
        let dropped = await waitFor(diagnostics) { kind in
            if case .eventDropped(name: "b", let reason) = kind { return reason.contains("400") } else { return false }
        }
        #expect(dropped != nil)
        #expect(logs.all.contains { $0.contains("Event b dropped") })
        await sdk.shutdown()
    }

    @Test func networkErrorsKeepTheEvent() async throws {
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        store.set("placeholder", forKey: "unrelated")
        let device = TestDevice(
            transport: ScriptedTransport(
                [.response(status: 200, json: Fixtures.sessionJSON), .failure(URLError(.networkConnectionLost))],
                fallback: .response(status: 200, json: Fixtures.okJSON)),
            store: store)
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        #expect(await sdk.trackEvent("x"))
        await device.clock.waitForSleepers(1)
        #expect(await sdk.queuedEventCount() == 1)
        #expect(try Self.storedNames(store) == ["x"])
        await device.clock.advance(by: 1)
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
    }

    @Test func theQueueIsBoundedAndDropsTheOldest() async throws {
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang))
        device.store.set(true, forKey: LaunchState.key)
        let warnings = Recorder<String>()
        let sdk = device.start(
            Fixtures.configuration(
                capacity: 3,
                logger: { level, message in
                    if level == .warning { warnings.record(message) }
                }))
        for index in 1...5 { #expect(await sdk.trackEvent("e\(index)")) }
        #expect(await sdk.queuedEventCount() == 3)
        #expect(try Self.storedNames(device.store) == ["e3", "e4", "e5"])
        #expect(warnings.all.filter { $0.contains("the queue holds at most 3") }.count == 2)
        await sdk.shutdown()

        // A new instance with a smaller capacity trims what it loads
        let next = TestDevice(transport: ScriptedTransport(fallback: .hang), store: device.store)
        let sdk2 = next.start(Fixtures.configuration(capacity: 2))
        #expect(await sdk2.queuedEventCount() == 2)
        await sdk2.shutdown()
    }

    @Test func namesAndPropertiesAreValidatedNeverTruncated() async throws {
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang))
        device.store.set(true, forKey: LaunchState.key)
        let errors = Recorder<String>()
        let sdk = device.start(
            Fixtures.configuration(logger: { level, message in
                if level == .error { errors.record(message) }
            }))
        // {"k":"…"} is 8 bytes plus the string
        let fits: [String: JSONValue] = ["k": .string(String(repeating: "x", count: 10_232))]
        let tooBig: [String: JSONValue] = ["k": .string(String(repeating: "x", count: 10_233))]
        #expect(try JSONBody.encode(fits).count == 10_240)
        #expect(await sdk.trackEvent("ok", properties: fits))
        #expect(await sdk.trackEvent("big", properties: tooBig) == false)
        #expect(await sdk.trackEvent("") == false)
        #expect(await sdk.trackEvent(String(repeating: "n", count: 100)))
        #expect(await sdk.trackEvent(String(repeating: "n", count: 101)) == false)
        #expect(await sdk.trackEvent("nan", properties: ["v": .number(.nan)]) == false)
        // Nested 64 levels (the object itself is the first) fits; 65 is refused
        let nested = { (levels: Int) -> [String: JSONValue] in
            var value: JSONValue = 1
            for _ in 1..<levels { value = ["k": value] }
            return ["k": value]
        }
        #expect(await sdk.trackEvent("deep", properties: nested(64)))
        #expect(await sdk.trackEvent("deeper", properties: nested(65)) == false)
        #expect(errors.all.contains { $0.contains("nested more than 64 levels") })
        #expect(await sdk.queuedEventCount() == 3)
        #expect(errors.all.contains { $0.contains("10241 bytes") && $0.contains("never truncated") })
        #expect(device.store.events.events.first?.properties == fits)
        await sdk.shutdown()
    }

    @Test func aCorruptStoredQueueIsDiscardedWithAWarning() async throws {
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        store.set(Data("not json".utf8), forKey: EventQueue.storeKey)
        let warnings = Recorder<String>()
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang), store: store)
        let sdk = device.start(Fixtures.configuration(logger: { _, message in warnings.record(message) }))
        #expect(await sdk.queuedEventCount() == 0)
        #expect(warnings.all.contains { $0.contains("could not be read") })
        await sdk.shutdown()
    }
}
