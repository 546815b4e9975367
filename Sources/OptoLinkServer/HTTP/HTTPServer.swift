#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// HTTP/1.1 on POSIX sockets: one accept thread plus one dedicated `Thread` per connection with
/// blocking I/O (never the cooperative pool). Keep-alive, Content-Length bodies, an idle timeout
/// between requests and a deadline per request (so byte-at-a-time clients cannot hold a thread),
/// a cap on concurrent connections (503 beyond it), SIGPIPE-safe writes, `shutdown` + `close` to stop.
final class HTTPServer: Sendable {
    /// Limits and timeouts.
    struct Limits: Sendable {
        /// Connections served at once; one more is answered 503 and closed. Default 512.
        var maxConnections = 512
        /// Seconds a keep-alive connection may sit idle between requests. Default 10.
        var idleTimeout: TimeInterval = 10
        /// Seconds from a request's first byte until it must be complete. Default 20.
        var requestTimeout: TimeInterval = 20
        /// Parser limits (16 KiB headers, 1 MiB body).
        var parser = HTTPParser.Limits()
    }

    /// Answers one parsed request: `(request, peer address, faults already applied)`.
    typealias Handler = @Sendable (HTTPRequest, String, Bool) -> RouterOutcome

    private struct State {
        var listenFD: Int32 = -1
        var port = 0
        var stopped = false
        var started = false
        var connections: Set<Int32> = []
        var active = 0
    }

    private let host: String
    private let requestedPort: Int
    private let limits: Limits
    private let handler: Handler
    private let state = Locked(State())
    private let finished = NSCondition()
    private let acceptDone = DispatchSemaphore(value: 0)

    init(host: String, port: Int, limits: Limits = Limits(), handler: @escaping Handler) {
        self.host = host
        self.requestedPort = port
        self.limits = limits
        self.handler = handler
    }

    /// The bound port (after `start`).
    var port: Int { state.withLock { $0.port } }

    /// Binds, listens and starts the accept thread; returns once connections are accepted.
    func start() throws(OptoLinkServerError) {
        signal(SIGPIPE, SIG_IGN)
        let alreadyStarted = state.withLock { s in
            defer { s.started = true }
            return s.started
        }
        guard !alreadyStarted else { throw .startup("server already started") }
        let (fd, port) = try Socket.listen(host: host, port: requestedPort)
        state.withLock { $0.listenFD = fd; $0.port = port }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "optolink-accept"
        thread.start()
    }

