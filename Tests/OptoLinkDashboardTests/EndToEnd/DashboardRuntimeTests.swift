import Foundation
import OptoLink
import OptoLinkServer
import TestSupport
import Testing

@testable import DashboardCore
@testable import OptoLinkDashboard

/// The runtime's command handling against the embedded server and a real simulated device.
@Suite("DashboardRuntime commands", .serialized, .quietMachine, .tags(.realTime), .skippable(.realTime))
struct DashboardRuntimeTests {
    /// A runtime over a fresh embedded server, with a state the inbox's actions are folded into.
    final class Harness: @unchecked Sendable {
        let inbox = DashboardInbox()
        let runtime: DashboardRuntime
        var state = DashboardState()

        init(baseURL: URL? = nil) throws {
            runtime = try DashboardRuntime.start(
                options: DashboardOptions(baseURL: baseURL, backoffBase: 0.05), inbox: inbox)
            for action in runtime.initialActions { DashboardReducer.reduce(&state, action) }
        }

        func press(_ command: DashboardCommand) { runtime.handle(command, state: state, inbox: inbox) }

        func reduce(_ action: DashboardAction) { DashboardReducer.reduce(&state, action) }

        /// Drains the inbox into the state until `condition` holds (real time, up to `timeout` s).
        func until(timeout: Double = 10, _ condition: (Harness) async -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                for action in inbox.drain() { reduce(action) }
                if await condition(self) { return true }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return false
        }

        deinit { runtime.stop() }
    }

    @Test func clickPutsATokenOnTheSimulatedPasteboard() async throws {
        let harness = try Harness()
        harness.press(.clickLink)
        let device = await harness.runtime.device
        let landed = await harness.until { _ in device.pasteboard.content?.hasPrefix("opl_") == true }
        #expect(landed, "no token on the pasteboard; the log: \(harness.state.log.map(\.text))")
        #expect(await harness.until { $0.state.profile.clipboard?.hasPrefix("opl_") == true })
        #expect(harness.state.log.contains { $0.text.contains("browser click on /demo/summer from 203.0.113.7") })
    }

    @Test func installMatchesTheClickThenReinstallWipesTheDeviceId() async throws {
        let harness = try Harness()
        harness.press(.clickLink)
        harness.press(.installAndLaunch)
        #expect(await harness.until { $0.state.lastDelivered?.method == "CLIPBOARD" })
        let device = await harness.runtime.device
        let firstID = await device.deviceId
        #expect(!firstID.isEmpty)
        #expect(
            await harness.until {
                $0.state.matchAttempts.first?.source == .server && $0.state.matchAttempts.first?.breakdown != nil
            },
            "the server's breakdown was not loaded after the match")

        harness.press(.reinstall)
        #expect(await harness.until { $0.state.profile.installNumber == 2 })
        #expect(harness.state.profile.deviceId.isEmpty && harness.state.profile.isFirstLaunch)
        #expect(await device.deviceId.isEmpty)

