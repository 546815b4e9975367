/// The connection on a platform with neither Network.framework nor Glibc sockets: closes at once, saying why.
final class UnavailableInspectorConnection: InspectorConnection {
    func start(events: @escaping @Sendable (InspectorConnectionEvent) -> Void) {
        events(.closed(reason: "attaching needs Network.framework (Apple platforms) or POSIX sockets (Linux)"))
    }
    func sendControl(_ line: [UInt8]) {}
    func startStreaming(from outbox: InspectorOutbox) {}
    func close(reason: String) {}
}
