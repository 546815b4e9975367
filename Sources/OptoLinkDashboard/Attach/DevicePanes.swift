/// The part of ``DashboardState`` that belongs to one device: what the panes show. The shown device's
/// panes live in the state itself; the others wait here, swapped in to be updated or shown.
public struct DevicePanes: Sendable, Hashable {
    /// The profile pane.
    public var profile = DeviceProfile()
    /// The fingerprint pane's app side.
    public var fingerprintApp = FingerprintValues.demoPhone
    /// Match attempts, newest first.
    public var matchAttempts: [MatchAttempt] = []
    /// The selected attempt.
    public var selectedAttempt = 0
    /// The last link delivered.
    public var lastDelivered: LinkSummary?
    /// Timeline rows.
    public var timeline: [TimelineRow] = []
    /// The timeline's viewport.
    public var timelineView = TimelineViewport()
    /// Recorded HTTP exchanges (none for an attached app: its transport is not on the wire).
    public var exchanges: [HTTPExchange] = []
    /// Log lines.
    public var log: [LogLine] = []
    /// The log's scroll.
    public var logScroll = 0
    /// Counter of SDK match-attempt ids.
    public var sdkAttemptCounter = 0

    /// Empty panes.
    public init() {}

    /// Exchanges these panes with the state's (the state then shows them).
    public mutating func swap(with state: inout DashboardState) {
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