    /// Closes the listener and every connection, and waits (up to 5 s) for all threads to end.
    ///
    /// Descriptors are shut down while the state lock is held, and the threads that own them close
    /// them under the same lock, so `stop` never touches a descriptor number that was already
    /// closed and reused elsewhere in the process.
    func stop() {
        let wasRunning = state.withLock { s -> Bool in
            let running = s.started && !s.stopped
            s.stopped = true
            guard running else { return false }
            _ = shutdown(s.listenFD, Socket.shutdownBoth)
            for fd in s.connections { _ = shutdown(fd, Socket.shutdownBoth) }
            return true
        }
        guard wasRunning else { return }
        _ = acceptDone.wait(timeout: .now() + 5)
        finished.lock()
        let deadline = Date().addingTimeInterval(5)
        while state.withLock({ $0.active }) > 0, finished.wait(until: deadline) {}
        finished.unlock()
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

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
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
            }
            if fd < 0 {
                if isStopped { return }
                if errno == EINTR || errno == ECONNABORTED { continue }
                usleep(10_000)   // EMFILE and friends: back off briefly instead of spinning
                continue
            }
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let peer = Socket.describe(storage).host
            let admitted = state.withLock { s -> Bool? in
                if s.stopped { return nil }
                guard s.active < limits.maxConnections else { return false }
                s.active += 1
                s.connections.insert(fd)
                return true
            }
            switch admitted {
            case nil:
                close(fd)   // never registered, so no one else knows this descriptor
                return
            case false?:
                rejectOverCapacity(fd)
            case true?:
                let thread = Thread { [self] in serve(fd, peer: peer) }
                thread.name = "optolink-conn"
                thread.stackSize = 512 * 1024
                thread.start()
            }
        }
    }

    private func rejectOverCapacity(_ fd: Int32) {
        Socket.setTimeout(fd, option: SO_SNDTIMEO, seconds: 1)
        let error = OptoLinkServerError(status: 503, message: "Server busy: too many open connections (limit \(limits.maxConnections))")
        Socket.sendAll(fd, HTTPResponse.envelope(error, requestId: RandomToken.requestID()).serialized(keepAlive: false))
        _ = shutdown(fd, Socket.shutdownBoth)
        close(fd)
    }

    private func serve(_ fd: Int32, peer: String) {
        defer {
            state.withLock { s in
                s.connections.remove(fd)
                s.active -= 1
                close(fd)
            }
            finished.lock()
            finished.broadcast()
            finished.unlock()
        }
        Socket.setTimeout(fd, option: SO_SNDTIMEO, seconds: 10)
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var requestStarted: Date?
        var continueSent = false
        var receiveTimeout: TimeInterval?   // what SO_RCVTIMEO is set to: no setsockopt per keep-alive request
        while !isStopped {
            switch HTTPParser.parse(buffer, limits: limits.parser) {
            case .complete(let request, let consumed):
                buffer.removeFirst(consumed)
                requestStarted = buffer.isEmpty ? nil : Date()
                continueSent = false
                if let error = HTTPParser.headerProblem(request) {
                    Socket.sendAll(fd, HTTPResponse.envelope(error, requestId: RandomToken.requestID()).serialized(keepAlive: false))
                    lingeringClose(fd)
                    return
                }
                guard answer(request, fd: fd, peer: peer) else { return }
                continue
            case .failure(let error):
                Socket.sendAll(fd, HTTPResponse.envelope(error, requestId: RandomToken.requestID()).serialized(keepAlive: false))
                lingeringClose(fd)
                return
            case .incomplete:
                if !continueSent, HTTPParser.expectsContinue(buffer) {
                    continueSent = true
                    guard Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
                }
            }
            let timeout: TimeInterval
            if let started = requestStarted {
                timeout = limits.requestTimeout - Date().timeIntervalSince(started)
                if timeout <= 0 { return timeOut(fd) }
            } else {
                timeout = limits.idleTimeout
            }
            if timeout != receiveTimeout {
                Socket.setTimeout(fd, option: SO_RCVTIMEO, seconds: timeout)
                receiveTimeout = timeout
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                if requestStarted == nil { requestStarted = Date() }
                buffer.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                if requestStarted == nil { return }   // idle keep-alive connection: just close
                return timeOut(fd)
            } else {
                return
            }
        }
    }

    /// Runs the handler (with delay faults) and writes the answer; false = close the connection.
    private func answer(_ request: HTTPRequest, fd: Int32, peer: String) -> Bool {
        var faultsApplied = false
        while true {
            switch handler(request, peer, faultsApplied) {
            case .drop:
                return false
            case .delay(let seconds):
                faultsApplied = true
                let until = Date().addingTimeInterval(seconds)
                while Date() < until {
                    if isStopped { return false }
                    Thread.sleep(forTimeInterval: min(0.05, max(0, until.timeIntervalSinceNow)))
                }
            case .respond(let response):
                let keepAlive = request.keepAlive && !isStopped
                guard Socket.sendAll(fd, response.serialized(keepAlive: keepAlive)) else { return false }
                return keepAlive
            }
        }
    }

    private func timeOut(_ fd: Int32) {
        let error = OptoLinkServerError(status: 408, message: "Request timed out before it was complete")
        Socket.sendAll(fd, HTTPResponse.envelope(error, requestId: RandomToken.requestID()).serialized(keepAlive: false))
        _ = shutdown(fd, Socket.shutdownBoth)
    }

    /// After an error answer: stop writing, read (and discard) what the client is still sending for a
    /// moment so it sees the answer rather than a reset, then close.
    private func lingeringClose(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR_VALUE))
        Socket.setTimeout(fd, option: SO_RCVTIMEO, seconds: 0.5)
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var total = 0
        let deadline = Date().addingTimeInterval(1)
        while total < 4 * 1024 * 1024, Date() < deadline {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            total += n
        }
    }
}

#if os(Linux)
private let SHUT_WR_VALUE = Int32(SHUT_WR)
#else
private let SHUT_WR_VALUE = SHUT_WR
#endif
