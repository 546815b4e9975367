/// Executes the commands that need the device or the server (``DashboardRuntime`` implements it over the SDK
/// and the server).
///
/// Called on the app loop's thread; it must return quickly: start async work in a `Task` and report
/// results by pushing actions into the ``DashboardInbox``.
package protocol DashboardCommandHandler: AnyObject {
    /// Executes one command.
    /// - Parameters:
    ///   - command: the command (never a UI command; `quit` is handled by the app loop).
    ///   - state: the state when the key was pressed (fingerprints, profile…).
    ///   - inbox: where to push resulting actions, from any thread.
    func handle(_ command: DashboardCommand, state: DashboardState, inbox: DashboardInbox)
}
