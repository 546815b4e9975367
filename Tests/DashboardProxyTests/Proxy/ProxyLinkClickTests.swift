import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore
@testable import DashboardProxy

/// `optolink-dash proxy --link URL`: the simulated browser clicks a deployment's link on request.
@Suite("The proxy's link clicks")
struct ProxyLinkClickTests {
    @Test func linksAreParsedByRoleAndAClickLineNamesItsRole() throws {
        let options = try ProxyCommand.parse([
            "--upstream", "https://api.example.com", "--link", "https://go.example.com/x",
            "--link", "cold-start=https://go.example.com/y",
        ])
        #expect(options.links[.main]?.absoluteString == "https://go.example.com/x")
        #expect(options.links[.coldStart]?.absoluteString == "https://go.example.com/y")
        #expect(ProxyCommand.clickRole("click") == "main")
        #expect(ProxyCommand.clickRole("click cold-start") == "cold-start")
        #expect(ProxyCommand.clickRole("route=match,status=503") == nil)
        #expect(throws: DashboardError.self) { try ProxyCommand.parse(["--upstream", "http://a.test", "--link", "x"]) }
    }

    @Test func aClickPrintsEveryHopAndHowItEnded() async {
        // Given a link that redirects to the App Store
        let transport = ScriptedTransport([
            .response(status: 302, headers: ["Location": "https://apps.apple.com/app/id1"])
        ])
        let links = ScenarioLinks.given([.main: URL(string: "http://127.0.0.1:9/ol/ab/fall")!])
        // When it is clicked
        let lines = await ProxyCommand.click(
            "main", links: links, browser: SimulatedBrowser(transport: transport, clock: ManualClock()))
        // Then each hop is a line, then the end
        #expect(
            lines == [
                "click main: GET http://127.0.0.1:9/ol/ab/fall → 302: stopped before the App Store "
                    + "(https://apps.apple.com/app/id1), as the phone would leave Safari there",
                "click main: done, 1 hop(s)",
            ])
        // And a role without a link, or an unknown one, says so
        #expect(
            await ProxyCommand.click("cold-start", links: .none) == ["click: no cold-start link (give one with --link)"]
        )
        #expect(await ProxyCommand.click("nope", links: links).first?.hasPrefix("click: unknown role 'nope'") == true)
    }

    @Test func bOnTheScreenAsksForAClick() {
        var state = ProxyScreenState(listen: "http://127.0.0.1:1", upstream: "http://127.0.0.1:2")
        #expect(state.handle(.character("b")) == .click)
        state.note("click main: done, 1 hop(s)", time: 1)
        #expect(state.lines.last?.text == "click main: done, 1 hop(s)" && state.lines.last?.injected == false)
    }
}