        harness.press(.installAndLaunch)
        #expect(await harness.until { !$0.state.profile.deviceId.isEmpty && !$0.state.profile.isFirstLaunch })
        #expect(harness.state.profile.deviceId != firstID)
        #expect(harness.state.profile.installNumber == 2)
    }

    @Test func networkToggleMovesTheBrowserToAnotherAddress() async throws {
        // Same Wi-Fi, clipboard reading off: the click matches by fingerprint.
        let same = try Harness()
        same.press(.toggleClipboardReading)
        same.press(.clickLink)
        same.press(.installAndLaunch)
        #expect(await same.until { $0.state.matchAttempts.first?.source == .server })
        #expect(same.state.matchAttempts.first?.method == "FINGERPRINT_EXACT")

        // Other Wi-Fi: the click is recorded from 198.51.100.23, so the app's address has no candidate.
        let other = try Harness()
        other.reduce(.toggleNetwork)
        #expect(other.state.fingerprint.browser.networkAddress == FingerprintValues.otherNetworkAddress)
        other.press(.toggleClipboardReading)
        other.press(.clickLink)
        other.press(.installAndLaunch)
        #expect(await other.until { $0.state.matchAttempts.first?.source == .server })
        #expect(other.state.matchAttempts.first?.method == "NONE")
        #expect(other.state.matchAttempts.first?.breakdown?.candidates.isEmpty == true)
        #expect(other.state.log.contains { $0.text.contains("from 198.51.100.23") })
    }

    @Test func injectedFaultIsRetriedOnTheTimeline() async throws {
        let harness = try Harness()
        harness.press(.injectFault(FaultRequest(kind: .status503, count: 1)))
        harness.press(.installAndLaunch)
        #expect(await harness.until { $0.state.timeline.first?.outcome == .finished(status: 200, attempts: 2) })
        let row = try #require(harness.state.timeline.first)
        #expect(row.attempts.map(\.status) == [503, 200])
        #expect(row.waits.map(\.delay) == [0.05])
    }

    @Test func withoutDevFaultsTheFaultProxyInjectsAndTheLogSaysSo() async throws {
        // Given a production-mode server (no /dev/faults) as the dashboard's --base-url
        let server = try OptoLinkServer(
            configuration: .init(port: 0, trustForwardedFor: true, production: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let harness = try Harness(baseURL: server.baseURL)
        // When f injects a 503 and the app launches
        harness.press(.injectFault(FaultRequest(kind: .status503, count: 1)))
        harness.press(.installAndLaunch)
        // Then the proxy answered the first attempt, the SDK retried, and the log names the proxy
        #expect(await harness.until { $0.state.timeline.first?.outcome == .finished(status: 200, attempts: 2) })
        let row = try #require(harness.state.timeline.first)
        #expect(row.attempts.map(\.status) == [503, 200])
        #expect(
            await harness.until { $0.state.timeline.first?.attempts.map(\.injectedBy) == ["proxy", nil] },
            "the timeline does not mark the proxy's 503")
        #expect(harness.state.log.contains { $0.text.contains("fault injected by the proxy: 503 on any ×1") })
        #expect(
            await harness.until {
                $0.state.log.contains { $0.text.contains("(injected by the proxy: 503 on any (1 of 1))") }
            })
    }

    @Test func scenarioRunsFromTheRuntimeAndEndsInTheHeader() async throws {
        let harness = try Harness()
        harness.press(.runScenario("deferred-clipboard"))
        #expect(await harness.until(timeout: 30) { $0.state.header.scenarioPassed != nil })
        #expect(harness.state.header.scenarioName == "deferred-clipboard")
        #expect(harness.state.header.scenarioPassed == true, "\(harness.state.header.scenarioDetail ?? "")")
        #expect(await harness.until { $0.state.profile.installNumber == 1 && !$0.state.profile.deviceId.isEmpty })
    }

    @Test func identityAndEventsNeedARunningApp() async throws {
        let harness = try Harness()
        harness.press(.trackEvent)
        #expect(await harness.until { $0.state.log.contains { $0.level == .error && $0.text.contains("not running") } })
        harness.press(.installAndLaunch)
        harness.press(.setIdentity("user-7"))
        #expect(await harness.until { $0.state.profile.identity == "user-7" })
        harness.press(.trackOversizedEvent)
        #expect(await harness.until { $0.state.log.contains { $0.text.contains("refused locally, never sent") } })
    }

    @Test func pSwitchesTheDeviceToQubeRouteOnTheSameServerAndItsDeferredMatchWorks() async throws {
        // Given the dashboard on the embedded server, device on OptoLink
        let harness = try Harness()
        #expect(harness.state.header.provider == .optoLink)
        let before = await harness.runtime.device
        // When P is pressed
        harness.press(.switchProvider)
        // Then the header shows QubeRoute, the device was rebuilt for it and the log says what changed
        #expect(await harness.until { $0.state.header.provider == .quberoute })
        let device = await harness.runtime.device
        #expect(device !== before)
        #expect(await device.settings.target.service == .quberoute)
        #expect(await device.settings.target.baseURL == harness.runtime.target.baseURL)
        #expect(
            harness.state.log.contains {
                $0.text.hasPrefix("service: OptoLink → QubeRoute; the simulated device was rebuilt on")
            })
        // And a click then an install deliver QubeRoute's deferred link (an ip_address match: no device traits)
        harness.press(.clickLink)
        harness.press(.installAndLaunch)
        #expect(await harness.until { $0.state.lastDelivered?.method == "FINGERPRINT_SCORED" })
        #expect(harness.state.log.contains { $0.text.contains("browser click on /qr/summer from 203.0.113.7") })
        #expect(device.recorder.links.first?.reason == "ip_address")
        // And P cycles on: Deep Blue Links, AppsFlyer, OptoLink
        for service in [OptoLinkService.deepBlue, .appsFlyer, .optoLink] {
            harness.press(.switchProvider)
            #expect(await harness.until { $0.state.header.provider == service })
        }
    }

    @Test func againstABaseURLPSaysWhyItCannotSwitch() async throws {
        // Given the dashboard against another backend as OptoLink, with no key for the other services
        let server = try OptoLinkServer(configuration: .init(port: 0, trustForwardedFor: true, log: .discarding))
        try server.start()
        defer { server.stop() }
        let harness = try Harness(baseURL: server.baseURL)
        // When P is pressed
        harness.press(.switchProvider)
        // Then each service says which flag it lacks and the device stays on OptoLink
        #expect(
            await harness.until { $0.state.log.contains { $0.text.hasPrefix("no other service to switch to") } })
        let lines = harness.state.log.map(\.text)
        #expect(
            lines.contains { $0.hasPrefix("cannot switch to QubeRoute: --base-url with QubeRoute needs --api-key") })
        #expect(lines.contains { $0.hasPrefix("cannot switch to AppsFlyer: --base-url with AppsFlyer needs --app-id") })
        #expect(harness.state.header.provider == .optoLink)
        #expect(await harness.runtime.device.settings.target.service == .optoLink)
    }
}
