import OptoLink
import OptoLinkInspectorWire

/// What happens in attach mode, as ``DashboardAction/attach(_:)``: fed by ``AttachController`` from the
/// listener, and by the device list's keys.
package enum AttachAction: Sendable, Hashable, Codable {
    /// The dashboard listens at `address` for apps bringing `token`.
    case listening(address: String, token: String)
    /// An app attached (or came back) as device `key`.
    case deviceAttached(key: Int, hello: InspectorHello, peer: String, returning: Bool)
    /// A diagnostic of device `key`, already mapped (request ids shifted, time on the dashboard's clock).
    case diagnostic(key: Int, DiagnosticEvent, time: Double)
    /// Device `key`'s inspector dropped `count` diagnostics.
    case dropped(key: Int, count: Int)
    /// A command was sent to device `key`.
    case commandSent(key: Int, id: Int, name: String)
    /// Device `key` answered a command.
    case commandResult(key: Int, InspectorCommandResult)
    /// Device `key` disconnected.
    case deviceGone(key: Int, reason: String)
    /// The backend's `/dev/match-attempts` for device `key`.
    case matchAttemptsLoaded(key: Int, [MatchAttempt])
    /// Show device `key` in the panes.
    case show(key: Int)
    /// Forget the gone devices.
    case clearGone
    /// A device was evicted to make room for a new one.
    case evicted(key: Int)
    /// A connection was refused or closed before attaching (wrong token, another version, bad lines, full).
    case connectionRefused(peer: String, InspectorRefusal)
}

extension AttachAction {
    /// The action with the pairing token, and what the app sent of it, masked: what a session file stores.
    package var masked: AttachAction {
        switch self {
        case .listening(let address, let token): return .listening(address: address, token: SecretMask.key(token))
        case .deviceAttached(let key, var hello, let peer, let returning):
            hello.token = SecretMask.key(hello.token)
            return .deviceAttached(key: key, hello: hello, peer: peer, returning: returning)
        default: return self
        }
    }
}
