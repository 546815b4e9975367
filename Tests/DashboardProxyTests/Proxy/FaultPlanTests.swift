import Foundation
import OptoLinkFaults
import Testing

@testable import DashboardCore
@testable import DashboardProxy

/// The proxy's fault decisions as a pure function: plan + request → decision (no socket, no clock).
@Suite struct FaultPlanTests {
    @Test func aRequestNoRuleCoversPasses() {
        // Given a plan with a fault on /match only
        var plan = FaultPlan(rules: [FaultRule(route: "match", fault: .status(503, retryAfter: nil), count: 1)])
        // When /sdk/session is asked about
        let decision = plan.decide(path: "/sdk/session")
        // Then it passes and the fault stays pending
        #expect(decision == .pass)
        #expect(!decision.isInjected)
        #expect(plan.rules.count == 1)
    }

    @Test func aRuleAppliesToTheNextNRequestsThenIsGone() {
        var plan = FaultPlan(rules: [FaultRule(route: "match", fault: .status(503, retryAfter: 2), count: 2)])
        let first = plan.decide(path: "/match")
        let second = plan.decide(path: "/match")
        let third = plan.decide(path: "/match")
        #expect(first.fault == .status(503, retryAfter: 2) && first.use == 1 && first.of == 2)
        #expect(second.fault == .status(503, retryAfter: 2) && second.use == 2)
        #expect(third == .pass)
        #expect(plan.rules.isEmpty)
        #expect(first.label == "503 Retry-After 2 on match (1 of 2)")
    }

    @Test func rulesAreUsedInTheOrderTheyWereAdded() {
        var plan = FaultPlan()
        plan.add(FaultRule(route: "any", fault: .delay(2), count: 1))
        plan.add(FaultRule(route: "match", fault: .rateLimited(retryAfter: 3), count: 1))
        #expect(plan.decide(path: "/match").fault == .delay(2))
        #expect(plan.decide(path: "/match").fault == .rateLimited(retryAfter: 3))
        #expect(plan.decide(path: "/match") == .pass)
    }

    @Test func anyCoversEveryRouteButHealth() {
        var plan = FaultPlan(rules: [FaultRule(route: "any", fault: .dropBeforeUpstream, count: 5)])
        #expect(plan.decide(path: "/health") == .pass)
        for path in ["/match", "/sdk/events", "/demo/summer/data?deviceId=x", "/demo/summer", "/links"] {
            #expect(plan.decide(path: path).fault == .dropBeforeUpstream, "\(path)")
        }
        #expect(plan.rules.isEmpty)
    }

    @Test(arguments: [
        ("/match", "match"), ("/sdk/session", "sdk"), ("/sdk/identity/clear", "sdk"), ("/sdk/events", "events"),
        ("/demo/summer/data", "data"), ("/demo/summer", "page"), ("/health", "health"), ("/links/l1", "other"),
        ("/.well-known/apple-app-site-association", "other"), ("/", "other"), ("/match/x", "other"),
    ])
    func pathsFallIntoTheServersFamilies(path: String, family: String) {
        #expect(ProxyRoute.family(ofPath: path) == family)
    }

    @Test func theQueryDoesNotChangeTheFamily() {
        var plan = FaultPlan(rules: [FaultRule(route: "data", fault: .trickle(bytes: 1, interval: 0.1), count: 1)])
        #expect(
            plan.decide(path: "/demo/summer/data?deviceId=a/b").fault
                == .trickle(bytes: 1, interval: 0.1))
    }

    @Test func aPathRouteCoversThatPathAndBelowOnly() {
        #expect(ProxyRoute.applies(route: "/links", toPath: "/links"))
        #expect(ProxyRoute.applies(route: "/links", toPath: "/links/l1"))
        #expect(!ProxyRoute.applies(route: "/links", toPath: "/linksx"))
        #expect(!ProxyRoute.applies(route: "/links", toPath: "/match"))
    }

    @Test func aCountBelowOneStillAppliesOnce() {
        var plan = FaultPlan(rules: [FaultRule(route: "match", fault: .status(500, retryAfter: nil), count: 0)])
        #expect(plan.decide(path: "/match").fault == .status(500, retryAfter: nil))
        #expect(plan.decide(path: "/match") == .pass)
    }

    @Test func clearRemovesEveryPendingRule() {
        var plan = FaultPlan(rules: [FaultRule(route: "any", fault: .dropAfterUpstream, count: 3)])
        plan.clear()
        #expect(plan.decide(path: "/match") == .pass)
    }
}

