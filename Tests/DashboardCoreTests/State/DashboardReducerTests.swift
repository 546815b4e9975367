import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore

@Suite("DashboardReducer")
struct DashboardReducerTests {
    @Test func tabCyclesThroughEveryPaneAndBack() {
        // (The scenario pane joins the cycle once a scenario ran: ScenarioChecklistTests.)
        var state = DashboardState()
        var seen: [DashboardPane] = []
        for _ in state.focusablePanes {
            seen.append(state.focus)
            DashboardReducer.reduce(&state, .focusNext)
        }
        #expect(seen == DashboardPane.allCases.filter { $0 != .scenario })
        #expect(state.focus == .profile)
        DashboardReducer.reduce(&state, .focusPrevious)
        #expect(state.focus == .log)
    }

    @Test func retrySequenceBuildsOneTimelineRowWithAttemptsWaitsAndOutcome() {
        // Given a request that fails once with 503 and then succeeds
        let state = Fixtures.reduced(
            DashboardState(),
            [
                .diagnostic(.requestStarted(requestID: 7, endpoint: "match", attempt: 1), time: 1),
                .diagnostic(
                    .responseReceived(requestID: 7, endpoint: "match", attempt: 1, status: 503, duration: 0.25),
                    time: 1.25),
                .diagnostic(.retryScheduled(requestID: 7, endpoint: "match", attempt: 1, delay: 1), time: 1.25),
                .diagnostic(.requestStarted(requestID: 7, endpoint: "match", attempt: 2), time: 2.25),
                .diagnostic(
                    .responseReceived(requestID: 7, endpoint: "match", attempt: 2, status: 200, duration: 0.1),
                    time: 2.35),
                .diagnostic(.requestFinished(requestID: 7, endpoint: "match", attempts: 2, status: 200), time: 2.35),
            ])
        // Then
        #expect(state.timeline.count == 1)
        let row = state.timeline[0]
        #expect(row.endpoint == "match")
        #expect(row.attempts.map(\.status) == [503, 200])
        #expect(row.attempts.map(\.start) == [1, 2.25])
        #expect(row.waits == [BackoffWait(afterAttempt: 1, start: 1.25, delay: 1)])
        #expect(row.outcome == .finished(status: 200, attempts: 2))
        #expect(state.now == 2.35)
    }

    @Test func countdownIsStartPlusDelayMinusNowAndTicksOnlyWhileWaiting() {
        var state = Fixtures.reduced(
            DashboardState(),
            [
                .diagnostic(.requestStarted(requestID: 1, endpoint: "data", attempt: 1), time: 10),
                .diagnostic(
                    .responseReceived(requestID: 1, endpoint: "data", attempt: 1, status: 500, duration: 0.5),
                    time: 10.5),
                .diagnostic(.retryScheduled(requestID: 1, endpoint: "data", attempt: 1, delay: 2), time: 10.5),
                .tick(now: 11.1),
            ])
        #expect(abs(state.timeline[0].waits[0].remaining(at: state.now) - 1.4) < 1e-9)
        #expect(state.isTicking)
        DashboardReducer.reduce(&state, .tick(now: 13))
        #expect(state.timeline[0].waits[0].remaining(at: state.now) == 0)
        #expect(!state.isTicking)
    }

    @Test func gaveUpStaysTheOutcomeAfterRequestFinished() {
        let state = Fixtures.reduced(
            DashboardState(),
            [
                .diagnostic(.requestStarted(requestID: 3, endpoint: "session", attempt: 1), time: 0),
                .diagnostic(
                    .requestFailed(requestID: 3, endpoint: "session", attempt: 1, reason: "timed out", duration: 1),
                    time: 1),
                .diagnostic(.gaveUp(requestID: 3, endpoint: "session", attempts: 1, reason: "timed out"), time: 1),
                .diagnostic(.requestFinished(requestID: 3, endpoint: "session", attempts: 1, status: nil), time: 1),
            ])
        #expect(state.timeline[0].outcome == .gaveUp(attempts: 1, reason: "timed out"))
        #expect(state.timeline[0].attempts[0].error == "timed out")
        #expect(state.log.contains { $0.level == .error && $0.text.contains("gave up") })
    }

