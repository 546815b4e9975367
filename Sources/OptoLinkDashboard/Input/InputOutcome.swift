/// What one key press produced: reducer actions to apply now, then commands for the handler.
public struct InputOutcome: Sendable, Hashable {
    /// Actions for ``DashboardReducer``, in order.
    public var actions: [DashboardAction]
    /// Commands for the ``DashboardCommandHandler`` (and `quit` for the app loop).
    public var commands: [DashboardCommand]

    /// Creates an outcome.
    public init(actions: [DashboardAction] = [], commands: [DashboardCommand] = []) {
        self.actions = actions
        self.commands = commands
    }

    /// Nothing happened.
    public static let ignored = InputOutcome()
}
