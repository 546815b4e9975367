import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `setEnabled(false)`: no /match, no pasteboard, no session, identity or event calls, persisted;
/// `resetDevice()`: this install forgets its device id, first-launch flag, queued events and registration.
@Suite("Privacy controls")
struct PrivacyControlsTests {
    static let summer = URL(string: "https://links.demo.test/demo/summer")!

    @Test func disabledSendsNoSessionIdentityOrEventAndStaysDisabledAcrossLaunches() async throws {
        // Given a later launch (its /sdk/session sent) whose app then turns the SDK off
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        #expect(sdk.isEnabled)
        await device.transport.waitForRequests(1)
        #expect(await endpoints(device.transport) == [.session])
        sdk.setEnabled(false)
        let diagnostics = sdk.diagnostics

        // When the app tracks, binds and unbinds
        let tracked = await sdk.trackEvent("purchase", properties: ["plan": "pro"])
        let bound = await sdk.setIdentity("user-42")
        let cleared = await sdk.clearIdentity()
        await sdk.flushEvents()
        let queued = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then nothing more was sent or queued; the event was dropped with a diagnostic saying why
        #expect(!tracked && !bound && !cleared)
        #expect(queued == 0)
        #expect(await endpoints(device.transport) == [.session])
        let dropped = await collect(diagnostics).compactMap { diagnostic -> String? in
            if case .eventDropped("purchase", let reason) = diagnostic.kind { return reason } else { return nil }
        }
        #expect(dropped.count == 1 && dropped[0].contains("disabled"))

        // And the next launch on the same store is still disabled
        let next = device.start()
        #expect(!next.isEnabled)
        #expect(await next.trackEvent("again") == false)
        await next.shutdown()
        #expect(await endpoints(device.transport) == [.session])
    }

