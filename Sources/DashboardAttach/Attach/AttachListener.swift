import DashboardCore
import Foundation
import OptoLink
import OptoLinkInspectorWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The dashboard's end of the attach protocol: a TCP listener and every app connection, on one `Thread`
/// of its own polling them all (never the cooperative pool).
///
/// Nothing an app sends is trusted: a connection must say hello (this protocol's version, the pairing
/// token) within ``Limits/helloTimeout``, lines are at most 64 KiB, at most ``Limits/maxConnections``
/// connections are open at once (one more is told `full` and closed), and an app that does not read what
/// the dashboard sends it (more than ``Limits/maxPendingOutput`` bytes) is closed. A refused connection
/// gets a `refused` line saying why, then is closed; the listener goes on.
///
/// `@unchecked Sendable` is safe: the mutable shared state (`outgoing`, `stopping`, `wakeWrite`) is only
/// touched while `lock` is held; everything else belongs to the thread.
package final class AttachListener: @unchecked Sendable {
    /// The bounds.
    package struct Limits: Sendable {
        /// Connections open at once (attached or saying hello). Default 16.
        package var maxConnections = 16
        /// Seconds a new connection has to send its hello. Default 5.
        package var helloTimeout = 5.0
        /// Bytes waiting to be written to one app before it counts as not reading. Default 64 KiB.
        package var maxPendingOutput = 65_536
        /// Creates the default limits.
        package init() {}
    }

    /// The address bound, with the real port.
    package let address: AttachListenAddress
    private let token: PairingToken
    private let clock: any DashboardClock
    private let limits: Limits
    private let dashboardName: String
    private let handler: @Sendable (AttachListenerEvent) -> Void
    private let listenDescriptor: Int32
    private let wakeRead: Int32
    private let lock = NSLock()
    private var wakeWrite: Int32
    private var outgoing: [(connection: Int, bytes: [UInt8], closeReason: String?)] = []
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    /// Binds `address` and starts listening.
    /// - Parameters:
    ///   - address: where to listen (port 0: a free port, see ``address``).
    ///   - token: the pairing token hellos must carry.
    ///   - clock: the dashboard's clock (the time an app's hello arrived maps the app's clock onto it).
    ///   - dashboardName: the welcome's `dashboard`.
    ///   - limits: the bounds (defaults documented on ``Limits``).
    ///   - handler: receives every event, on the listener's thread (keep it fast).
    /// - Throws: ``DashboardError/usage(_:)`` when the address cannot be bound (in use, not this machine's).
    package init(
        address: AttachListenAddress, token: PairingToken, clock: any DashboardClock, dashboardName: String,
        limits: Limits = Limits(), handler: @escaping @Sendable (AttachListenerEvent) -> Void
    ) throws(DashboardError) {
        self.token = token
        self.clock = clock
        self.limits = limits
        self.dashboardName = dashboardName
        self.handler = handler
        let (descriptor, port) = try Self.bind(address)
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            _ = Self.closeDescriptor(descriptor)
            throw .usage("cannot create a pipe for the attach listener")
        }
        for end in pipeEnds { Self.configure(end) }
        listenDescriptor = descriptor
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        self.address = AttachListenAddress(host: address.host, port: port)
        let thread = Thread { [self] in run() }
        thread.name = "OptoLinkAttachListener"
        thread.start()
    }

    /// Sends `message` to a connection (dropped when it is gone). Returns at once.
    package func send(_ message: InspectorMessage, to connection: Int) {
        guard let line = InspectorLineCodec.encode(message) else { return }
        enqueue(connection, line, closeReason: nil)
    }

    /// Closes a connection after what is queued for it is written.
    package func close(_ connection: Int, reason: String) {
        enqueue(connection, [], closeReason: reason)
    }

    /// Closes every connection and the listener, and waits (at most 2 s) for the thread to end. Idempotent.
    package func stop() {
        lock.lock()
        let first = !stopping
        stopping = true
        lock.unlock()
        guard first else { return }
        wake()
        _ = done.wait(timeout: .now() + 2)
    }

    private func enqueue(_ connection: Int, _ bytes: [UInt8], closeReason: String?) {
        lock.lock()
        outgoing.append((connection, bytes, closeReason))
        lock.unlock()
        wake()
    }

    private func wake() {
        lock.lock()
        defer { lock.unlock() }
        guard wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The thread

    struct Connection {
        let descriptor: Int32
        let peer: String
        var framer = InspectorLineFramer()
        var output: [UInt8] = []
        var written = 0
        var attached = false
        var helloDeadline: Double
        /// Set once the connection is to be closed after its output is written.
        var closing: String?
        var closeDeadline: Double?
    }

    private func run() {
        var connections: [Int: Connection] = [:]
        var nextID = 1
        var scratch = [UInt8](repeating: 0, count: 65_536)
        func finish(_ id: Int, _ reason: String) {
            guard let connection = connections.removeValue(forKey: id) else { return }
            _ = shutdown(connection.descriptor, Int32(SHUT_RDWR))
            _ = Self.closeDescriptor(connection.descriptor)
            handler(.closed(connection: id, peer: connection.peer, reason: reason, wasAttached: connection.attached))
        }
        func refuse(_ id: Int, _ refusal: InspectorRefusal) {
            guard var connection = connections[id], connection.closing == nil else { return }
            if let line = InspectorLineCodec.encode(.refused(refusal)) { connection.output += line }
            connection.closing = "refused (\(refusal.reason)): \(refusal.message)"
            connection.closeDeadline = clock.now() + 1
            connections[id] = connection
            handler(.refused(connection: id, peer: connection.peer, refusal))
        }
        while true {
            lock.lock()
            let stop = stopping
            let queued = outgoing
            outgoing = []
            lock.unlock()
            if stop { break }
            for item in queued {
                guard var connection = connections[item.connection], connection.closing == nil else { continue }
                connection.output += item.bytes
                if let reason = item.closeReason {
                    connection.closing = reason
                    connection.closeDeadline = clock.now() + 1
                }
                connections[item.connection] = connection
                if connection.output.count - connection.written > limits.maxPendingOutput {
                    finish(item.connection, "the app does not read what the dashboard sends it")
                }
            }
            // Write what can go now; close what is finished.
            for (id, var connection) in connections {
                if let failure = Self.flush(&connection) {
                    finish(id, failure)
                    continue
                }
                connections[id] = connection
                if let reason = connection.closing, connection.written == connection.output.count {
                    finish(id, reason)
                }
            }
            // Poll the listener, the wake pipe and every connection, until the earliest deadline.
            let ids = Array(connections.keys)
            var descriptors = [
                pollfd(fd: listenDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            for id in ids {
                let connection = connections[id]!
                let wantsWrite = connection.written < connection.output.count
                descriptors.append(
                    pollfd(
                        fd: connection.descriptor, events: Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0), revents: 0
                    ))
            }
            let now = clock.now()
            let deadlines = connections.values.map { $0.closeDeadline ?? ($0.attached ? .infinity : $0.helloDeadline) }
            let nearest = deadlines.min() ?? .infinity
            let timeout: Int32 =
                nearest.isFinite ? Int32(max(0, min(60_000, ((nearest - now) * 1000).rounded(.up)))) : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { break }
            if descriptors[1].revents != 0 { Self.drain(wakeRead) }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                while let (descriptor, peer) = Self.accept(listenDescriptor) {
                    let id = nextID
                    nextID += 1
                    if connections.count >= limits.maxConnections {
                        let refusal = InspectorRefusal(
                            reason: .full, message: "this dashboard already has \(limits.maxConnections) apps attached")
                        // Reported before the app can read it, as every other refusal is (`refuse` queues the line).
                        handler(.refused(connection: id, peer: peer, refusal))
                        if let line = InspectorLineCodec.encode(.refused(refusal)) {
                            _ = Self.sendNow(descriptor, line)
                        }
                        _ = Self.closeDescriptor(descriptor)
                        continue
                    }
                    connections[id] = Connection(
                        descriptor: descriptor, peer: peer, helloDeadline: clock.now() + limits.helloTimeout)
                }
            }
            for (offset, id) in ids.enumerated() where descriptors[offset + 2].revents != 0 {
                guard var connection = connections[id] else { continue }
                let events = descriptors[offset + 2].revents
                guard events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { continue }
                let count = recv(connection.descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                if count == 0 {
                    finish(id, connection.closing ?? "the app closed the connection")
                    continue
                }
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                    finish(id, connection.closing ?? "the connection broke: \(String(cString: strerror(errno)))")
                    continue
                }
                guard connection.closing == nil else { continue }  // refused: what follows is ignored
                let lines = connection.framer.append(scratch[0..<count])
                let overflowed = connection.framer.overflowed
                connections[id] = connection
                for line in lines {
                    guard let current = connections[id], current.closing == nil else { break }
                    let decoding = InspectorLineCodec.decode(line)
                    if !current.attached {
                        switch AttachHandshake.judge(first: decoding, token: token) {
                        case .accept(let hello):
                            connections[id]?.attached = true
                            if let welcome = InspectorLineCodec.encode(
                                .welcome(InspectorWelcome(dashboard: dashboardName)))
                            {
                                connections[id]?.output += welcome
                            }
                            handler(.attached(connection: id, hello: hello, peer: current.peer, at: clock.now()))
                        case .refuse(let refusal):
                            refuse(id, refusal)
                        }
                    } else {
                        switch AttachHandshake.judge(later: decoding) {
                        case .forward(let message): handler(.message(connection: id, message))
                        case .skip: continue
                        case .refuse(let refusal): refuse(id, refusal)
                        }
                    }
                }
                if overflowed {
                    refuse(
                        id,
                        InspectorRefusal(
                            reason: .tooLong, message: "a line is longer than \(InspectorProtocol.maxLineBytes) bytes"))
                }
            }
            // Deadlines: no hello in time; a refused connection that does not go.
            let later = clock.now()
            for (id, connection) in connections {
                if let deadline = connection.closeDeadline, later >= deadline {
                    finish(id, connection.closing ?? "closed")
                } else if !connection.attached, connection.closing == nil, later >= connection.helloDeadline {
                    refuse(
                        id, InspectorRefusal(reason: .timeout, message: "no hello within \(Int(limits.helloTimeout)) s")
                    )
                }
            }
        }
        for id in Array(connections.keys) { finish(id, "the dashboard stopped") }
        lock.lock()
        _ = Self.closeDescriptor(wakeWrite)
        wakeWrite = -1
        lock.unlock()
        _ = Self.closeDescriptor(wakeRead)
        _ = Self.closeDescriptor(listenDescriptor)
        done.signal()
    }
}
