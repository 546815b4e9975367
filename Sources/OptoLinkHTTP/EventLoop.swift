import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread serving many connections with `poll` and non-blocking sockets: it reads, parses and
/// answers whatever is ready, writes what a socket takes (waiting for `POLLOUT` for the rest), and
/// keeps each connection's deadline: idle between requests, per request from its first byte, per
/// stalled write, per delay fault, per lingering close.
///
/// It replaces a blocking thread per connection: under keep-alive load every request then cost its
/// thread a sleep and a wake-up, and the context switches were a fifth of the server's CPU.
/// A loop answers every connection that is ready per wake-up.
/// `poll` rather than epoll: it is in Glibc's and Darwin's modules (epoll is not), and a loop holds
/// a few hundred descriptors at most (the connection cap is spread over the loops).
///
/// A request whose route may wait for the database (``RouterOutcome/offload(_:)``) goes to the server's
/// ``WorkerPool``; its connection is left out of the poll set until the worker's outcome comes back
/// through `completions` and the wake pipe, and the loop serves everyone else meanwhile.
///
/// `@unchecked Sendable`: the poll set, the connections, the scratch buffer and the timer are only
/// touched by the loop's own thread; other threads only call ``adopt(_:peer:)``, ``complete(_:_:)`` and
/// ``wake()``, which go through `incoming` and `completions` (under their locks) and the wake pipe
/// (whose descriptors live as long as the loop).
final class EventLoop: @unchecked Sendable {
    let server: HTTPServer
    private let limits: HTTPServer.Limits
    private let handler: HTTPServer.Handler
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// Connections accepted and not yet picked up by the loop thread.
    private let incoming = Locked([(fd: Int32, peer: String)]())
    /// Outcomes of requests that ran on a storage worker, not yet picked up by the loop thread.
    private let completions = Locked([(id: UInt64, outcome: RouterOutcome)]())
    /// Signalled when the loop thread has closed its connections and ended.
    let ended = DispatchSemaphore(value: 0)

    // Loop thread only.
    /// The poll set: `[0]` is the wake pipe, `[i]` the descriptor of `slots[i]` (-1 while it waits on a delay fault).
    var pollSet: [pollfd]
    var slots: [LoopConnection?]
    /// Open connections by id (a worker's outcome names its connection by id).
    var byID: [UInt64: LoopConnection] = [:]
    private var nextID: UInt64 = 0
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    /// No connection's deadline is earlier than this (monotonic ns).
    var nextCheck = UInt64.max

    private static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    /// `SO_SNDTIMEO` of the blocking server: a write that makes no progress for this long closes the connection.
    static let writeTimeout: TimeInterval = 10
    /// Lingering after an error answer: at most this long, this long without input, and this many bytes.
    static let lingerTime: TimeInterval = 1
    static let lingerQuiet: TimeInterval = 0.5
    static let lingerBytes = 4 * 1024 * 1024
    /// A request on a storage worker for longer than this has its connection closed (the database's busy
    /// timeout is 5 s; this only guards against a worker that never answers).
    private static let workerTimeout: TimeInterval = 60

