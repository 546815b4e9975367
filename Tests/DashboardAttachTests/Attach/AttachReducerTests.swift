import DashboardTestSupport
import OptoLink
import OptoLinkInspectorWire
import Testing

@testable import DashboardCore

/// Attach mode's state: devices attach, their diagnostics reach their own panes through the same reducer,
/// the device list switches the panes, gone devices stay until cleared.
@Suite("Attach: state")
struct AttachReducerTests {
    static let second = "9d00aa11-0000-4000-8000-000000000002"

    @Test func theFirstAppFillsTheProfileAndFingerprintFromItsHello() {
        // Given a listening dashboard
        var state = AttachFixtures.listening()
        #expect(state.attach?.shownKey == nil)

        // When an app attaches
        DashboardReducer.reduce(
            &state,
            .attach(.deviceAttached(key: 1, hello: AttachFixtures.hello(), peer: "192.168.1.5:53122", returning: false))
        )

        // Then it is shown, with the hello's profile and traits, and the peer's address as its network
        #expect(state.attach?.shownKey == 1)
        #expect(state.profile.deviceId == AttachFixtures.hello().deviceId)
        #expect(state.profile.isFirstLaunch && state.profile.queuedEvents == 2 && state.profile.installNumber == 0)
        #expect(state.fingerprint.app.language == "de-DE" && state.fingerprint.app.networkAddress == "192.168.1.5")
        #expect(
            state.log.contains { $0.text.contains("listening for apps on 127.0.0.1:7420, pairing token k7m2-x9qp") })
        #expect(
            state.log.contains {
                $0.text.contains("app attached: 3f2a1b2c com.example.shop") && $0.text.contains("commands allowed")
            })
    }

    @Test func diagnosticsGoToTheirOwnDevicesPanesAndTheListSwitches() {
        // Given two apps, the first shown
        var state = Fixtures.reduced(
            AttachFixtures.listening(),
            [
                .attach(.deviceAttached(key: 1, hello: AttachFixtures.hello(), peer: "10.0.0.2:1", returning: false)),
                .attach(
                    .deviceAttached(
                        key: 2, hello: AttachFixtures.hello(device: Self.second), peer: "10.0.0.3:1",
                        returning: false)),
            ])

        // When the second app retries /match while the first opens a link
        for action: DashboardAction in [
            .attach(.diagnostic(key: 2, .requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 10)),
            .attach(
                .diagnostic(
                    key: 2, .responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 503, duration: 0.1),
                    time: 10.1)),
            .attach(
                .diagnostic(
                    key: 2, .retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 2), time: 10.1)),
            .attach(
                .diagnostic(key: 1, .linkDelivered(LinkSummary(path: "/promo/summer", method: "DIRECT")), time: 11)),
        ] { DashboardReducer.reduce(&state, action) }

        // Then the shown panes hold the first app's link only
        #expect(state.lastDelivered?.path == "/promo/summer")
        #expect(state.timeline.isEmpty)
        #expect(state.profile.deviceId == AttachFixtures.hello().deviceId)

        // When the device list shows the second
        let outcome = InputRouter().route(.enter, in: Fixtures.reduced(state, [.openOverlay(.deviceList(selected: 1))]))
        for action in outcome.actions { DashboardReducer.reduce(&state, action) }

        // Then its panes are shown: the retry with its live countdown, its own profile, and the first app's are kept
        #expect(state.attach?.shownKey == 2)
        #expect(state.profile.deviceId == Self.second)
        #expect(state.timeline.first?.waits == [BackoffWait(afterAttempt: 1, start: 10.1, delay: 2)])
        #expect(state.lastDelivered == nil)
        DashboardReducer.reduce(&state, .tick(now: 11.1))
        #expect(state.isTicking)
        #expect(state.attach?.devices[0].panes?.lastDelivered?.path == "/promo/summer")
        DashboardReducer.reduce(&state, .attach(.show(key: 1)))
        #expect(state.lastDelivered?.path == "/promo/summer" && state.timeline.isEmpty)
    }

    @Test func aGoneDeviceStaysMarkedUntilClearedAndANewAppIsShownInstead() {
        // Given an attached app that disconnects
        var state = Fixtures.reduced(
            AttachFixtures.listening(),
            [
                .attach(.deviceAttached(key: 1, hello: AttachFixtures.hello(), peer: "10.0.0.2:1", returning: false)),
                .attach(.deviceGone(key: 1, reason: "the app closed the connection")),
            ])

        // Then it stays, marked gone, in the header too
        #expect(state.attach?.devices.first?.isLive == false)
        #expect(state.attach?.shownKey == 1)
        let header = DashboardRenderer.render(state, size: ScreenSize(width: 160, height: 40)).lines[0]
        #expect(header.contains("app 3f2a1b2c ○ GONE"), "\(header)")
        #expect(state.log.contains { $0.text.contains("app 3f2a1b2c gone: the app closed the connection") })

        // When another app attaches, it is shown; the gone one is cleared from the list
        DashboardReducer.reduce(
            &state,
            .attach(
                .deviceAttached(
                    key: 2, hello: AttachFixtures.hello(device: Self.second), peer: "10.0.0.3:1", returning: false)))
        #expect(state.attach?.shownKey == 2)
        DashboardReducer.reduce(&state, .attach(.clearGone))
        #expect(state.attach?.devices.map(\.key) == [2])
        #expect(state.profile.deviceId == Self.second)
    }

    @Test func clearingTheShownGoneDeviceShowsTheNextOrEmptyPanes() {
        var state = Fixtures.reduced(
            AttachFixtures.listening(),
            [
                .attach(.deviceAttached(key: 1, hello: AttachFixtures.hello(), peer: "10.0.0.2:1", returning: false)),
                .attach(.diagnostic(key: 1, .linkDelivered(LinkSummary(path: "/p", method: "DIRECT")), time: 1)),
                .attach(.deviceGone(key: 1, reason: "reset")),
                .attach(.clearGone),
            ])
        #expect(state.attach?.devices.isEmpty == true && state.attach?.shownKey == nil)
        #expect(state.lastDelivered == nil && state.profile.deviceId.isEmpty)
        #expect(state.log.contains { $0.text.contains("cleared 1 gone app") })
        DashboardReducer.reduce(
            &state,
            .attach(
                .deviceAttached(key: 3, hello: AttachFixtures.hello(device: Self.second), peer: "h:1", returning: false)
            ))
        #expect(state.attach?.shownKey == 3)
    }

    @Test func commandsTheirResultsDropsAndRefusalsAreLogged() {
        let state = Fixtures.reduced(
            AttachFixtures.listening(),
            [
                .attach(.deviceAttached(key: 1, hello: AttachFixtures.hello(), peer: "10.0.0.2:1", returning: false)),
                .attach(.commandSent(key: 1, id: 3, name: "trackEvent")),
                .attach(
                    .commandResult(
                        key: 1,
                        InspectorCommandResult(
                            id: 3, ok: false, detail: "refused: the app attached without allowsCommands"))),
                .attach(.dropped(key: 1, count: 17)),
                .attach(
                    .connectionRefused(
                        peer: "10.0.0.9:4", InspectorRefusal(reason: .token, message: "wrong pairing token"))),
            ])
        let texts = state.log.map(\.text)
        #expect(texts.contains("→ command #3 trackEvent sent to the app"))
        #expect(
            state.log.contains {
                $0.level == .error && $0.text == "← command #3: refused: the app attached without allowsCommands"
            })
        #expect(texts.contains { $0.contains("dropped 17 diagnostics") })
        #expect(state.attach?.devices.first?.dropped == 17)
        #expect(texts.contains("refused a connection from 10.0.0.9:4 (token): wrong pairing token"))
    }

    @Test func theHeaderShowsTheAddressTheTokenAndWaits() {
        let header = DashboardRenderer.render(AttachFixtures.listening(), size: ScreenSize(width: 160, height: 40))
            .lines[0]
        #expect(
            header.contains("attach 127.0.0.1:7420 · token k7m2-x9qp") && header.contains("waiting for apps"),
            "\(header)")
        #expect(!header.contains("org demo"))
    }

    @Test func dOutsideAttachModeSaysHowToGetThere() {
        var state = Fixtures.base()
        for action in InputRouter().route(.character("D"), in: state).actions {
            DashboardReducer.reduce(&state, action)
        }
        #expect(state.overlay == .none)
        #expect(state.log.last?.text.contains("optolink-dash --attach") == true)
    }
}
