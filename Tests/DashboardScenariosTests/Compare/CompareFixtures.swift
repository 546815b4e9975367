import OptoLink

@testable import DashboardCore
@testable import DashboardScenarios

/// Compare states built from the diagnostics each service's device would report.
enum CompareFixtures {
    /// A `flaky-server`-like run: /match answers 503 twice (waits 1 s and 2 s), then the link, starting at `start`.
    static func flaky(_ service: OptoLinkService, link: LinkSummary, start: Double = 100)
        -> [CompareUpdate]
    {
        var updates: [CompareUpdate] = [.step(service, "first launch")]
        func add(_ event: DiagnosticEvent, _ time: Double) { updates.append(.diagnostic(service, event, time: time)) }
        add(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), start)
        add(.responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 503, duration: 0.01), start + 0.01)
        add(.retryScheduled(requestID: 1, endpoint: "match", attempt: 1, delay: 1), start + 0.01)
        add(.requestStarted(requestID: 1, endpoint: "match", attempt: 2), start + 1.01)
        add(.responseReceived(requestID: 1, endpoint: "match", attempt: 2, status: 503, duration: 0.01), start + 1.02)
        add(.retryScheduled(requestID: 1, endpoint: "match", attempt: 2, delay: 2), start + 1.02)
        add(.requestStarted(requestID: 1, endpoint: "match", attempt: 3), start + 3.02)
        add(.responseReceived(requestID: 1, endpoint: "match", attempt: 3, status: 200, duration: 0.02), start + 3.04)
        add(.requestFinished(requestID: 1, endpoint: "match", attempts: 3, status: 200), start + 3.04)
        add(.matchResult(link), start + 3.05)
        add(.linkDelivered(link), start + 3.06)
        return updates
    }

    /// All four services: OptoLink and QubeRoute passed, Deep Blue failed, AppsFlyer skipped.
    static func mixed() -> CompareState {
        var state = CompareState(scenario: "flaky-server", services: OptoLinkService.allCases)
        let optoLink = LinkSummary(
            linkId: "lnk_1", path: "/promo/summer", method: "CLIPBOARD", confidence: "exact", isDeferred: true)
        let quberoute = LinkSummary(
            linkId: "spring", path: "/promo/spring", method: "FINGERPRINT_SCORED", confidence: "low",
            isDeferred: true, confidenceScore: 0.49, matchType: "ip_address")
        for update in flaky(.optoLink, link: optoLink) + flaky(.quberoute, link: quberoute, start: 200) {
            state.apply(update)
        }
        state.apply(.finished(.optoLink, .passed("CLIPBOARD after 503, 503")))
        state.apply(.finished(.quberoute, .passed("ip_address 0.49")))
        state.apply(.step(.deepBlue, "first launch"))
        state.apply(.finished(.deepBlue, .failed("expected a link, got none")))
        state.apply(.finished(.appsFlyer, .skipped("AppsFlyer's S2S API resolves no URL")))
        return state
    }
}
