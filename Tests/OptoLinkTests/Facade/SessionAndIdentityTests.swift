import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Session once per launch, identity")
struct SessionAndIdentityTests {
    /// A later launch (first launch already done).
    static func laterLaunch(_ transport: ScriptedTransport) -> TestDevice {
        let device = TestDevice(transport: transport)
        device.store.set(true, forKey: LaunchState.key)
        return device
    }

    @Test func aPlainLaterLaunchSendsExactlyOneSessionEvenWithConcurrentCalls() async throws {
        let device = Self.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        async let identity = sdk.setIdentity("user-42")
        async let cleared = sdk.clearIdentity()
        async let tracked = sdk.trackEvent("opened")
        let results = await (identity, cleared, tracked)
        #expect(results == (true, true, true))
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        let calls = await endpoints(device.transport)
        #expect(calls.first == .session)
        #expect(calls.filter { $0 == .session }.count == 1)
        #expect(Set(calls) == [.session, .identity, .identityClear, .events])
    }

    @Test func aLaunchThatOpenedALinkSendsNoSession() async throws {
        let device = Self.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start(launchURL: URL(string: "https://links.demo.test/demo/summer")!)
        #expect(await sdk.setIdentity("user-42"))
        await sdk.shutdown()
        #expect(await endpoints(device.transport) == [.linkData, .identity])
    }

    @Test func identityRegistersASessionFirstWhenTheDeviceIsUnknown() async throws {
        // Given a first launch whose /match failed (the backend never saw this device)
        let script = Script<Int>([503], fallback: 200)
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .match: return Fixtures.response(await script.next(), "{}")
            case .session: return Fixtures.response(200, Fixtures.sessionJSON)
            default: return Fixtures.response(200, Fixtures.identityJSON)
            }
        }
        let device = TestDevice(transport: transport)
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        let diagnostics = sdk.diagnostics

        // When the app sets the identity
        #expect(await sdk.setIdentity("user-42"))

        // Then a session is registered first, so the backend does not answer 404
        #expect(await endpoints(transport) == [.match, .session, .identity])
        let changed = await waitFor(diagnostics) { kind in kind == .identityChanged(externalId: "user-42") }
        #expect(changed != nil)
        await sdk.shutdown()
    }

    @Test func aSurprise404RegistersTheSessionAndRepeatsOnce() async throws {
        let identityStatuses = Script<Int>([404], fallback: 200)
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .identity:
                let status = await identityStatuses.next()
                return Fixtures.response(
                    status, status == 404 ? #"{"message":"Device not found"}"# : Fixtures.identityJSON)
            default: return Fixtures.response(200, Fixtures.sessionJSON)
            }
        }
        let device = Self.laterLaunch(transport)
        let sdk = device.start()
        #expect(await sdk.setIdentity("user-42"))
        await sdk.shutdown()
        #expect(await endpoints(transport) == [.session, .identity, .session, .identity])
    }

    @Test func identityFailuresReturnFalseAndLog() async throws {
        let logs = Recorder<String>()
        let transport = routedTransport { endpoint, _ in
            endpoint == .identity
                ? Fixtures.response(403, #"{"message":"Forbidden"}"#) : Fixtures.response(200, Fixtures.sessionJSON)
        }
        let device = Self.laterLaunch(transport)
        let sdk = device.start(Fixtures.configuration(logger: { _, message in logs.record(message) }))
        #expect(await sdk.setIdentity("user-42") == false)
        #expect(await sdk.setIdentity("") == false)
        #expect(await sdk.setIdentity(String(repeating: "x", count: 256)) == false)
        await sdk.shutdown()
        #expect(logs.all.contains { $0.contains("setIdentity failed") && $0.contains("Forbidden") })
        #expect(logs.all.contains { $0.contains("externalId must be 1–255") })
        #expect(await endpoints(transport).filter { $0 == .identity }.count == 1)
    }

    @Test func aHandleBeforeMatchIsSentSkipsTheMatch() async throws {
        // Drives the coordinator directly so the open certainly arrives before /match would be sent.
        let store = InMemoryKeyValueStore()
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let transport = DeferredSequenceTests.answering()
        let configuration = Fixtures.configuration()
        let api = try OptoLinkAPI(configuration: configuration, transport: transport, clock: ManualClock())
        let delivered = Recorder<OptoLinkData>()
        let launchState = LaunchState(store: store)
        let coordinator = LaunchCoordinator(
            dependencies: .init(
                configuration: configuration, api: api,
                resolver: DeferredLinkResolver(
                    api: api, pasteboard: pasteboard, deviceInfo: FixedDeviceInfo.iPhone, launchState: launchState),
                launchState: launchState, store: store, deviceInfo: FixedDeviceInfo.iPhone, clock: ManualClock(),
                deviceId: "device-1234", isAppExtension: false, emit: { _ in }, log: { _, _ in },
                deliver: {
                    delivered.record($0)
                    return true
                }))

        let direct = await coordinator.open(
            URL(string: "https://links.demo.test/demo/summer")!, key: LinkKey(text: "summer", sendsRequest: true))
        let firstLaunch = await coordinator.runFirstLaunch(launchURL: nil, key: nil)
        await coordinator.finishLaunch()

        #expect(direct?.matchType == .direct)
        #expect(firstLaunch == direct)
        #expect(delivered.all == [direct].compactMap { $0 })
        #expect(launchState.isFirstLaunch == false)
        #expect(pasteboard.readCount == 0)
        #expect(await endpoints(transport) == [.linkData])
    }
}
