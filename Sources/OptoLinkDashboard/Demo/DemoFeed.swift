/// PHASE-1 DEMO FEED: a scripted sample of what the real device and server will report.
///
/// Phase 2 replaces it with the simulated device (real SDK + `OptoLinkTesting` doubles) and the embedded
/// server; nothing else depends on it. It exists so `optolink-dash` shows a populated screen before then.
public enum DemoFeed {
    /// The actions that build the sample screen, with clock times relative to `start`.
    public static func initialActions(start t: Double) -> [DashboardAction] {
        let summer = MatchCandidate(shortCode: "summer", path: "/promo/summer", ageSeconds: 42,
                                    points: [.ip: 30, .platform: 10, .osVersion: 8, .language: 10, .timezone: 0, .deviceModel: 12, .recency: 9],
                                    total: 79)
        let flash = MatchCandidate(shortCode: "flash", path: "/promo/flash", ageSeconds: 1300,
                                   points: [.ip: 30, .platform: 10, .recency: 7], total: 47)
        return [
            .targetChanged(url: "http://127.0.0.1:8787 (phase-1 demo feed)", orgKey: "demo", sdkVersion: "demo"),
            .serverReachable(true),
            .scenariosAvailable(["direct-open", "deferred-clipboard", "deferred-scored-medium", "flaky-server", "server-down"]),
            .deviceProfileChanged(DeviceProfile(deviceId: "", installNumber: 1, isFirstLaunch: true, clipboardReadingEnabled: true)),
            .log(.info, "phase-1 demo feed: sample data, commands are not executed yet"),
            .diagnostic(.requestStarted(requestID: 1, endpoint: "session", attempt: 1), time: t),
            .diagnostic(.responseReceived(requestID: 1, endpoint: "session", attempt: 1, status: 200, duration: 0.04), time: t + 0.04),
            .diagnostic(.requestFinished(requestID: 1, endpoint: "session", attempts: 1, status: 200), time: t + 0.04),
            .diagnostic(.sessionRegistered(deviceId: "d3m0-6f1c-4a2b-9e77-5a1d0c0ffee1", firstSeenAt: "2026-11-30T05:00:00.120Z",
                                           lastSeenAt: "2026-11-30T05:00:00.120Z"), time: t + 0.05),
            .diagnostic(.requestStarted(requestID: 2, endpoint: "match", attempt: 1), time: t + 0.1),
            .diagnostic(.responseReceived(requestID: 2, endpoint: "match", attempt: 1, status: 200, duration: 0.06), time: t + 0.16),
            .diagnostic(.requestFinished(requestID: 2, endpoint: "match", attempts: 1, status: 200), time: t + 0.16),
            .diagnostic(.matchResult(LinkSummary(path: "/promo/summer", method: "FINGERPRINT_SCORED", confidence: "medium",
                                                 score: 79, isDeferred: true)), time: t + 0.16),
            .matchAttemptsLoaded([
                MatchAttempt(id: "ma_0002", at: "2026-11-30T05:00:00.160Z", matched: true, method: "FINGERPRINT_SCORED",
                             confidence: "medium", score: 79, path: "/promo/summer",
                             breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: [summer, flash])),
                MatchAttempt(id: "ma_0001", at: "2026-11-30T04:58:10.000Z", matched: false, method: "NONE",
                             breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: [])),
            ]),
            .diagnostic(.linkDelivered(LinkSummary(path: "/promo/summer", method: "FINGERPRINT_SCORED", confidence: "medium",
                                                   score: 79, isDeferred: true)), time: t + 0.17),
        ]
    }
}
