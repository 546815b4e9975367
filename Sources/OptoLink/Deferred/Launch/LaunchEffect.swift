import Foundation

/// Work ``LaunchMachine`` asks the ``LaunchCoordinator`` to do. The coordinator runs each in order: the
/// quick ones at once, the long ones (the pasteboard read, the clock wait, `/match`, `/sdk/session`) in tasks
/// of their own, whose results come back as ``LaunchEvent``s.
enum LaunchEffect: Sendable, Equatable {
    /// Resume the task waiting as `waiter` with `reply`.
    case resume(waiter: Int, reply: LaunchReply)
    /// Read the pasteboard's click token; then ``LaunchEvent/tokenRead(_:)``.
    case readToken
    /// Stop the pasteboard read (it still reports ``LaunchEvent/tokenRead(_:)`` when it returns).
    case cancelTokenRead
    /// Wait `seconds` on the SDK's clock; then ``LaunchEvent/tokenWaitExpired``.
    case startTokenTimer(seconds: TimeInterval)
    /// Stop that wait.
    case stopTokenTimer
    /// Send `/match` with `token`, then have the resolver mark the first launch done and clear the token;
    /// then ``LaunchEvent/matchEnded(_:)``.
    case match(token: DeferredLinkResolver.ReadToken?)
    /// Cancel `/match` in flight.
    case cancelMatch
    /// The session rule: `/sdk/session` unless already sent; then ``LaunchEvent/sessionRegistrationEnded``.
    case registerSession
    /// Hand `link` to the app and, when it was taken, emit ``DiagnosticKind/linkDelivered(_:)``.
    case deliver(OptoLinkData)
    /// Emit a diagnostic.
    case emit(Diagnostic.Kind)
    /// Write a log line.
    case log(LogLevel, String)
    /// Remember that the backend knows this device.
    case markRegistered
    /// Set the stored first-launch flag.
    case markFirstLaunchDone
    /// Unset the stored first-launch flag.
    case markFirstLaunchPending
}
