import Foundation
import Testing

@testable import OptoLinkLabEngine
@testable import OptoLinkServer

/// The lab's entry point into the engine: the services' signals, the policy's numbers, the click tokens.
@Suite struct DirectMatcherTests {
    let safari = DirectMatcher.Browser(
        userAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_7_2 like Mac OS X) AppleWebKit/605.1.15 "
            + "(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
        acceptLanguage: "en-US,en;q=0.9", timezone: "Europe/Berlin", screenWidth: 1179, screenHeight: 2556,
        language: "en-US")
    let app = DirectMatcher.App(
        osVersion: "18.7.2", deviceModel: "iPhone16,1", language: "en-US", timezone: "Europe/Berlin",
        screenWidth: 1179, screenHeight: 2556, userAgent: "Demo/1.0 CFNetwork/1494.0.7 Darwin/23.4.0",
        acceptLanguage: "en-US,en;q=0.9")

    @Test func eachServiceRecordsAndSendsWhatItsWireFormatCarries() {
        // Given one Safari click and one app
        // When each service's conversion reads them
        let optoLinkClick = DirectMatcher.Signals.click(.optoLink, safari)
        let deepBlueClick = DirectMatcher.Signals.click(.deepBlue, safari)
        let appsFlyerClick = DirectMatcher.Signals.click(.appsFlyer, safari)
        let quberouteLaunch = DirectMatcher.Signals.launch(.quberoute, app)
        let deepBlueLaunch = DirectMatcher.Signals.launch(.deepBlue, app)
        let appsFlyerLaunch = DirectMatcher.Signals.launch(.appsFlyer, app)

        // Then each holds what its route gives the engine
        #expect(optoLinkClick.fingerprint == ClickFingerprint(platform: "iOS", osVersion: "18.7.2", language: "en-US"))
        #expect(deepBlueClick.deviceModel == "screen:1179x2556" && deepBlueClick.timezone == "Europe/Berlin")
        #expect(appsFlyerClick.deviceModel == "iPhone" && appsFlyerClick.timezone == nil)
        #expect(quberouteLaunch.fingerprint == ClickFingerprint(language: "en-US"))
        #expect(deepBlueLaunch.platform == nil && deepBlueLaunch.deviceModel == "screen:1179x2556")
        #expect(
            appsFlyerLaunch.fingerprint
                == ClickFingerprint(platform: "iOS", osVersion: "18.7.2", deviceModel: "iPhone", language: "en-US"))
        #expect(DirectMatcher.Signals.launch(.optoLink, app).deviceModel == "iPhone16,1")
    }

    /// One click at 0 and the app's first launch a minute later on the same address, decided with `policy`.
    func decide(_ policy: DirectMatcher.Policy, clipboard: Int? = nil, service: DirectMatcher.Service = .optoLink)
        -> DirectMatcher.Decision
    {
        let matcher = DirectMatcher(service: service, policy: policy)
        matcher.click(id: 7, address: "10.0.0.7", signals: .click(service, safari), at: 0)
        return matcher.launch(address: "10.0.0.7", clipboardClick: clipboard, signals: .launch(service, app), at: 60)
    }

    @Test func anAppsFlyerLaunchOnIPv6MatchesNothingAsItsS2SCallIsRefused() {
        // Given a click and the first launch on one IPv6 address, on each service
        for service in DirectMatcher.Service.allCases {
            let matcher = DirectMatcher(service: service, policy: .seed)
            let address = "2001:db8::7"
            matcher.click(id: 7, address: address, signals: .click(service, safari), at: 0)
            let decision = matcher.launch(address: address, clipboardClick: nil, signals: .launch(service, app), at: 60)

            // Then only AppsFlyer's, whose `ip` is IPv4 only (seed 003), matches nothing
            if service == .appsFlyer {
                #expect(decision.click == nil && decision.candidates == 0)
            } else {
                #expect(decision.click == 7, "\(service)")
            }
        }
    }

    @Test func thePolicysNumbersDecide() {
        // Given OptoLink's click (platform, OS, language) and the app: 30 + 10 + 15 + 10 + 9 = 74 with the seed's
        // numbers
        let seed = decide(.seed)
        #expect(seed.click == 7 && seed.method == .scored && seed.score == 74 && seed.confidence == "medium")

        // When the threshold is above it, P3 takes the click; without P3, nothing matches
        var raised = DirectMatcher.Policy.seed
        raised.threshold = 75
        #expect(decide(raised).method == .ip)
        raised.ipFallback = false
        #expect(decide(raised).click == nil)

        // When the points change, the score follows them
        var weights = DirectMatcher.Policy.seed
        (weights.ip, weights.language, weights.recency) = (40, 0, [0, 0, 0, 0, 0])
        #expect(decide(weights).score == 40 + 10 + 15)

        // The clipboard wins on OptoLink, and is ignored by a service whose request carries no token
        #expect(decide(.seed, clipboard: 7).method == .clipboard)
        #expect(decide(.seed, clipboard: 7, service: .quberoute).method == .ip)
    }

    @Test func theGuardsSizeIsThePolicys() {
        // Given five identical clicks on one address
        func decide(guardSize: Int?) -> DirectMatcher.Decision {
            var policy = DirectMatcher.Policy.seed
            policy.guardSize = guardSize
            let matcher = DirectMatcher(service: .optoLink, policy: policy)
            for id in 0..<5 {
                matcher.click(id: id, address: "10.0.0.9", signals: .click(.optoLink, safari), at: Double(id))
            }
            return matcher.launch(address: "10.0.0.9", clipboardClick: nil, signals: .launch(.optoLink, app), at: 60)
        }

        // Then the seed's guard (more than 3) rejects them all, 5 lets the newest match, none too
        #expect(decide(guardSize: 3).guardFired && decide(guardSize: 3).click == nil)
        #expect(decide(guardSize: 5).click == 4)
        #expect(decide(guardSize: nil).click == 4)
    }

    @Test func aClickWindowEndsItsMatchesAndSweepsChangeNoDecision() {
        // Given a 1-hour window and clicks spread over a day on two addresses
        var policy = DirectMatcher.Policy.seed
        policy.window = 3600
        let matcher = DirectMatcher(service: .optoLink, policy: policy)
        for id in 0..<48 {
            matcher.click(
                id: id, address: "10.0.0.\(id % 2)", signals: .click(.optoLink, safari), at: Double(id) * 1800)
        }

        // When launches come 50 min and 70 min after the last click on an address
        let stale = matcher.launch(
            address: "10.0.0.0", clipboardClick: 0, signals: .launch(.optoLink, app), at: 46 * 1800 + 4200)
        let fresh = matcher.launch(
            address: "10.0.0.1", clipboardClick: nil, signals: .launch(.optoLink, app), at: 47 * 1800 + 3000)

        // Then the click inside the window matches; past it nothing does, not even click 0's token
        #expect(fresh.click == 47)
        #expect(stale.click == nil)
    }

    @Test func clickTokensSpellTheirIdAndFitInAStringsInlineStorage() {
        for id in [0, 7, 63, 64, 4_095, 1 << 40, Int.max] {
            let token = DirectMatcher.token(forClick: id)
            #expect(DirectMatcher.click(forToken: token) == id)
            #expect(token.utf8.count <= 15)
        }
        #expect(DirectMatcher.token(forClick: 7) == "lab:H")
        #expect(DirectMatcher.click(forToken: "opl_AAAAAAAAAAAAAAAAAAAAAH") == nil)
        #expect(DirectMatcher.click(forToken: "lab:") == nil && DirectMatcher.click(forToken: "lab:*") == nil)
    }
}