    @Test func aFirstLaunchWithoutAnAnswerIsNotTheServicesNoMatch() {
        // Given a match answered 200 with no link, then one refused with 429 and one that gave up
        func launch(_ id: Int, _ status: Int?) -> [DashboardAction] {
            let finished: [DashboardAction] =
                status == nil
                ? [.diagnostic(.gaveUp(requestID: id, endpoint: "match", attempts: 4, reason: "refused"), time: 1)]
                : []
            return [.diagnostic(.requestStarted(requestID: id, endpoint: "match", attempt: 1), time: 0)] + finished
                + [
                    .diagnostic(
                        .requestFinished(requestID: id, endpoint: "match", attempts: 1, status: status), time: 1),
                    .diagnostic(.matchResult(nil), time: 1),
                ]
        }
        let state = Fixtures.reduced(DashboardState(), launch(1, 200) + launch(2, 429) + launch(3, nil))
        // Then only the answered one is NONE; the others say what came instead, in the pane and the log
        let names = state.matchAttempts.sorted { $0.id < $1.id }.map { state.methodName(of: $0) }
        #expect(names == ["NONE", "answered 429", "no answer"])
        #expect(state.log.filter { $0.text == "match: no match" }.count == 1)
        #expect(state.log.contains { $0.text == "match: answered 429, no link" })
        #expect(state.log.contains { $0.text == "match: no answer, no link" })
        // And Deep Blue's documented "no deferred link", a 404, is its no match, not a refusal
        var deepBlue = DashboardState()
        deepBlue.header.provider = .deepBlue
        let read = Fixtures.reduced(deepBlue, launch(4, 404))
        #expect(read.matchAttempts.map { read.methodName(of: $0) } == ["no match"])
    }

    @Test func requestsAreNamedAsTheRunsServiceNamesThem() {
        // Given the same SDK requests on QubeRoute, Deep Blue, AppsFlyer and OptoLink
        func titles(_ service: OptoLinkService) -> [String] {
            var state = DashboardState()
            state.header.provider = service
            for (id, endpoint) in [(1, "match"), (2, "data"), (3, "events")] {
                DashboardReducer.reduce(
                    &state, .diagnostic(.requestStarted(requestID: id, endpoint: endpoint, attempt: 1), time: 0))
            }
            return state.timeline.map(\.title)
        }
        // Then each row carries the service's own route name, never OptoLink's "data" for another service
        #expect(titles(.optoLink) == ["#1 match", "#2 data", "#3 events"])
        #expect(titles(.quberoute) == ["#1 match", "#2 resolve", "#3 events"])
        #expect(titles(.deepBlue) == ["#1 check-deferred", "#2 resolve", "#3 events"])
        #expect(titles(.appsFlyer) == ["#1 ios", "#2 data", "#3 events"])
    }

    @Test func anAnswerTheServiceDocumentsIsNotMarkedAFailure() {
        // Given Deep Blue's check-deferred and resolve answered 404 (its guide: no deferred link; route by the URL)
        // and OptoLink's /data answered 404 (an unknown link)
        func line(_ service: OptoLinkService, _ endpoint: String) -> (text: String, role: StyleRole) {
            var state = DashboardState()
            state.header.provider = service
            for action: DiagnosticEvent in [
                .requestStarted(requestID: 1, endpoint: endpoint, attempt: 1),
                .responseReceived(requestID: 1, endpoint: endpoint, attempt: 1, status: 404, duration: 0.01),
                .requestFinished(requestID: 1, endpoint: endpoint, attempts: 1, status: 404),
            ] {
                DashboardReducer.reduce(&state, .diagnostic(action, time: 1))
            }
            return (
                TimelineText.detail(state.timeline[0], now: 2), TimelineText.summary(state.timeline[0], now: 2).role
            )
        }
        // Then only OptoLink's and QubeRoute's are marked ✘, in the line and in the colour after the bars
        for (service, endpoint) in [(OptoLinkService.deepBlue, "match"), (.deepBlue, "data")] {
            #expect(line(service, endpoint).text.hasSuffix(" ✔") && line(service, endpoint).role == .ok)
        }
        for (service, endpoint) in [(OptoLinkService.optoLink, "data"), (.quberoute, "match")] {
            #expect(line(service, endpoint).text.hasSuffix(" ✘") && line(service, endpoint).role == .error)
        }
    }

