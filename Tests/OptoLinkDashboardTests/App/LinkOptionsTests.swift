import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// `--link [ROLE=]URL`: the user's own short links, by role; nothing made up against `--base-url`.
@Suite("--link and the links the scenarios use")
struct LinkOptionsTests {
    static let real = URL(string: "https://qr.example.com")!

    @Test func aBareURLIsTheMainLinkAndARoleNamesItsOwn() throws {
        let options = try DashboardOptions.parse([
            "--base-url", "https://go.example.com",
            "--link", "https://go.example.com/acme/fall?x=1", "--link=cold-start=https://go.example.com/acme/hi",
            "--link", "Short-Window=https://go.example.com/acme/flash",
        ])
        #expect(options.links[.main]?.absoluteString == "https://go.example.com/acme/fall?x=1")
        #expect(options.links[.coldStart]?.absoluteString == "https://go.example.com/acme/hi")
        #expect(options.links[.shortWindow]?.absoluteString == "https://go.example.com/acme/flash")
    }

    @Test(arguments: [
        (["--link", "ftp://go.example.com/x"], "--link main must be an http(s) URL with a host"),
        (["--link", "go.example.com/x"], "--link main must be an http(s) URL with a host"),
        (["--link", "promo=https://go.example.com/x"], "--link: unknown role 'promo' (roles: main, cold-start"),
        (["--link", "https://a.test/x", "--link", "main=https://a.test/y"], "--link main is given twice"),
        (["--link"], "--link needs a short link URL"),
    ])
    func aWrongLinkIsAUsageErrorThatSaysWhy(arguments: [String], message: String) {
        #expect {
            try DashboardOptions.parse(arguments)
        } throws: { error in
            (error as? DashboardError)?.isUsage == true && "\(error)".contains(message)
        }
    }

    @Test func againstABaseURLOnlyTheGivenLinksExistAndOnlyForTheSelectedService() throws {
        // Given QubeRoute's key and one link on a real deployment
        let options = try DashboardOptions.parse([
            "--provider", "quberoute", "--api-key", "qr_live_abc", "--base-url", Self.real.absoluteString,
            "--link", "https://qr.example.com/go/autumn",
        ])
        let target = try options.target(for: .quberoute, baseURL: Self.real)
        // Then the main link is the user's, cold-start and short-window fall back to it, nothing else is made up
        #expect(target.link(.main)?.url.absoluteString == "https://qr.example.com/go/autumn")
        #expect(target.link(.main)?.path == nil && target.link(.main)?.code == nil)
        #expect(target.link(.coldStart) == target.link(.main) && target.link(.shortWindow) == target.link(.main))
        #expect(target.links.given)
        // And without --link there is no link at all
        let bare = try DashboardOptions.parse([
            "--provider", "quberoute", "--api-key", "qr_live_abc", "--base-url", Self.real.absoluteString,
        ])
        #expect(try bare.target(for: .quberoute, baseURL: Self.real).links.byRole.isEmpty)
    }

    @Test func onTheEmbeddedServerEveryServiceHasTheDemoCampaignUnlessALinkIsGiven() throws {
        let embedded = URL(string: "http://127.0.0.1:8787")!
        let options = try DashboardOptions.parse([])
        // The one campaign routes to the same place on every service
        for service in OptoLinkService.allCases {
            let target = try options.target(for: service, baseURL: embedded)
            #expect(target.link(.main)?.path == "/promo/summer", "\(service)")
            #expect(target.link(.main)?.code == "summer", "\(service)")
            #expect(!target.links.given)
        }
        // A QubeRoute test key reaches the test links
        var test = BackendTarget.demo(.quberoute, baseURL: embedded)
        test.apiKey = APIKey(rawValue: "qr_test_demo_publishable_key_0001")
        #expect(test.profile.demoLinks(target: test).link(.main)?.url.path == "/qr/test/summer")
        // A given link (with its deployment's --base-url) is the selected service's only
        let given = try DashboardOptions.parse([
            "--base-url", "http://127.0.0.1:8787", "--link", "http://127.0.0.1:8787/demo/welcome",
        ])
        let base = URL(string: "http://127.0.0.1:8787")!
        #expect(try given.target(for: .optoLink, baseURL: base).link(.main)?.url.path == "/demo/welcome")
        #expect(try given.target(for: .optoLink, baseURL: base).link(.main)?.path == nil)
        #expect(!given.links.isEmpty && given.provider == .optoLink)
    }

    @Test func aNotALinkURLIsMadeFromTheMainLinksOriginAndRoutesByItself() {
        let links = ScenarioLinks.given([.main: URL(string: "https://go.example.com/s/Zq9?src=mail")!])
        let notALink = links.link(.notALink)
        #expect(notALink?.url.absoluteString == "https://go.example.com/optolink-dash/not-a-short-link?ref=mail")
        #expect(notALink?.path == "/optolink-dash/not-a-short-link")
        let given = ScenarioLinks.given([.notALink: URL(string: "https://go.example.com/products/9")!])
        #expect(given.link(.notALink)?.path == "/products/9")
        #expect(given.link(.main) == nil)
    }

    @Test func aScenarioThatClicksALinkNobodyGaveIsSkippedSayingWhichFlag() throws {
        let bare = BackendTarget(
            baseURL: Self.real, apiKey: APIKey(rawValue: "qr_live_abc"), orgKey: nil, service: .quberoute)
        let directOpen = try #require(ScenarioCatalog.named("direct-open"))
        #expect(directOpen.skipReason(for: bare) == "needs --link (the short link to click on QubeRoute)")
        let coldStart = try #require(ScenarioCatalog.named("direct-open-cold-start"))
        #expect(coldStart.skipReason(for: bare) == "needs --link (the short link to click on QubeRoute)")
        // A scenario that clicks nothing runs
        #expect(try #require(ScenarioCatalog.named("server-down")).skipReason(for: bare) == nil)
        // With a main link, both run
        var linked = bare
        linked.links = .given([.main: URL(string: "https://qr.example.com/go/autumn")!])
        #expect(directOpen.skipReason(for: linked) == nil && coldStart.skipReason(for: linked) == nil)
    }
}
