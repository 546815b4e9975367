/// A dashboard to try: a label for the log and a way to open a connection to it.
struct InspectorCandidate: Sendable {
    /// `host:port`, or the Bonjour service's name.
    let label: String
    /// Opens a new (not yet started) connection.
    let connect: @Sendable () -> any InspectorConnection
}

/// Finds the dashboards to try now, in order (an empty list: none found, the session waits and asks again).
typealias InspectorResolver = @Sendable () async -> [InspectorCandidate]
