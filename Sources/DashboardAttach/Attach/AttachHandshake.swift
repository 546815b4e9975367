import DashboardCore
import OptoLink
import OptoLinkInspectorWire

/// What the dashboard makes of the lines of one app connection: the first must be a hello of this
/// protocol version with the pairing token; later ones must be what an app sends.
///
/// A refusal never repeats the dashboard's token (anyone on the network could connect and read it).
package enum AttachHandshake {
    /// The verdict on a connection's first line.
    package enum Verdict: Sendable, Hashable {
        /// Attach this app: answer `welcome`.
        case accept(InspectorHello)
        /// Answer `refused` with this and close.
        case refuse(InspectorRefusal)
    }

    /// The verdict on a connection's first line.
    package static func judge(first decoding: InspectorDecoding, token: PairingToken) -> Verdict {
        switch decoding {
        case .refused(let refusal):
            return .refuse(refusal)
        case .unknownType(let type):
            return .refuse(
                InspectorRefusal(reason: .malformed, message: "the first line must be a hello, not '\(type)'"))
        case .message(.hello(let hello)):
            guard token.accepts(hello.token) else {
                return .refuse(
                    InspectorRefusal(
                        reason: .token,
                        message: "wrong pairing token: use the token this dashboard shows in its header "
                            + "(a new one at every start unless it was started with --token)"))
            }
            return .accept(hello)
        case .message(let message):
            return .refuse(
                InspectorRefusal(reason: .malformed, message: "the first line must be a hello, not '\(message.type)'"))
        }
    }

    /// What to do with a line after the hello.
    package enum Later: Sendable, Hashable {
        /// Pass it on.
        case forward(InspectorMessage)
        /// A line of a type this version does not know: skip it.
        case skip
        /// Answer `refused` with this and close.
        case refuse(InspectorRefusal)
    }

    /// What to do with a line after the hello: diagnostics, drops and command results go on; anything
    /// else (a second hello, a dashboard's line, a bad line) ends the connection.
    package static func judge(later decoding: InspectorDecoding) -> Later {
        switch decoding {
        case .refused(let refusal): return .refuse(refusal)
        case .unknownType: return .skip
        case .message(let message):
            switch message {
            case .diagnostic, .dropped, .commandResult: return .forward(message)
            case .hello, .welcome, .refused, .command:
                return .refuse(
                    InspectorRefusal(
                        reason: .malformed, message: "an app does not send '\(message.type)' after its hello"))
            }
        }
    }
}
