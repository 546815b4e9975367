import OptoLink
import OptoLinkInspectorWire

/// What the ``AttachListener`` reports, from its thread, in order per connection.
package enum AttachListenerEvent: Sendable, Hashable {
    /// An app's hello was accepted (the welcome is on its way); `at` is the dashboard clock's reading.
    case attached(connection: Int, hello: InspectorHello, peer: String, at: Double)
    /// A line from an attached app: a diagnostic, a drop count or a command result.
    case message(connection: Int, InspectorMessage)
    /// A connection was refused (and is being closed) before or after its hello.
    case refused(connection: Int, peer: String, InspectorRefusal)
    /// A connection is closed; `wasAttached` says whether it had been welcomed.
    case closed(connection: Int, peer: String, reason: String, wasAttached: Bool)
}
