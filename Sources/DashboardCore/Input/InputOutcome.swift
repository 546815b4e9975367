/// What one key press produced: reducer actions to apply now, then commands for the handler.
package struct InputOutcome: Sendable, Hashable {
    /// Actions for ``DashboardReducer``, in order.
    package var actions: [DashboardAction]
    /// Commands for the ``DashboardCommandHandler`` (and `quit` for the app loop).
    package var commands: [DashboardCommand]

    /// Creates an outcome.
    package init(actions: [DashboardAction] = [], commands: [DashboardCommand] = []) {
        self.actions = actions
        self.commands = commands
    }

    /// Nothing happened.
    package static let ignored = InputOutcome()
}
