import DashboardCore
import DashboardScenarios
import Foundation

/// Deterministic states for renderer and snapshot tests (built through the reducer, as the app does).
package enum Fixtures {
    package static func reduced(_ state: DashboardState, _ actions: [DashboardAction]) -> DashboardState {
        var state = state
        for action in actions { DashboardReducer.reduce(&state, action) }
        return state
    }

    /// A connected dashboard with no activity yet.
    package static func base() -> DashboardState {
        reduced(
            DashboardState(availableThemes: ["default", "light", "mono"]),
            [
                .targetChanged(url: "http://127.0.0.1:43121", orgKey: "demo", sdkVersion: "1.0.0"),
                .serverReachable(true),
            ])
    }

    package static let idle = base()

    package static func summerCandidate() -> MatchCandidate {
        MatchCandidate(
            shortCode: "summer", path: "/promo/summer", ageSeconds: 12.5,
            points: [
                .ip: 30, .platform: 10, .osVersion: 8, .language: 10, .timezone: 0, .deviceModel: 12, .recency: 9,
            ],
            total: 79)
    }

    /// A deferred first launch matched by score, the attempt selected with its breakdown open.
    package static func deferredMatch() -> DashboardState {
        var state = base()
        state.fingerprint.browser.timezone = "Europe/London"
        state.fingerprint.browser.osVersion = "17.2"
        return reduced(
            state,
            [
                .deviceProfileChanged(
                    DeviceProfile(deviceId: "", installNumber: 1, isFirstLaunch: true, clipboard: nil)),
                .diagnostic(.requestStarted(requestID: 1, endpoint: "session", attempt: 1), time: 100),
                .diagnostic(
                    .responseReceived(requestID: 1, endpoint: "session", attempt: 1, status: 200, duration: 0.05),
                    time: 100.05),
                .diagnostic(
                    .requestFinished(requestID: 1, endpoint: "session", attempts: 1, status: 200), time: 100.05),
                .diagnostic(
                    .sessionRegistered(
                        deviceId: "dev-7f3a", firstSeenAt: "2026-11-30T05:00:00.000Z",
                        lastSeenAt: "2026-11-30T05:00:00.000Z"), time: 100.06),
                .diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: 1), time: 100.1),
                .diagnostic(
                    .responseReceived(requestID: 2, endpoint: "match", attempt: 1, status: 200, duration: 0.08),
                    time: 100.18),
                .diagnostic(.requestFinished(requestID: 2, endpoint: "match", attempts: 1, status: 200), time: 100.18),
                .diagnostic(
                    .matchResult(
                        LinkSummary(
                            linkId: "lnk_1", path: "/promo/summer", method: "FINGERPRINT_SCORED",
                            confidence: "medium", score: 79, isDeferred: true)), time: 100.18),
                .matchAttemptsLoaded([
                    MatchAttempt(
                        id: "ma_2", at: "2026-11-30T05:00:00.180Z", matched: true, method: "FINGERPRINT_SCORED",
                        confidence: "medium", score: 79, path: "/promo/summer",
                        breakdown: MatchBreakdown(
                            threshold: 65, guardFired: false,
                            candidates: [
                                summerCandidate(),
                                MatchCandidate(
                                    shortCode: "flash", path: "/promo/flash", ageSeconds: 1300,
                                    points: [.ip: 30, .platform: 10, .recency: 7], total: 47),
                            ])),
                    MatchAttempt(
                        id: "ma_1", at: "2026-11-30T04:58:10.000Z", matched: false, method: "NONE",
                        breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: [])),
                ]),
                .diagnostic(
                    .linkDelivered(
                        LinkSummary(
                            linkId: "lnk_1", path: "/promo/summer", method: "FINGERPRINT_SCORED",
                            confidence: "medium", score: 79, isDeferred: true)), time: 100.19),
                .deviceProfileChanged(
                    DeviceProfile(
                        deviceId: "dev-7f3a", installNumber: 1, isFirstLaunch: false,
                        firstSeenAt: "2026-11-30T05:00:00.000Z", lastSeenAt: "2026-11-30T05:00:00.000Z")),
                .focus(.matches),
                .tick(now: 101),
            ])
    }

    /// A flaky request: 503, waited 1 s, 503, now 0.6 s into a 2 s wait (countdown 1.4 s).
    package static func retryMidWait() -> DashboardState {
        reduced([
            .diagnostic(.requestStarted(requestID: 1, endpoint: "session", attempt: 1), time: 10),
            .diagnostic(
                .responseReceived(requestID: 1, endpoint: "session", attempt: 1, status: 200, duration: 0.05),
                time: 10.05),
            .diagnostic(.requestFinished(requestID: 1, endpoint: "session", attempts: 1, status: 200), time: 10.05),
            .diagnostic(.requestStarted(requestID: 2, endpoint: "data", attempt: 1), time: 10.1),
            .diagnostic(
                .responseReceived(requestID: 2, endpoint: "data", attempt: 1, status: 503, duration: 0.2), time: 10.3),
            .diagnostic(.retryScheduled(requestID: 2, endpoint: "data", attempt: 1, delay: 1), time: 10.3),
            .diagnostic(.requestStarted(requestID: 2, endpoint: "data", attempt: 2), time: 11.3),
            .diagnostic(
                .responseReceived(requestID: 2, endpoint: "data", attempt: 2, status: 503, duration: 0.2), time: 11.5),
            .diagnostic(.retryScheduled(requestID: 2, endpoint: "data", attempt: 2, delay: 2), time: 11.5),
            .diagnostic(.requestStarted(requestID: 3, endpoint: "events", attempt: 1), time: 11.6),
            .diagnostic(
                .requestFailed(
                    requestID: 3, endpoint: "events", attempt: 1, reason: "connection refused", duration: 0.3),
                time: 11.9),
            .diagnostic(
                .gaveUp(requestID: 3, endpoint: "events", attempts: 1, reason: "connection refused"), time: 11.9),
            .diagnostic(.requestFinished(requestID: 3, endpoint: "events", attempts: 1, status: nil), time: 11.9),
            .focus(.timeline),
            .tick(now: 12.1),
        ])
    }

    /// The flaky-server scenario after an earlier deferred match: request #1 at 100 s, request #2 seven
    /// seconds later answered 503, waited 1 s, 503 again, then a 2 s wait; `now` is 1.2 s into that wait.
    static let flakyRequestTimes = (first: 100.0, second: 107.0)
    package static func flakyAfterEarlierMatch(finished: Bool = false) -> DashboardState {
        var actions: [DashboardAction] = [
            .diagnostic(.requestStarted(requestID: 1, endpoint: "match", attempt: 1), time: 100),
            .diagnostic(
                .responseReceived(requestID: 1, endpoint: "match", attempt: 1, status: 200, duration: 0.004),
                time: 100.004),
            .diagnostic(.requestFinished(requestID: 1, endpoint: "match", attempts: 1, status: 200), time: 100.004),
            .diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: 1), time: 107),
            .diagnostic(
                .responseReceived(requestID: 2, endpoint: "match", attempt: 1, status: 503, duration: 0.002),
                time: 107.002),
            .diagnostic(.retryScheduled(requestID: 2, endpoint: "match", attempt: 1, delay: 1), time: 107.002),
            .diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: 2), time: 108.002),
            .diagnostic(
                .responseReceived(requestID: 2, endpoint: "match", attempt: 2, status: 503, duration: 0.008),
                time: 108.01),
            .diagnostic(.retryScheduled(requestID: 2, endpoint: "match", attempt: 2, delay: 2), time: 108.01),
            .focus(.timeline),
            .tick(now: 109.21),
        ]
        if finished {
            actions += [
                .diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: 3), time: 110.01),
                .diagnostic(
                    .responseReceived(requestID: 2, endpoint: "match", attempt: 3, status: 200, duration: 0.002),
                    time: 110.012),
                .diagnostic(.requestFinished(requestID: 2, endpoint: "match", attempts: 3, status: 200), time: 110.012),
                .tick(now: 110.5),
            ]
        }
        return reduced(actions)
    }

    /// A server that never answers: four attempts refused, with 1 s, 2 s and 4 s waits between them.
    package static func serverDown() -> DashboardState {
        let (attempts, end) = fourMatchAttempts(from: 60, duration: 0.001) { attempt, time in
            .requestFailed(
                requestID: 2, endpoint: "match", attempt: attempt, reason: "connection refused", duration: 0.001)
        }
        return reduced(
            session(at: 50, duration: 0.01) + attempts + [
                .diagnostic(
                    .gaveUp(requestID: 2, endpoint: "match", attempts: 4, reason: "connection refused"), time: end),
                .diagnostic(.requestFinished(requestID: 2, endpoint: "match", attempts: 4, status: nil), time: end),
                .tick(now: end + 0.1),
            ])
    }

    /// One /match refused four times, with the 1 s, 2 s and 4 s waits between its attempts (maxRetries 3),
    /// after a short /sdk/session.
    package static func backoffOneTwoFour() -> DashboardState {
        let (attempts, end) = fourMatchAttempts(from: 60, duration: 0.003) { attempt, _ in
            .responseReceived(requestID: 2, endpoint: "match", attempt: attempt, status: 503, duration: 0.003)
        }
        return reduced(
            session(at: 59.5, duration: 0.012) + attempts + [
                .diagnostic(
                    .gaveUp(requestID: 2, endpoint: "match", attempts: 4, reason: "503 Service Unavailable"),
                    time: end),
                .diagnostic(.requestFinished(requestID: 2, endpoint: "match", attempts: 4, status: 503), time: end),
                .focus(.timeline),
                .tick(now: end + 0.1),
            ])
    }

    /// Request 1, an /sdk/session started at `start` and answered 200 after `duration`.
    static func session(at start: Double, duration: Double) -> [DashboardAction] {
        [
            .diagnostic(.requestStarted(requestID: 1, endpoint: "session", attempt: 1), time: start),
            .diagnostic(
                .responseReceived(requestID: 1, endpoint: "session", attempt: 1, status: 200, duration: duration),
                time: start + duration),
            .diagnostic(
                .requestFinished(requestID: 1, endpoint: "session", attempts: 1, status: 200),
                time: start + duration),
        ]
    }

    /// Request 2's four /match attempts from `start`, each ending `duration` after it starts with `ending`, and
    /// waits of 1 s, 2 s and 4 s between them; the actions and the time the last attempt ended.
    static func fourMatchAttempts(
        from start: Double, duration: Double, ending: (_ attempt: Int, _ time: Double) -> DiagnosticEvent
    ) -> (actions: [DashboardAction], end: Double) {
        var actions: [DashboardAction] = []
        var time = start
        for attempt in 1...4 {
            actions.append(.diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: attempt), time: time))
            time += duration
            actions.append(.diagnostic(ending(attempt, time), time: time))
            if attempt < 4 {
                let delay = Double(1 << (attempt - 1))
                actions.append(
                    .diagnostic(
                        .retryScheduled(requestID: 2, endpoint: "match", attempt: attempt, delay: delay), time: time))
                time += delay
            }
        }
        return (actions, time)
    }

    /// The transport's record of one /match attempt of request 2 (times as in ``flakyAfterEarlierMatch(finished:)``).
    package static func matchExchange(attempt: Int, status: Int, start: Double, duration: Double) -> HTTPExchange {
        let body = #"{"deviceId":"dev-7f3a","fingerprint":{"platform":"ios","osVersion":"17.4"},"clipboardToken":null}"#
        let answer =
            status == 200
            ? #"{"matched":true,"path":"/promo/summer","matchMethod":"CLIPBOARD"}"#
            : #"{"message":"Service Unavailable","requestId":"req_\#(attempt)"}"#
        return HTTPExchange(
            requestID: 2, attempt: attempt, endpoint: "match", method: "POST", url: "http://127.0.0.1:43121/match",
            requestHeaders: [
                .init(name: "Accept", value: "application/json"),
                .init(name: "Content-Type", value: "application/json"),
                .init(name: "X-API-Key", value: SecretMask.header("X-API-Key", "opl_sdk_demo_client_key_0000000001")),
                .init(name: "X-Forwarded-For", value: "203.0.113.7"),
            ],
            requestBody: HTTPExchange.Body(Data(body.utf8)), status: status,
            responseHeaders: [.init(name: "Content-Type", value: "application/json")],
            responseBody: HTTPExchange.Body(Data(answer.utf8)),
            error: nil, start: start, duration: duration, startedAt: Date(timeIntervalSince1970: 1_795_000_000 + start))
    }

    /// ``flakyAfterEarlierMatch(finished:)`` finished, with the transport's record of request 2's three attempts.
    package static func flakyWithExchanges() -> DashboardState {
        reduced(
            flakyAfterEarlierMatch(finished: true),
            [
                .exchangeRecorded(matchExchange(attempt: 1, status: 503, start: 107, duration: 0.002)),
                .exchangeRecorded(matchExchange(attempt: 2, status: 503, start: 108.002, duration: 0.008)),
                .exchangeRecorded(matchExchange(attempt: 3, status: 200, start: 110.01, duration: 0.002)),
            ])
    }

    package static func help() -> DashboardState {
        let base = "http://127.0.0.1:43121/demo/"
        return reduced([
            .linksChanged([.main: base + "summer", .coldStart: base + "welcome", .shortWindow: base + "flash"]),
            .openOverlay(.help),
        ])
    }

    /// The flaky-server scenario as a partner sees it mid-run: the click and the fault passed, the first
    /// launch running (its /match 1.2 s into the 2 s wait after two 503s), the other steps to come.
    package static func scenarioRunning() -> DashboardState {
        let steps = ScenarioCatalog.named("flaky-server")?.steps ?? []
        var state = reduced([
            .scenarioExpectations(ScenarioCatalog.expectations), .scenarioStarted(name: "flaky-server", steps: steps),
        ])
        for step in steps.prefix(2) {
            DashboardReducer.reduce(&state, .scenarioStepStarted(step))
            DashboardReducer.reduce(&state, .scenarioStepPassed(step))
        }
        DashboardReducer.reduce(&state, .scenarioStepStarted(steps[2]))
        let flaky = flakyAfterEarlierMatch()
        for row in flaky.timeline { state.timeline.append(row) }
        return reduced(state, [.tick(now: flaky.now)])
    }

    /// deferred-clipboard failed at its third step: the match came back IP_FUZZY instead of CLIPBOARD.
    package static func scenarioFailed() -> DashboardState {
        let steps = ScenarioCatalog.named("deferred-clipboard")?.steps ?? []
        let detail = "expected CLIPBOARD exact /promo/summer (deferred), got IP_FUZZY low /promo/summer (deferred)"
        return reduced([
            .scenarioExpectations(ScenarioCatalog.expectations),
            .scenarioStarted(name: "deferred-clipboard", steps: steps),
            .scenarioStepStarted(steps[0]), .scenarioStepPassed(steps[0]), .scenarioStepStarted(steps[1]),
            .scenarioStepPassed(steps[1]),
            .scenarioStepStarted(steps[2]), .scenarioStepFailed(steps[2], detail: detail),
            .scenarioFinished(name: "deferred-clipboard", passed: false, detail: detail),
        ])
    }

    /// The deferred match with a longer log, both filtered: the log to `RETRY` (any case), the match
    /// attempts to `scored`; the log has the focus.
    package static func filtered() -> DashboardState {
        var state = deferredMatch()
        for index in 1...12 {
            DashboardReducer.reduce(
                &state,
                .log(
                    index % 3 == 0 ? .warning : .info,
                    index % 3 == 0
                        ? "match #\(index) retry after 1.0s (attempt 1 failed)" : "event sent: e\(index) (0 queued)"))
        }
        return reduced(
            state, [.tick(now: 102), .focus(.log), .setFilter(.log, "RETRY"), .setFilter(.matches, "scored")])
    }

    /// ``filtered()`` with the `/` prompt open over the footer, editing the log's filter.
    package static func filterPrompt() -> DashboardState {
        reduced(filtered(), [.openOverlay(.textInput(purpose: .filter(.log), text: "retry #1"))])
    }

    /// The scenario picker over the whole catalog, deferred-clipboard selected.
    package static func scenarioPicker() -> DashboardState {
        reduced([
            .scenariosAvailable(ScenarioCatalog.names), .scenarioExpectations(ScenarioCatalog.expectations),
            .openOverlay(.scenarioPicker(selected: 2)),
        ])
    }

    package static func reduced(_ actions: [DashboardAction]) -> DashboardState { reduced(base(), actions) }
}
