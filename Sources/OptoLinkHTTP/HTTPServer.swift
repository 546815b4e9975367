import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP/1.1 on POSIX sockets: one accept thread, a few ``EventLoop`` threads that serve every
/// connection with non-blocking I/O, and a ``WorkerPool`` for the requests that may wait for the
/// database (never the cooperative pool). Keep-alive, Content-Length bodies,
/// an idle timeout between requests and a deadline per request (so byte-at-a-time clients cannot hold
/// a connection), a cap on concurrent connections and a smaller one per peer address (503 beyond
/// either, so one address cannot take every connection), SIGPIPE-safe writes, `shutdown` + `close` to stop.
package final class HTTPServer: Sendable {
    /// Limits and timeouts.
    package struct Limits: Sendable {
        /// Connections served at once; one more is answered 503 and closed. Default 512.
        package var maxConnections = 512
        /// Connections served at once from one peer address (the socket's, not `X-Forwarded-For`); one
        /// more is answered 503 and closed. Default 64: an eighth of the global cap, far above what a
        /// browser (6 per host) or an app opens, so one address cannot starve the others.
        package var maxConnectionsPerAddress = 64
        /// Seconds a keep-alive connection may sit idle between requests. Default 10.
        package var idleTimeout: TimeInterval = 10
        /// Seconds from a request's first byte until it must be complete. Default 20.
        package var requestTimeout: TimeInterval = 20
        /// Parser limits (16 KiB headers, 1 MiB body).
        package var parser = HTTPParser.Limits()
        /// Event-loop threads the connections are spread over. Default: the active cores, at least 2
        /// (so a slow handler on one loop never stops the server).
        package var eventLoops = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// Storage worker threads: requests that may wait for the database run there, one at a time each,
        /// so a slow write stalls at most these and never an event loop. Default 4.
        package var storageWorkers = 4

        /// The defaults.
        package init() {}
    }

    /// Answers one parsed request: `(request, peer address, how far it already got)`.
    package typealias Handler = @Sendable (HTTPRequest, String, HandlingStage) -> RouterOutcome

    private struct State {
        var listenFD: Int32 = -1
        var port = 0
        var stopped = false
        var started = false
        /// Admitted descriptors and their peer addresses.
        var connections: [Int32: String] = [:]
        /// Admitted connections per peer address (no entry at 0).
        var perAddress: [String: Int] = [:]
        var active = 0
        var loops: [EventLoop] = []
        var nextLoop = 0
    }

    private let host: String
    private let requestedPort: Int
    private let limits: Limits
    private let handler: Handler
    /// What an error the layer answers itself becomes on the wire (see ``HTTPError``).
    let errorResponse: @Sendable (HTTPError) -> HTTPResponse
    /// The `Server` header of every answer that has none of its own (nil: none).
    let name: String?
    private let state = Locked(State())
    private let finished = NSCondition()
    private let acceptDone = DispatchSemaphore(value: 0)
    /// Where `.offload` outcomes run.
    let workers: WorkerPool

    /// A server on `host:port` (port 0: any free port, read back with ``port`` after ``start()``).
    ///
    /// `errorResponse` writes the answers the layer gives without asking `handler` (a malformed
    /// request, a 408, a 503 over a cap; ``HTTPError/path`` names the request's path when the layer read
    /// its request line); the default is ``HTTPResponse/plainError(_:)``. `name` is the `Server` header of
    /// every answer without one of its own (default none).
    package init(
        host: String, port: Int, limits: Limits = Limits(),
        errorResponse: @escaping @Sendable (HTTPError) -> HTTPResponse = HTTPResponse.plainError,
        name: String? = nil, handler: @escaping Handler
    ) {
        self.host = host
        self.name = name
        self.errorResponse = errorResponse
        self.requestedPort = port
        self.limits = limits
        self.handler = handler
        workers = WorkerPool(threads: limits.storageWorkers)
    }

    /// The bound port (after `start`).
    package var port: Int { state.withLock { $0.port } }

    /// Binds, listens and starts the accept thread; returns once connections are accepted.
    package func start() throws(HTTPError) {
        signal(SIGPIPE, SIG_IGN)
        let alreadyStarted = state.withLock { s in
            defer { s.started = true }
            return s.started
        }
        guard !alreadyStarted else { throw .startup("server already started") }
        let (fd, port) = try Socket.listen(host: host, port: requestedPort)
        var loops = [EventLoop]()
        do {
            for _ in 0..<max(1, limits.eventLoops) {
                loops.append(try EventLoop(server: self, limits: limits, handler: handler))
            }
        } catch {
            close(fd)
            throw error
        }
        state.withLock {
            $0.listenFD = fd
            $0.port = port
            $0.loops = loops
        }
        workers.start()
        for loop in loops { loop.start() }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "optolink-accept"
        thread.start()
    }

    /// Closes the listener and every connection, and waits (up to 5 s) for the accept thread and the
    /// event loops to end.
    ///
    /// Descriptors are shut down while the state lock is held, and the loops that own them close
    /// them under the same lock (``release(_:)``), so `stop` never touches a descriptor number that
    /// was already closed and reused elsewhere in the process.
    package func stop() {
        let (wasRunning, loops) = state.withLock { s -> (Bool, [EventLoop]) in
            let running = s.started && !s.stopped
            s.stopped = true
            guard running else { return (false, []) }
            _ = shutdown(s.listenFD, Socket.shutdownBoth)
            for fd in s.connections.keys { _ = shutdown(fd, Socket.shutdownBoth) }
            defer { s.loops = [] }  // the loops refer to the server: no cycle once stopped
            return (true, s.loops)
        }
        guard wasRunning else { return }
        for loop in loops { loop.wake() }
        let deadline = Date().addingTimeInterval(5)
        _ = acceptDone.wait(timeout: .now() + 5)
        finished.lock()
        while state.withLock({ $0.active }) > 0, finished.wait(until: deadline) {}
        finished.unlock()
        for loop in loops { _ = loop.ended.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) }
        workers.stop(waiting: max(0.1, deadline.timeIntervalSinceNow))
    }

    /// Whether `stop` was called.
    package var isStopped: Bool { state.withLock { $0.stopped } }

    /// Forgets and closes a connection's descriptor (its loop is done with it). Under the state lock,
    /// so `stop` never shuts down a descriptor number that was closed and reused elsewhere.
    func release(_ fd: Int32) {
        state.withLock { s in
            if let peer = s.connections.removeValue(forKey: fd) {
                let left = (s.perAddress[peer] ?? 1) - 1
                s.perAddress[peer] = left > 0 ? left : nil
            }
            s.active -= 1
            close(fd)
        }
        finished.lock()
        finished.broadcast()
        finished.unlock()
    }

    private func acceptLoop(_ listenFD: Int32) {
        defer {
            state.withLock { s in
                close(listenFD)
                s.listenFD = -1
            }
            acceptDone.signal()
        }
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Socket.accept(listenFD, $0, &length) }
            }
            if fd < 0 {
                if isStopped { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                usleep(10_000)  // EMFILE and friends: back off briefly instead of spinning
                continue
            }
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let peer = Socket.describe(storage).host
            // Handed to a loop under the lock: `stop` (which sets `stopped` under it) then knows every
            // admitted connection is in some loop's hands, and the loops close them all.
            let refusal = state.withLock { s -> HTTPError?? in
                if s.stopped { return .none }
                guard s.active < limits.maxConnections else {
                    return HTTPError(
                        status: 503, message: "Server busy: too many open connections (limit \(limits.maxConnections))")
                }
                let fromPeer = s.perAddress[peer] ?? 0
                guard fromPeer < limits.maxConnectionsPerAddress else {
                    return HTTPError(
                        status: 503,
                        message: "Too many open connections from your address "
                            + "(limit \(limits.maxConnectionsPerAddress)): close one, or reuse it with keep-alive")
                }
                s.active += 1
                s.connections[fd] = peer
                s.perAddress[peer] = fromPeer + 1
                s.loops[s.nextLoop % s.loops.count].adopt(fd, peer: peer)
                s.nextLoop &+= 1
                return .some(nil)
            }
            switch refusal {
            case .none:
                close(fd)  // never registered, so no one else knows this descriptor
                return
            case .some(let error?):
                reject(fd, error)
            case .some(nil):
                break
            }
        }
    }

    /// Answers a connection over a cap with `error` (a 503 with the envelope) and closes it.
    private func reject(_ fd: Int32, _ error: HTTPError) {
        Socket.setTimeout(fd, option: SO_SNDTIMEO, seconds: 1)
        Socket.sendAll(fd, errorResponse(error).serialized(keepAlive: false, server: name))
        _ = shutdown(fd, Socket.shutdownBoth)
        close(fd)
    }
}