    @Test func aDisabledFirstLaunchNeitherReadsThePasteboardNorMatchesUntilEnabled() async throws {
        // Given a fresh install that starts disabled (consent not given yet), a click token on the pasteboard
        let device = TestDevice(
            transport: DeferredSequenceTests.answering(), pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let sdk = device.start(Fixtures.configuration(enabledByDefault: false))

        // When the app asks for the deferred link while disabled
        let whileDisabled = await sdk.resolveDeferredLink()

        // Then there is none yet, nothing was read or sent, and the first launch is still pending
        #expect(whileDisabled == nil)
        #expect(!sdk.isEnabled)
        #expect(device.pasteboard.hasStringsCount == 0 && device.pasteboard.readCount == 0)
        #expect(await endpoints(device.transport).isEmpty)
        #expect(!device.store.bool(forKey: LaunchState.key))

        // When consent is given in the same launch
        sdk.setEnabled(true)
        let link = await sdk.resolveDeferredLink()
        await sdk.shutdown()

        // Then the first launch runs now: the token is read, /match answers, the link arrives
        #expect(link?.path == "/promo/summer")
        #expect(device.pasteboard.readCount == 1)
        #expect(await endpoints(device.transport) == [.match])
        #expect(device.store.bool(forKey: LaunchState.key))
    }

    @Test func aStoredChoiceWinsOverTheDefault() {
        let store = InMemoryKeyValueStore()
        #expect(PrivacySwitch(store: store, enabledByDefault: false).isEnabled == false)
        PrivacySwitch(store: store, enabledByDefault: false).set(true)
        #expect(PrivacySwitch(store: store, enabledByDefault: false).isEnabled)
        PrivacySwitch(store: store, enabledByDefault: true).set(false)
        #expect(PrivacySwitch(store: store, enabledByDefault: true).isEnabled == false)
    }

    @Test func aDirectOpenWhileDisabledIsResolvedWithoutTheDeviceId() async throws {
        // Given a later launch, disabled
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        device.store.removeValue(forKey: DeviceRegistration.key)
        let sdk = device.start(Fixtures.configuration(enabledByDefault: false))

        // When the user taps a link
        let link = await sdk.handle(url: Self.summer)
        await sdk.shutdown()

        // Then the link opens (the user asked for it), but /data carries no device id and no session went out
        #expect(link?.path == "/promo/summer")
        let requests = await device.transport.requests
        #expect(requests.map(\.url.path) == ["/demo/summer/data"])
        #expect(requests.first?.url.query == nil)
        #expect(device.store.string(forKey: DeviceRegistration.key) == nil)
    }

    @Test func eventsQueuedBeforeDisablingWaitAndGoWhenEnabledAgain() async throws {
        // Given an event kept after a 503, then the SDK turned off
        let eventAnswers = Script<HTTPResponse>(
            [Fixtures.response(503, "{}")], fallback: Fixtures.response(200, Fixtures.okJSON))
        let transport = routedTransport { endpoint, _ in
            endpoint == .events ? await eventAnswers.next() : Fixtures.response(200, Fixtures.sessionJSON)
        }
        let device = SessionAndIdentityTests.laterLaunch(transport)
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        #expect(await sdk.trackEvent("early"))
        await device.clock.waitForSleepers(1)
        sdk.setEnabled(false)

        // When the app flushes while disabled
        await sdk.flushEvents()
        let sendsWhileDisabled = await endpoints(device.transport).filter { $0 == .events }.count

        // Then nothing more was sent, and the event is kept (it was tracked with consent)
        #expect(sendsWhileDisabled == 1)
        #expect(await sdk.queuedEventCount() == 1)

        // When enabled again and flushed
        sdk.setEnabled(true)
        await sdk.flushEvents()
        let queued = await sdk.queuedEventCount()
        await sdk.shutdown()

        // Then it is delivered
        #expect(queued == 0)
        #expect(await endpoints(device.transport).filter { $0 == .events }.count == 2)
    }

    @Test func resetDeviceForgetsTheDeviceTheFirstLaunchAndTheQueue() async throws {
        // Given a later launch of a registered device with an event that cannot be sent yet
        let device = SessionAndIdentityTests.laterLaunch(
            routedTransport { endpoint, _ in
                switch endpoint {
                case .events: return Fixtures.response(503, "{}")
                case .match: return Fixtures.response(200, Fixtures.noMatchJSON)
                default: return Fixtures.response(200, Fixtures.sessionJSON)
                }
            })
        let sdk = device.start(Fixtures.configuration(maxRetries: 0))
        let oldId = sdk.deviceId
        #expect(await sdk.trackEvent("kept"))
        await device.clock.waitForSleepers(1)
        #expect(await sdk.queuedEventCount() == 1)

        // When the app resets the device
        await sdk.resetDevice()

        // Then this instance has a new device id, no queued event, no registration, no first-launch flag
        #expect(sdk.deviceId != oldId)
        #expect(device.store.string(forKey: DeviceIdentifierStore.key) == sdk.deviceId)
        #expect(await sdk.queuedEventCount() == 0)
        #expect(device.store.eventStore.load().isEmpty)
        #expect(device.store.string(forKey: DeviceRegistration.key) == nil)
        #expect(!device.store.bool(forKey: LaunchState.key))
        await sdk.shutdown()

        // And the next launch is a first launch again, under the new id
        let next = device.start(Fixtures.configuration(maxRetries: 0))
        _ = await next.resolveDeferredLink()
        await next.shutdown()
        let match = try #require(await device.transport.requests.last { route(of: $0) == .match })
        #expect(String(decoding: match.body ?? Data(), as: UTF8.self).contains(sdk.deviceId))
    }

    @Test func aNewIdentityAfterResetRegistersTheNewDeviceFirst() async throws {
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        device.store.set(
            device.store.string(forKey: DeviceIdentifierStore.key)
                ?? DeviceIdentifierStore(store: device.store).deviceId(),
            forKey: DeviceRegistration.key)
        let sdk = device.start()
        await sdk.resetDevice()
        #expect(await sdk.setIdentity("user-42"))
        await sdk.shutdown()
        let sent = await device.transport.requests.filter { [.session, .identity].contains(route(of: $0)) }
        #expect(sent.map { route(of: $0) } == [.session, .identity])
        #expect(sent.allSatisfy { String(decoding: $0.body ?? Data(), as: UTF8.self).contains(sdk.deviceId) })
    }
}