    @Test func historiesStayBounded() {
        var state = DashboardState()
        for id in 0..<(DashboardState.Limits.timelineRows + 50) {
            DashboardReducer.reduce(
                &state, .diagnostic(.requestStarted(requestID: id, endpoint: "events", attempt: 1), time: Double(id)))
            DashboardReducer.reduce(&state, .diagnostic(.matchResult(nil), time: Double(id)))
        }
        for index in 0..<(DashboardState.Limits.logLines + 10) {
            DashboardReducer.reduce(&state, .log(.info, "line \(index)"))
        }
        #expect(state.timeline.count == DashboardState.Limits.timelineRows)
        #expect(state.timeline.first?.requestID == 50)
        #expect(state.matchAttempts.count == DashboardState.Limits.matchAttempts)
        #expect(state.log.count == DashboardState.Limits.logLines)
        #expect(state.log.last?.text == "line \(DashboardState.Limits.logLines + 9)")
    }

    @Test func serverAttemptsReplaceSDKRowsAndMergeByID() {
        var state = Fixtures.reduced(
            DashboardState(), [.diagnostic(.matchResult(LinkSummary(path: "/a", method: "CLIPBOARD")), time: 1)])
        #expect(state.matchAttempts.map(\.source) == [.sdk])
        let older = MatchAttempt(id: "a1", at: "2026-11-30T05:00:00.000Z", matched: false, method: "NONE")
        let newer = MatchAttempt(
            id: "a2", at: "2026-11-30T05:01:00.000Z", matched: true, method: "CLIPBOARD", path: "/a")
        DashboardReducer.reduce(&state, .matchAttemptsLoaded([older]))
        DashboardReducer.reduce(&state, .matchAttemptsLoaded([newer, older]))
        #expect(state.matchAttempts.map(\.id) == ["a2", "a1"])
        #expect(state.matchAttempts.allSatisfy { $0.source == .server })
    }

    @Test func selectionFollowsTheSameServerAttemptWhenNewOnesArrive() {
        let a1 = MatchAttempt(id: "a1", at: "2026-11-30T05:00:00.000Z", matched: false, method: "NONE")
        let a2 = MatchAttempt(id: "a2", at: "2026-11-30T05:01:00.000Z", matched: false, method: "NONE")
        let a3 = MatchAttempt(id: "a3", at: "2026-11-30T05:02:00.000Z", matched: false, method: "NONE")
        var state = Fixtures.reduced(
            DashboardState(), [.matchAttemptsLoaded([a2, a1]), .focus(.matches), .moveSelection(1)])
        #expect(state.selectedMatchAttempt?.id == "a1")
        DashboardReducer.reduce(&state, .matchAttemptsLoaded([a3]))
        #expect(state.selectedMatchAttempt?.id == "a1")
        DashboardReducer.reduce(&state, .moveSelection(5))
        #expect(state.selectedAttempt == 2)
        DashboardReducer.reduce(&state, .moveSelection(-9))
        #expect(state.selectedAttempt == 0)
    }

    @Test func editingAFingerprintFieldGoesThroughTheTextInput() {
        var state = Fixtures.reduced(
            DashboardState(), [.focus(.fingerprint), .moveSelection(4), .switchFingerprintSide])
        #expect(state.fingerprint.cursorField == .timezone)
        #expect(state.fingerprint.cursorSide == .browser)
        DashboardReducer.reduce(
            &state, .openOverlay(.textInput(purpose: .fingerprint(.browser, .timezone), text: "UTC")))
        DashboardReducer.reduce(&state, .inputBackspace)
        DashboardReducer.reduce(&state, .inputCharacter("+"))
        DashboardReducer.reduce(&state, .commitTextInput)
        #expect(state.fingerprint.browser.timezone == "UT+")
        #expect(state.fingerprint.app.timezone == FingerprintValues.demoPhone.timezone)
        #expect(state.fingerprint.differingFields == [.timezone])
        #expect(state.overlay == .none)
    }

    @Test func toggleNetworkMovesTheBrowserToAnotherWiFiAndBack() {
        var state = DashboardState()
        #expect(state.fingerprint.sameNetwork)
        DashboardReducer.reduce(&state, .toggleNetwork)
        #expect(!state.fingerprint.sameNetwork)
        #expect(state.fingerprint.browser.networkAddress == FingerprintValues.otherNetworkAddress)
        DashboardReducer.reduce(&state, .toggleNetwork)
        #expect(state.fingerprint.sameNetwork)
    }

