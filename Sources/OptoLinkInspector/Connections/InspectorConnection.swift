import OptoLinkInspectorWire

/// One TCP connection from the inspector to a dashboard, with its I/O off the cooperative thread pool:
/// POSIX sockets on a thread of their own on Linux (``SocketInspectorConnection``), `NWConnection` on
/// Apple platforms (``NetworkInspectorConnection``), a scripted double in tests.
///
/// The connection encodes what it writes and decodes what it reads on its own thread or queue; the
/// session only reacts to its ``InspectorConnectionEvent``s.
protocol InspectorConnection: AnyObject, Sendable {
    /// Starts connecting. `events` is called from the connection's thread or queue, in order: `.ready`
    /// (or straight `.closed`), then messages, and always last exactly one `.closed`.
    func start(events: @escaping @Sendable (InspectorConnectionEvent) -> Void)
    /// Writes `line` before anything of the outbox (the hello). Never blocks.
    func sendControl(_ line: [UInt8])
    /// From now on writes the outbox's items as fast as the dashboard reads them (a `dropped` line first
    /// when items were dropped). Never blocks: what the dashboard does not take stays in the outbox.
    func startStreaming(from outbox: InspectorOutbox)
    /// Closes the connection (idempotent); `.closed(reason)` follows if it was not closed yet.
    func close(reason: String)
}

/// What an ``InspectorConnection`` reports.
enum InspectorConnectionEvent: Sendable, Hashable {
    /// Connected: the hello can go.
    case ready
    /// A line from the dashboard.
    case message(InspectorMessage)
    /// The connection is over (refused, reset, closed by either side); nothing follows.
    case closed(reason: String)
}
