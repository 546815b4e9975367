import DashboardScenarios
import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import OptoLinkDashboard

@Suite("Diagnostics into the dashboard")
struct DiagnosticMapperTests {
    @Test func everyKindMapsOneToOneWithTheLaunchOffset() {
        let link = OptoLinkData(
            linkId: "l1", path: "/promo/summer", params: [:], matchType: .fingerprintScored,
            confidence: .medium, matchScore: 84, isDeferred: true)
        let summary = LinkSummary(
            linkId: "l1", path: "/promo/summer", method: "FINGERPRINT_SCORED", confidence: "medium",
            score: 84, isDeferred: true)
        let cases: [(Diagnostic.Kind, DiagnosticEvent)] = [
            (
                .requestStarted(requestID: 1, endpoint: .match, attempt: 1),
                .requestStarted(requestID: 11, endpoint: "match", attempt: 1)
            ),
            (
                .responseReceived(requestID: 1, endpoint: .linkData, attempt: 2, status: 503, duration: 0.2),
                .responseReceived(requestID: 11, endpoint: "data", attempt: 2, status: 503, duration: 0.2)
            ),
            (
                .requestFailed(requestID: 2, endpoint: .identityClear, attempt: 1, reason: "timed out", duration: 1),
                .requestFailed(requestID: 12, endpoint: "identity/clear", attempt: 1, reason: "timed out", duration: 1)
            ),
            (
                .retryScheduled(requestID: 1, endpoint: .events, attempt: 1, delay: 2),
                .retryScheduled(requestID: 11, endpoint: "events", attempt: 1, delay: 2)
            ),
            (
                .gaveUp(requestID: 1, endpoint: .session, attempts: 3, reason: "x"),
                .gaveUp(requestID: 11, endpoint: "session", attempts: 3, reason: "x")
            ),
            (
                .requestFinished(requestID: 1, endpoint: .identity, attempts: 1, status: nil),
                .requestFinished(requestID: 11, endpoint: "identity", attempts: 1, status: nil)
            ),
            (.matchResult(link), .matchResult(summary)),
            (.matchResult(nil), .matchResult(nil)),
            (.linkDelivered(link), .linkDelivered(summary)),
            (
                .sessionRegistered(deviceId: "d", firstSeenAt: "a", lastSeenAt: "b"),
                .sessionRegistered(deviceId: "d", firstSeenAt: "a", lastSeenAt: "b")
            ),
            (.identityChanged(externalId: nil), .identityChanged(externalId: nil)),
            (.eventQueued(name: "e", queued: 2), .eventQueued(name: "e", queued: 2)),
            (.eventSent(name: "e", queued: 1), .eventSent(name: "e", queued: 1)),
            (.eventDropped(name: "e", reason: "r"), .eventDropped(name: "e", reason: "r")),
            (.log(level: .warning, message: "m"), .log(level: .warning, message: "m")),
            (.log(level: .error, message: "m"), .log(level: .error, message: "m")),
        ]
        for (kind, expected) in cases {
            #expect(DiagnosticMapper.event(kind, idOffset: 10) == expected)
        }
    }

    @Test func aRelaunchKeepsTheDeviceAndItsRequestsGetNewTimelineRows() async throws {
        let server = try EmbeddedServer.start()
        defer { server.stop() }
        let device = SimulatedDevice(
            settings: DeviceSettings(target: .demo(.optoLink, baseURL: server.baseURL), backoffBase: 0.05))
        try await device.installAndLaunch()
        _ = await device.resolveDeferredLink()
        let id = await device.deviceId
        try await device.relaunch()
        #expect(await device.recorder.wait(timeout: 10) { $0.requests.contains { $0.launch == 2 && $0.isFinished } })
        #expect(await device.deviceId == id)
        let install = await device.installNumber
        let launches = await device.launchCount
        #expect(install == 1 && launches == 2)
        // The SDK numbers requests from 1 in each instance; the dashboard's ids do not collide.
        var state = DashboardState()
        for record in device.recorder.diagnostics {
            DashboardReducer.reduce(&state, .diagnostic(record.event, time: record.time))
        }
        #expect(state.timeline.map(\.endpoint) == ["match", "session"])
        #expect(Set(state.timeline.map(\.requestID)).count == 2)
        await device.stopSDK()
    }

    @Test func headlessLinesCarryTheTimeSinceTheScenarioStarted() {
        let sink = LineSink()
        let now = LockedClock(100)
        let printer = TimelinePrinter(now: { now.value }, write: { sink.write($0) })
        printer.handle(.scenarioStarted(name: "flaky-server"))
        printer.handle(
            .diagnostic(.retryScheduled(requestID: 3, endpoint: "match", attempt: 1, delay: 1), time: 101.25))
        printer.handle(.deviceProfileChanged(DeviceProfile()))  // not a timeline line
        #expect(sink.lines == ["── flaky-server", "    +1.250s  match #3 retry after 1.0s (attempt 1 failed)"])
    }
}

/// A settable time for the printer test.
final class LockedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Double
    init(_ value: Double) { stored = value }
    var value: Double {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
