import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import OptoLinkDashboard

/// `P` and the header: the provider shows in the header; switching resets the device's panes and keeps the log.
@Suite("Provider in the reducer and the header")
struct ProviderReducerTests {
    @Test func pIsBoundToSwitchingTheService() {
        #expect(Keymap.standard.command(for: .character("P")) == .switchProvider)
        #expect(DashboardCommand.switchProvider.action(in: DashboardState()) == nil)  // the runtime executes it
        #expect(Keymap.standard.bindings.filter { $0.key == .character("P") }.count == 1)
    }

    @Test func switchingTheProviderResetsTheDevicePanesButKeepsTheLog() {
        // Given a state with a deferred match, its attempts, timeline and profile
        var state = Fixtures.deferredMatch()
        DashboardReducer.reduce(&state, .log(.info, "before the switch"))
        #expect(!state.matchAttempts.isEmpty && !state.timeline.isEmpty && !state.profile.deviceId.isEmpty)
        #expect(state.lastDelivered != nil)
        // When the device switches to QubeRoute
        DashboardReducer.reduce(&state, .providerChanged(.quberoute))
        // Then the header shows it and the panes start empty; the log keeps what happened
        #expect(state.header.provider == .quberoute)
        #expect(state.matchAttempts.isEmpty && state.timeline.isEmpty && state.exchanges.isEmpty)
        #expect(state.profile == DeviceProfile() && state.lastDelivered == nil)
        #expect(state.log.contains { $0.text == "before the switch" })
    }

    @Test(arguments: [
        (OptoLinkService.optoLink, "demo", "│ OptoLink org demo │"),
        (.quberoute, "", "│ QubeRoute │"),
        (.deepBlue, "", "│ Deep Blue Links │"),
        (.appsFlyer, "id123456789", "│ AppsFlyer id123456789 │"),
    ])
    func theHeaderNamesTheProvider(service: OptoLinkService, key: String, expected: String) {
        // Given the header facts of a device on `service`
        let state = Fixtures.reduced(
            DashboardState(),
            [
                .targetChanged(url: "http://127.0.0.1:41234 (embedded)", orgKey: key, sdkVersion: "0.1.0"),
                .providerChanged(service), .serverReachable(true),
            ])
        // When the screen is drawn, wide and narrow
        let wide = DashboardRenderer.render(state, size: .full).lines[0]
        let narrow = DashboardRenderer.render(state, size: .minimum).lines[0]
        // Then the header names the service (and the org or app id)
        #expect(wide.contains(expected), "\(wide)")
        #expect(narrow.contains(expected), "\(narrow)")
        #expect(narrow.contains("server ● up"), "\(narrow)")
    }

    @Test func theHeaderShowsTheMainLinkAndGivesItUpFirstWhenNarrow() {
        // Given the embedded server's demo link, and a deployment's own link on another host
        func header(_ link: String, size: ScreenSize) -> String {
            let state = Fixtures.reduced(
                DashboardState(),
                [
                    .targetChanged(url: "http://127.0.0.1:41234 (embedded)", orgKey: "demo", sdkVersion: "0.1.0"),
                    .linksChanged([.main: link]), .serverReachable(true),
                ])
            return DashboardRenderer.render(state, size: size).lines[0]
        }
        // Then the header names it: its path on the server's own host, host and path on another
        #expect(header("http://127.0.0.1:41234/demo/summer", size: .full).contains("│ link /demo/summer │"))
        #expect(header("https://go.test/f?c=1", size: .full).contains("│ link go.test/f?c=1 │"))
        // And it gives way before the target is shortened: where both cannot fit, the target stays whole
        let line = header("http://127.0.0.1:41234/demo/summer", size: ScreenSize(width: 105, height: 40))
        #expect(line.contains("http://127.0.0.1:41234 (embedded)") && !line.contains("link "), "\(line)")
        // And at 80 columns it gives way before the service and the server's state
        let narrow = header("https://go.example.com/acme/fall", size: .minimum)
        #expect(!narrow.contains("link ") && narrow.contains("OptoLink org demo") && narrow.contains("server ● up"))
    }

    @Test func theHelpListsTheLinksInUseOrSaysHowToGiveOne() {
        #expect(
            OverlayView.linkLines([.main: "https://a.test/x", .coldStart: "https://a.test/y"]).map(\.description)
                == ["main  https://a.test/x", "cold-start  https://a.test/y"])
        #expect(OverlayView.linkLines([:]).first?.description == "none: give your short link with --link URL")
    }

    @Test func theListingFollowsTheProvider() {
        // Given QubeRoute, When the scenarios are listed
        let lines = HeadlessRunner.listing(for: .quberoute)
        // Then those it cannot serve say why, the others say what they expect of QubeRoute
        #expect(lines.count == ScenarioCatalog.all.count)
        #expect(
            lines.contains {
                $0.hasPrefix("deferred-clipboard ")
                    && $0.contains("SKIP: QubeRoute's clipboard matching is off by default and needs a handshake")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("direct-open ") && $0.contains("opens /qr/summer: /api/v1/sdk/resolve answers 200")
            })
        #expect(HeadlessRunner.listing == HeadlessRunner.listing(for: .optoLink))
    }

    @Test func theMatchLineCarriesTheServicesOwnAnswerFields() {
        // Given QubeRoute's deferred link (confidence 0.49, reason ip_address) and AppsFlyer's
        let qube = OptoLinkData(
            linkId: "spring", path: "/promo/spring", matchType: .fingerprintScored, isDeferred: true,
            service: .quberoute, confidenceScore: 0.49, reason: "ip_address")
        let appsFlyer = OptoLinkData(
            linkId: nil, path: "/", matchType: .fingerprintScored, isDeferred: true, service: .appsFlyer,
            providerFields: ["match_type": .string("probabilistic"), "campaign": .string("x")])
        // When their match results reach the reducer
        let state = Fixtures.reduced(
            DashboardState(),
            [
                .diagnostic(DiagnosticMapper.event(.matchResult(qube), idOffset: 0), time: 1),
                .diagnostic(DiagnosticMapper.event(.matchResult(appsFlyer), idOffset: 0), time: 2),
            ])
        // Then the log lines name them; an OptoLink link has none
        let lines = state.log.map(\.text)
        #expect(lines.contains { $0.hasSuffix("→ /promo/spring (reason ip_address, confidence 0.49)") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("→ / (match_type probabilistic)") }, "\(lines)")
        #expect(
            DiagnosticMapper.serviceDetail(
                OptoLinkData(linkId: "l", path: "/p", matchType: .clipboard, confidence: .exact, isDeferred: true))
                == nil)
    }
}