/// The fields the proxy forwards and the answers it writes itself.
@Suite struct FaultProxyMessageTests {
    @Test func hopByHopFieldsAndTheOnesConnectionNamesAreRemoved() {
        let fields: [(name: String, value: String)] = [
            ("Host", "127.0.0.1:1"), ("Connection", "keep-alive, X-Private"), ("Keep-Alive", "timeout=5"),
            ("X-Private", "1"),
            ("Transfer-Encoding", "chunked"), ("TE", "trailers"), ("Upgrade", "h2c"), ("Proxy-Authorization", "x"),
            ("Content-Length", "2"), ("Expect", "100-continue"),
            ("X-API-Key", "opl_client_x"), ("X-Forwarded-For", "203.0.113.9"), ("Content-Type", "application/json"),
            ("User-Agent", "ua"), ("Accept-Encoding", "deflate, gzip, br, zstd"),
        ]
        let forwarded = FaultProxy.forwardedRequestHeaders(fields).map(\.name)
        #expect(forwarded == ["X-API-Key", "X-Forwarded-For", "Content-Type", "User-Agent"])
    }

    @Test func theAnswerLosesItsLengthAndTheEncodingItNoLongerHasButKeepsTheRest() {
        let fields: [(name: String, value: String)] = [
            ("Content-Length", "10"), ("Content-Encoding", "gzip"), ("Connection", "close"),
            ("Retry-After", "2"), ("X-Request-Id", "req_1"), ("Cache-Control", "no-store"),
        ]
        #expect(
            FaultProxy.forwardedResponseHeaders(fields, isDecoded: true).map(\.name)
                == ["Retry-After", "X-Request-Id", "Cache-Control"])
        #expect(
            FaultProxy.forwardedResponseHeaders(fields, isDecoded: false).map(\.name)
                == ["Content-Encoding", "Retry-After", "X-Request-Id", "Cache-Control"])
    }

    @Test func anInjectedAnswerIsTheContractsEnvelopeMarkedInjected() throws {
        let response = FaultProxy.envelope(status: 429, message: "Retry after 3 second(s)", retryAfter: 3)
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "3")
        #expect(response.header(FaultProxy.injectedHeader) == "proxy")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(object["message"] as? String == "Retry after 3 second(s)")
        #expect((object["requestId"] as? String)?.hasPrefix("req_") == true)
    }

    @Test func theUpstreamPathIsKeptAndTheTargetAppended() {
        #expect(
            FaultProxy.upstreamURL(URL(string: "https://links.example.com/api/")!, target: "/match?x=1")?.absoluteString
                == "https://links.example.com/api/match?x=1")
        #expect(
            FaultProxy.upstreamURL(URL(string: "http://127.0.0.1:8787")!, target: "/demo/summer")?.absoluteString
                == "http://127.0.0.1:8787/demo/summer")
    }

    @Test func eventLinesSayWhatTheProxyInjected() {
        let decision = FaultPlan.Decision(fault: .status(503, retryAfter: nil), route: "match", use: 1, of: 2)
        let event = ProxyEvent(
            method: "POST", target: "/match", decision: decision, status: 503, reachedUpstream: false, note: nil)
        #expect(event.line == "proxy: POST /match → 503 (injected by the proxy: 503 on match (1 of 2))")
        let plain = ProxyEvent(
            method: "GET", target: "/demo/summer/data?deviceId=x", decision: .pass, status: 200, reachedUpstream: true,
            note: nil)
        #expect(plain.line == "proxy: GET /demo/summer/data → 200")
    }
}

/// An answer the proxy wrote is marked on the timeline, not only in the log.
@Suite struct InjectedTimelineTests {
    @Test func anExchangeMarkedInjectedMarksItsAttemptAndTheDetailLineSaysWho() {
        // Given a /match row whose first attempt got 503 and second 200
        var state = DashboardState()
        state.timeline = [
            TimelineRow(
                requestID: 3, endpoint: "match",
                attempts: [
                    TimelineAttempt(number: 1, start: 0, status: 503, duration: 0.002),
                    TimelineAttempt(number: 2, start: 1, status: 200, duration: 0.003),
                ], outcome: .finished(status: 200, attempts: 2))
        ]
        // When the first attempt's exchange carries X-OptoLink-Injected and the second's does not
        func exchange(_ attempt: Int, _ headers: [HTTPExchange.Field]) -> HTTPExchange {
            HTTPExchange(
                requestID: 3, attempt: attempt, endpoint: "match", method: "POST", url: "http://127.0.0.1:1/match",
                requestHeaders: [], requestBody: nil, status: attempt == 1 ? 503 : 200, responseHeaders: headers,
                responseBody: nil, error: nil, start: 0, duration: 0.002, startedAt: Date(timeIntervalSince1970: 0))
        }
        DashboardReducer.reduce(
            &state, .exchangeRecorded(exchange(1, [.init(name: "X-OptoLink-Injected", value: "proxy")])))
        DashboardReducer.reduce(&state, .exchangeRecorded(exchange(2, [.init(name: "X-Request-Id", value: "req_1")])))
        // Then only the first attempt is marked, and the timeline's words name the proxy
        #expect(state.timeline[0].attempts.map(\.injectedBy) == ["proxy", nil])
        #expect(TimelineText.detail(state.timeline[0], now: 2).hasPrefix("#3 match: 503 (proxy) 2ms ▸ 200 3ms"))
    }
}
