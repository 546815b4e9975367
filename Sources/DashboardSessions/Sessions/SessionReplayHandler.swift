import DashboardCore

/// The command handler of a recorded session: there is no device or server to drive, so each device key
/// says so in the log (the view keys, exports and the replay keys work as in the live dashboard).
package final class SessionReplayHandler: DashboardCommandHandler {
    /// Creates the handler.
    package init() {}

    /// Logs that `command` needs the live dashboard.
    package func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox) {
        inbox.send(.log(.info, "a recorded session has no device or server: start optolink-dash without --open to act"))
    }
}
