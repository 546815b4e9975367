/// The inspector's bounds and waits (the defaults are documented on ``OptoLinkInspector``; tests shorten them).
struct InspectorSettings: Sendable {
    /// Items the buffer holds before dropping the oldest.
    var bufferCapacity = OptoLinkInspector.bufferCapacity
    /// The first wait before reconnecting; it doubles after each failed attempt.
    var initialBackoff = 0.5
    /// The longest wait before reconnecting (the cap of the doubling).
    var maxBackoff = OptoLinkInspector.maxReconnectDelay
    /// How long the dashboard may take to answer the hello.
    var welcomeTimeout = 10.0
    /// Commands running at once; more are answered "busy".
    var maxRunningCommands = 8
}