    @Test func cycleThemeWrapsAround() {
        var state = DashboardState(themeName: "light", availableThemes: ["default", "light", "mono"])
        DashboardReducer.reduce(&state, .cycleTheme)
        #expect(state.themeName == "mono")
        DashboardReducer.reduce(&state, .cycleTheme)
        #expect(state.themeName == "default")
    }

    @Test func clearHistoryEmptiesAttemptsTimelineAndLogButKeepsTheDevice() {
        var state = Fixtures.deferredMatch()
        DashboardReducer.reduce(&state, .clearHistory)
        #expect(state.matchAttempts.isEmpty && state.timeline.isEmpty && state.log.isEmpty)
        #expect(state.profile.deviceId == "dev-7f3a")
    }

    @Test func deviceDiagnosticsUpdateTheProfile() {
        let state = Fixtures.reduced(
            DashboardState(),
            [
                .diagnostic(.sessionRegistered(deviceId: "d1", firstSeenAt: "F", lastSeenAt: "L"), time: 0),
                .diagnostic(.identityChanged(externalId: "user-42"), time: 1),
                .diagnostic(.eventQueued(name: "purchase", queued: 3), time: 2),
                .diagnostic(.eventSent(name: "purchase", queued: 2), time: 3),
                .diagnostic(.eventDropped(name: "huge", reason: "too large"), time: 4),
            ])
        #expect(state.profile.deviceId == "d1" && state.profile.firstSeenAt == "F" && state.profile.lastSeenAt == "L")
        #expect(state.profile.identity == "user-42")
        #expect(state.profile.queuedEvents == 2)
        #expect(state.log.last?.level == .warning)
    }

    @Test func scenarioVerdictLandsInTheHeader() {
        var state = Fixtures.reduced(DashboardState(), [.scenarioStarted(name: "flaky-server")])
        #expect(state.header.scenarioName == "flaky-server" && state.header.scenarioPassed == nil)
        DashboardReducer.reduce(
            &state, .scenarioFinished(name: "flaky-server", passed: true, detail: "waited 1 s, 2 s"))
        #expect(state.header.scenarioPassed == true)
        #expect(state.header.scenarioDetail == "waited 1 s, 2 s")
    }

    @Test func logScrollStopsAtAFullPageAndHoldsStillWhileNewLinesArrive() throws {
        // At 120×40 the log pane shows 5 lines: 20 lines scroll back at most 15, the oldest at the top.
        var state = DashboardState()
        let rows = try #require(DashboardLayout.compute(size: state.size, focus: state.focus).panes[.log]).inner.height
        #expect(rows == 5)
        for index in 0..<20 { DashboardReducer.reduce(&state, .log(.info, "\(index)")) }
        DashboardReducer.reduce(&state, .scrollLog(100))
        #expect(state.logScroll == 15)
        let top = DashboardRenderer.render(state, size: state.size)
        let logRect = try #require(DashboardLayout.compute(size: state.size, focus: state.focus).panes[.log])
        let shown = (0..<rows).map { top.lines[logRect.inner.y + $0] }
        #expect(shown.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0.contains("info") })
        #expect(shown.first?.contains("info  0") == true)
        #expect(shown.last?.contains("info  4") == true)
        DashboardReducer.reduce(&state, .scrollLog(-2))
        #expect(state.logScroll == 13)
        DashboardReducer.reduce(&state, .log(.info, "new"))
        #expect(state.logScroll == 14)
        // Fewer lines than the pane holds: nothing to scroll.
        var short = DashboardState()
        for index in 0..<3 { DashboardReducer.reduce(&short, .log(.info, "\(index)")) }
        DashboardReducer.reduce(&short, .scrollLog(10))
        #expect(short.logScroll == 0)
        // A taller terminal shows more lines (15 at 250×80): the scroll is clamped to its page.
        DashboardReducer.reduce(&state, .resize(ScreenSize(width: 250, height: 80)))
        #expect(state.logScroll == 21 - 15)
    }

    @Test func faultMenuCountStaysBetweenOneAndNinetyNine() {
        var state = Fixtures.reduced(
            DashboardState(),
            [
                .openOverlay(.faultMenu(selected: .status503, count: 2)),
                .adjustFaultCount(-5), .moveSelection(2),
            ])
        #expect(state.overlay == .faultMenu(selected: .timeout, count: 1))
        DashboardReducer.reduce(&state, .adjustFaultCount(500))
        #expect(state.overlay == .faultMenu(selected: .timeout, count: 99))
    }
}
