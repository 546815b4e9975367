/// The part of ``DashboardState`` that belongs to one device: what the panes show. The shown device's
/// panes live in the state itself; the others wait here, swapped in to be updated or shown.
package struct DevicePanes: Sendable, Hashable {
    /// The profile pane.
    package var profile = DeviceProfile()
    /// The fingerprint pane's app side.
    package var fingerprintApp = FingerprintValues.demoPhone
    /// Match attempts, newest first.
    package var matchAttempts: [MatchAttempt] = []
    /// The selected attempt.
    package var selectedAttempt = 0
    /// The last link delivered.
    package var lastDelivered: LinkSummary?
    /// Timeline rows.
    package var timeline: [TimelineRow] = []
    /// The timeline's viewport.
    package var timelineView = TimelineViewport()
    /// Recorded HTTP exchanges (none for an attached app: its transport is not on the wire).
    package var exchanges: [HTTPExchange] = []
    /// Log lines.
    package var log: [LogLine] = []
    /// The log's scroll.
    package var logScroll = 0
    /// Counter of SDK match-attempt ids.
    package var sdkAttemptCounter = 0

    /// Empty panes.
    package init() {}

    /// Exchanges these panes with the state's (the state then shows them).
    package mutating func swap(with state: inout DashboardState) {
        Swift.swap(&profile, &state.profile)
        Swift.swap(&fingerprintApp, &state.fingerprint.app)
        Swift.swap(&matchAttempts, &state.matchAttempts)
        Swift.swap(&selectedAttempt, &state.selectedAttempt)
        Swift.swap(&lastDelivered, &state.lastDelivered)
        Swift.swap(&timeline, &state.timeline)
        Swift.swap(&timelineView, &state.timelineView)
        Swift.swap(&exchanges, &state.exchanges)
        Swift.swap(&log, &state.log)
        Swift.swap(&logScroll, &state.logScroll)
        Swift.swap(&sdkAttemptCounter, &state.sdkAttemptCounter)
    }
}