    init(server: HTTPServer, limits: HTTPServer.Limits, handler: @escaping HTTPServer.Handler) throws(HTTPError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .startup("cannot create a pipe: \(Socket.errorText())") }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.server = server
        self.limits = limits
        self.handler = handler
        wakeRead = ends[0]
        wakeWrite = ends[1]
        pollSet = [pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)]
        slots = [nil]
    }

    deinit {
        closeDescriptor(wakeRead)
        closeDescriptor(wakeWrite)
    }

    /// Starts the loop thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "optolink-loop"
        thread.start()
    }

    /// Hands a new connection (already counted by the server) to the loop.
    func adopt(_ fd: Int32, peer: String) {
        incoming.withLock { $0.append((fd, peer)) }
        wake()
    }

    /// Hands the outcome of a request that ran on a storage worker back to the loop.
    func complete(_ id: UInt64, _ outcome: RouterOutcome) {
        completions.withLock { $0.append((id, outcome)) }
        wake()
    }

    /// Makes the loop thread look at `incoming`, `completions` and at whether the server stopped.
    func wake() {
        var byte: UInt8 = 1
        _ = writeDescriptor(wakeWrite, &byte, 1)  // a full pipe means a wake-up is already pending
    }

    // MARK: The loop

    private func run() {
        defer { end() }
        while !server.isStopped {
            let now = EventLoop.now()
            let timeout =
                nextCheck == .max ? -1 : Int32(clamping: nextCheck > now ? (nextCheck - now + 999_999) / 1_000_000 : 0)
            let ready = poll(&pollSet, nfds_t(pollSet.count), timeout)
            if ready < 0, errno != EINTR { usleep(1000) }
            if ready > 0 {
                // From the end: closing a connection moves the last one (already looked at) into its slot.
                var index = pollSet.count - 1
                while index >= 1 {
                    let events = pollSet[index].revents
                    if events != 0, let connection = slots[index] {
                        pollSet[index].revents = 0
                        handle(connection)
                    }
                    index -= 1
                }
                if pollSet[0].revents != 0 {
                    pollSet[0].revents = 0
                    var drain = [UInt8](repeating: 0, count: 64)
                    while read(wakeRead, &drain, drain.count) > 0 {}
                    adoptIncoming()
                    finishCompleted()
                }
            }
            expireDeadlines()
        }
    }

    /// Closes every connection (the server stopped) and signals `ended`.
    private func end() {
        for case let connection? in slots { close(connection) }
        for (fd, _) in takeIncoming() { server.release(fd) }
        ended.signal()
    }

    private func takeIncoming() -> [(fd: Int32, peer: String)] {
        incoming.withLock { (list: inout [(fd: Int32, peer: String)]) -> [(fd: Int32, peer: String)] in
            defer { list.removeAll() }
            return list
        }
    }

    private func adoptIncoming() {
        let new = takeIncoming()
        let now = EventLoop.now()
        for (fd, peer) in new {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            nextID &+= 1
            let connection = LoopConnection(fd: fd, peer: peer, id: nextID, limits: limits.parser)
            byID[connection.id] = connection
            connection.slot = pollSet.count
            pollSet.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            slots.append(connection)
            setDeadline(connection, now + EventLoop.nanoseconds(limits.idleTimeout))
        }
    }

    /// A connection's descriptor is ready (or in error, or hung up: the next read or write tells).
    private func handle(_ connection: LoopConnection) {
        switch connection.phase {
        case .reading: readAndServe(connection)
        case .writing(let after): if flush(connection, then: after) { serve(connection) }
        case .draining(let until, let total): drain(connection, until: until, total: total)
        case .delayed, .handling, .paused: break  // not polled
        }
    }

    private func expireDeadlines() {
        let now = EventLoop.now()
        guard now >= nextCheck else { return }
        var expired = [LoopConnection]()
        var next = UInt64.max
        for case let connection? in slots {
            if connection.deadline <= now { expired.append(connection) } else { next = min(next, connection.deadline) }
        }
        nextCheck = next
        for connection in expired { expire(connection) }
    }

    /// A connection's deadline passed.
    private func expire(_ connection: LoopConnection) {
        switch connection.phase {
        case .reading:
            // A request under way is answered 408; an idle keep-alive connection is just closed.
            if connection.requestStarted != nil { timeOut(connection) } else { close(connection) }
        case .writing, .draining, .handling:
            close(connection)
        case .paused(let after):
            connection.phase = .writing(then: after)
            pollSet[connection.slot].fd = connection.fd
            setDeadline(connection, EventLoop.now() + EventLoop.nanoseconds(EventLoop.writeTimeout))
            if flush(connection, then: after) { serve(connection) }
        case .delayed(let request):
            connection.phase = .reading
            pollSet[connection.slot].fd = connection.fd
            if answer(connection, request, stage: HandlingStage(faultsApplied: true)) { serve(connection) }
        }
    }

    // MARK: Requests

    private func readAndServe(_ connection: LoopConnection) {
        let n = scratch.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            if connection.requestStarted == nil { connection.requestStarted = EventLoop.now() }
            if connection.inputStart > 0 {  // drop the requests already answered (the parser counts from inputStart)
                connection.input.removeFirst(connection.inputStart)
                connection.inputStart = 0
            }
            scratch.withUnsafeBufferPointer { connection.input.append(contentsOf: $0[0..<n]) }
            serve(connection)
        } else if n == 0 || !(errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
            close(connection)
        }
    }

    /// Answers every complete request in the input, then waits for more (or for a write, a delay, the end).
    private func serve(_ connection: LoopConnection) {
        while true {
            if server.isStopped { return close(connection) }
            let start = connection.inputStart
            let outcome = connection.input.withUnsafeBufferPointer { input in
                connection.parser.parse(UnsafeBufferPointer(rebasing: input[start...]))
            }
            switch outcome {
            case .complete(let request, let consumed):
                connection.inputStart += consumed
                connection.parser.reset()
                if !connection.hasPendingInput {
                    connection.input.removeAll(keepingCapacity: connection.input.capacity <= 64 * 1024)
                    connection.inputStart = 0
                }
                connection.requestStarted = connection.hasPendingInput ? EventLoop.now() : nil
                connection.continueSent = false
                if let error = HTTPParser.headerProblem(request) {
                    _ = write(connection, envelope(error), then: .linger)
                    return
                }
                guard answer(connection, request, stage: HandlingStage()) else { return }
            case .failure(let error):
                _ = write(connection, envelope(error), then: .linger)
                return
            case .incomplete:
                if !connection.continueSent, connection.parser.expectsContinue {
                    connection.continueSent = true
                    guard write(connection, EventLoop.continueBytes, then: .keepServing) else { return }
                }
                let now = EventLoop.now()
                if let started = connection.requestStarted {
                    let deadline = started + EventLoop.nanoseconds(limits.requestTimeout)
                    if deadline <= now { return timeOut(connection) }
                    setDeadline(connection, deadline)
                } else {
                    setDeadline(connection, now + EventLoop.nanoseconds(limits.idleTimeout))
                }
                pollSet[connection.slot].events = Int16(POLLIN)
                return
            }
        }
    }

    /// Runs the handler and starts writing its answer; true when the connection goes on with the next request now.
    private func answer(_ connection: LoopConnection, _ request: HTTPRequest, stage: HandlingStage) -> Bool {
        finish(connection, request, handler(request, connection.peer, stage))
    }

    /// Does what the router decided; true when the connection goes on with the next request now.
    private func finish(_ connection: LoopConnection, _ request: HTTPRequest, _ outcome: RouterOutcome) -> Bool {
        switch outcome {
        case .drop:
            close(connection)
            return false
        case .delay(let seconds):
            // Not polled while it waits (a hang-up would be reported again and again); asked again at the deadline.
            connection.phase = .delayed(request)
            pollSet[connection.slot].fd = -1
            setDeadline(connection, EventLoop.now() + EventLoop.nanoseconds(seconds))
            return false
        case .offload(let from):
            // Not polled until the worker's outcome is back (pipelined requests wait, in order).
            var onWorker = from
            onWorker.onWorker = true
            let stage = onWorker
            connection.phase = .handling(request)
            pollSet[connection.slot].fd = -1
            setDeadline(connection, EventLoop.now() + EventLoop.nanoseconds(EventLoop.workerTimeout))
            let (id, peer, handler) = (connection.id, connection.peer, self.handler)
            let queued = server.workers.submit { [self] in complete(id, handler(request, peer, stage)) }
            if !queued { close(connection) }  // the server is stopping
            return false
        case .respond(let response):
            let keepAlive = request.keepAlive && !server.isStopped
            return write(
                connection, response.serialized(keepAlive: keepAlive, server: server.name),
                then: keepAlive ? .keepServing : .close)
        case .trickle(let response, let bytes, let interval):
            let keepAlive = request.keepAlive && !server.isStopped
            connection.pace = (max(1, bytes), EventLoop.nanoseconds(interval))
            return write(
                connection, response.serialized(keepAlive: keepAlive, server: server.name),
                then: keepAlive ? .keepServing : .close)
        }
    }

    /// Picks up the outcomes the storage workers sent back and goes on with their connections.
    private func finishCompleted() {
        let done = completions.withLock {
            (list: inout [(id: UInt64, outcome: RouterOutcome)]) -> [(id: UInt64, outcome: RouterOutcome)] in
            defer { list.removeAll() }
            return list
        }
        for (id, outcome) in done {
            // closed meanwhile
            guard let connection = byID[id], case .handling(let request) = connection.phase else { continue }
            connection.phase = .reading
            pollSet[connection.slot].fd = connection.fd
            if finish(connection, request, outcome) { serve(connection) }
        }
    }

    /// Answers 408 and closes: for the request's path when its head was parsed (the parser keeps it while
    /// the body arrives), else for no path (``HTTPError/path``).
    private func timeOut(_ connection: LoopConnection) {
        let error = HTTPError(
            status: 408, message: "Request timed out before it was complete", path: connection.parser.path)
        _ = write(connection, envelope(error), then: .timedOut)
    }

    private func envelope(_ error: HTTPError) -> [UInt8] {
        server.errorResponse(error).serialized(keepAlive: false, server: server.name)
    }
}

/// `close(2)` and `write(2)`, which the loop's own `close` and `write` methods hide.
private func closeDescriptor(_ fd: Int32) {
    close(fd)
}

private func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
