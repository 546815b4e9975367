import DashboardCore
import DashboardScenarios
import Foundation

/// Records the live dashboard's data actions to a session file (`--record FILE`, `W`).
///
/// ``record(_:fingerprint:)`` turns an action into a ``SessionEntry`` (view actions are skipped) stamped
/// with the dashboard's clock and the wall clock, and hands it to a ``SessionWriter``, whose thread does
/// the encoding and the writing: the render loop only queues. A recording started in the middle of a run
/// begins with entries that describe the screen's settings (service, target, links, scenarios, the device's
/// profile and fingerprint, where attach listens); the history before it is not in the file.
package final class SessionRecorder {
    /// The writer.
    package let writer: SessionWriter
    private let clock: any DashboardClock
    private let wallClock: @Sendable () -> Date

    /// Starts a recording to `url` (created or emptied).
    /// - Parameters:
    ///   - settings: the settings in force, for the header (keys masked).
    ///   - state: the dashboard's state now: its settings open the file.
    ///   - clock: the dashboard's clock (what ``DashboardAction/tick(now:)`` carries).
    ///   - wallClock: the wall clock (tests pass a fixed one).
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created.
    package init(
        url: URL, settings: SessionSettings, state: DashboardState, clock: any DashboardClock,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) throws(DashboardError) {
        self.clock = clock
        self.wallClock = wallClock
        writer = try SessionWriter(url: url, header: SessionHeader(settings: settings, createdAt: wallClock()))
        let now = clock.now()
        for action in Self.openingActions(state) {
            writer.append(SessionEntry(time: now, wall: wallClock(), action: action))
        }
    }

    /// Records `action` (nothing for a view action), and the fingerprint when the action changed it.
    package func record(_ action: DashboardAction, fingerprint: FingerprintPair? = nil) {
        if action.isRecorded {
            let time: Double
            if case .tick(let now) = action { time = now } else { time = clock.now() }
            record(action, at: time)
        }
        if let fingerprint {
            writer.append(
                SessionEntry(
                    time: clock.now(), wall: wallClock(),
                    action: .fingerprintChanged(app: fingerprint.app, browser: fingerprint.browser)))
        }
    }

    /// Records `action` as applied at clock time `time` (nothing for a view action): a headless run stamps an
    /// action with the time it was folded in, the same time its tick carries.
    package func record(_ action: DashboardAction, at time: Double) {
        if action.isRecorded { writer.append(SessionEntry(time: time, wall: wallClock(), action: action)) }
    }

    /// Writes what is queued and closes the file.
    package func stop() { writer.close() }

    /// The header and footer's status while recording.
    package var status: SessionStatus {
        var status = SessionStatus(mode: .recording, file: writer.url.path)
        status.dropped = writer.stats.dropped
        return status
    }

    /// The entries that bring a fresh state to `state`'s settings (not its history): the service first (it
    /// empties the device's panes), then target, links, scenarios, reachability, profile, fingerprint, attach.
    static func openingActions(_ state: DashboardState) -> [DashboardAction] {
        let header = state.header
        var actions: [DashboardAction] = [
            .providerChanged(header.provider),
            .targetChanged(url: header.targetURL, orgKey: header.orgKey, sdkVersion: header.sdkVersion),
            .linksChanged(header.links),
            .scenariosAvailable(state.scenarioNames),
            .scenarioExpectations(
                state.scenarioExpectations, skips: state.scenarioSkips, compare: state.compareExpectations),
        ]
        if let reachable = header.serverReachable { actions.append(.serverReachable(reachable)) }
        if let line = header.capabilities { actions.append(.capabilitiesProbed(line)) }
        actions.append(.deviceProfileChanged(state.profile))
        actions.append(.fingerprintChanged(app: state.fingerprint.app, browser: state.fingerprint.browser))
        if let attach = state.attach {
            actions.append(.attach(.listening(address: attach.listenAddress, token: attach.token)))
        }
        return actions
    }
}
