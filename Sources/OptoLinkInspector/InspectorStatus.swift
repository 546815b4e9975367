/// Where an ``OptoLinkInspector`` is, for a debug screen: its phase and its buffer.
public struct InspectorStatus: Sendable, Hashable {
    /// What the inspector is doing.
    public enum Phase: Sendable, Hashable {
        /// Connecting to the dashboard (`host:port` or the Bonjour service).
        case connecting(String)
        /// Connected, the hello sent, waiting for the dashboard's welcome.
        case waitingForWelcome(String)
        /// Welcomed: diagnostics stream to the dashboard.
        case streaming(String)
        /// Not connected; the next attempt is after `after` seconds (on the SDK's clock). `problem` says why.
        case waitingToRetry(after: Double, problem: String)
        /// ``OptoLinkInspector/stop()`` was called (or the token was unusable): nothing more happens.
        case stopped
    }

    /// What the inspector is doing.
    public var phase: Phase
    /// Items waiting in the buffer (at most ``OptoLinkInspector/bufferCapacity``).
    public var buffered: Int
    /// Items dropped from the full buffer since the inspector started (each is reported to the dashboard).
    public var dropped: Int
}
