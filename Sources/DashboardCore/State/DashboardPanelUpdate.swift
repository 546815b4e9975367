/// A tool's change of the dashboard's state (a lab run's progress, a compare's step): it applies itself to its
/// panel and to what it writes of the core's state (the log, the overlay, the match attempts). Reduced as
/// ``DashboardAction/panel(_:)``.
package protocol DashboardPanelUpdate: Sendable, Hashable {
    /// Applies the update to `state`.
    func apply(to state: inout DashboardState)
}

/// A panel update a session records (``DashboardAction``'s `Codable`): stored under ``recordName`` and read
/// back by the tool registered for that name (``DashboardRecordedUpdates``).
package protocol RecordedPanelUpdate: DashboardPanelUpdate, Codable {
    /// The key the update is stored under in a session file (`lab`, `compare`).
    static var recordName: String { get }
    /// Whether a session records this one (a lab run's progress ticks are not).
    var isRecorded: Bool { get }
}

extension RecordedPanelUpdate {
    /// Every update is recorded unless its type says otherwise.
    package var isRecorded: Bool { true }
}

/// A ``DashboardPanelUpdate`` as the value of an action, compared and hashed by value.
package struct PanelUpdate: Sendable, Hashable {
    /// The update.
    package let update: any DashboardPanelUpdate

    /// Wraps `update`.
    package init(_ update: any DashboardPanelUpdate) { self.update = update }

    /// The update as `type`, nil when it is another tool's.
    package func `as`<Update: DashboardPanelUpdate>(_ type: Update.Type) -> Update? { update as? Update }

    package static func == (lhs: PanelUpdate, rhs: PanelUpdate) -> Bool { isEqual(lhs.update, to: rhs.update) }

    package func hash(into hasher: inout Hasher) { update.hash(into: &hasher) }
}
