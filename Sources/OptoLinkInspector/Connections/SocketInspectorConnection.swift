#if canImport(Glibc)
import Foundation
import Glibc
import OptoLinkInspectorWire

/// An ``InspectorConnection`` over a POSIX TCP socket, for Linux: everything blocking (name
/// resolution, `connect`, `poll`) happens on a `Thread` of its own, never on the cooperative pool.
///
/// The thread polls the socket and a self-pipe: writes to the pipe (a control line, streaming started,
/// an outbox push after a drain, ``close(reason:)``) wake it. Writes are non-blocking (`MSG_DONTWAIT`,
/// and `MSG_NOSIGNAL` so a closed dashboard never raises `SIGPIPE`): when the dashboard stops reading,
/// the kernel's buffer fills, the thread stops taking from the outbox, and the outbox drops its oldest
/// items. At most one batch (64 lines) is held here beyond the outbox.
///
/// `@unchecked Sendable` is safe: the mutable properties are only touched while `lock` is held; the
/// socket and the pipe's read end belong to the thread.
final class SocketInspectorConnection: InspectorConnection, @unchecked Sendable {
    /// The dashboard's host name or address.
    let host: String
    /// The dashboard's port.
    let port: Int
    /// Seconds `connect` may take (real time: the operating system's, not the SDK's clock). Default 5.
    let connectTimeout: Double

    private let lock = NSLock()
    private var control: [[UInt8]] = []
    private var outbox: InspectorOutbox?
    private var closeReason: String?
    private var wakeDescriptor: Int32 = -1
    private var started = false

    /// Creates a connection to `host:port` (nothing happens before ``start(events:)``).
    init(host: String, port: Int, connectTimeout: Double = 5) {
        self.host = host
        self.port = port
        self.connectTimeout = connectTimeout
    }

    func start(events: @escaping @Sendable (InspectorConnectionEvent) -> Void) {
        lock.lock()
        guard !started else { return lock.unlock() }
        started = true
        lock.unlock()
        let thread = Thread { [self] in run(events) }
        thread.name = "OptoLinkInspector"
        thread.start()
    }

    func sendControl(_ line: [UInt8]) {
        lock.lock()
        control.append(line)
        lock.unlock()
        wake()
    }

    func startStreaming(from outbox: InspectorOutbox) {
        lock.lock()
        self.outbox = outbox
        lock.unlock()
        outbox.setWakeHandler { [weak self] in self?.wake() }
        wake()
    }

    func close(reason: String) {
        lock.lock()
        if closeReason == nil { closeReason = reason }
        lock.unlock()
        wake()
    }

    /// Makes the thread's `poll` return (a full pipe already means "awake").
    private func wake() {
        lock.lock()
        defer { lock.unlock() }
        guard wakeDescriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeDescriptor, &byte, 1)
    }

    // MARK: The thread

    private func run(_ events: @Sendable (InspectorConnectionEvent) -> Void) {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            events(.closed(reason: "cannot create a pipe: \(Self.errorText(errno))"))
            return
        }
        for descriptor in pipeEnds { Self.configure(descriptor) }
        lock.lock()
        wakeDescriptor = pipeEnds[1]
        lock.unlock()
        let reason = session(events, wakeRead: pipeEnds[0])
        lock.lock()
        wakeDescriptor = -1
        let outbox = self.outbox
        lock.unlock()
        outbox?.setWakeHandler(nil)
        _ = Glibc.close(pipeEnds[0])
        _ = Glibc.close(pipeEnds[1])
        events(.closed(reason: reason))
    }

    /// Connects and runs the poll loop; returns why the connection ended.
    private func session(_ events: @Sendable (InspectorConnectionEvent) -> Void, wakeRead: Int32) -> String {
        let socket: Int32
        switch connect(wakeRead: wakeRead) {
        case .success(let descriptor): socket = descriptor
        case .failure(let problem): return problem.text
        }
        defer {
            _ = shutdown(socket, Int32(SHUT_RDWR))
            _ = Glibc.close(socket)
        }
        events(.ready)
        var framer = InspectorLineFramer()
        var writer = InspectorLineWriter()
        var pending: [UInt8] = []
        var written = 0
        var unsent = 0
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            lock.lock()
            let reason = closeReason
            let lines = control
            control = []
            let outbox = self.outbox
            lock.unlock()
            if let reason { return reason }
            for line in lines { pending += line }
            if written == pending.count, let outbox {
                pending = writer.lines(
                    of: outbox.take(max: InspectorLineWriter.batchSize, armIfDrained: true), unsent: &unsent)
                written = 0
            }
            // Write what the kernel takes now.
            while written < pending.count {
                let count = pending.withUnsafeBytes { raw in
                    send(
                        socket, raw.baseAddress! + written, pending.count - written,
                        Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
                if count > 0 {
                    written += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    break
                } else {
                    return "writing to the dashboard failed: \(Self.errorText(errno))"
                }
            }
            if written == pending.count && !pending.isEmpty {
                pending = []
                written = 0
                continue  // take the next batch before sleeping
            }
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN) | (written < pending.count ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return "poll failed: \(Self.errorText(errno))"
            }
            if descriptors[1].revents != 0 {
                Self.drain(wakeRead)
                if descriptors[0].revents == 0 && outbox != nil {
                    // Woken by the outbox: let the burst gather before taking it (see InspectorLineWriter.linger).
                    var socketOnly = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
                    _ = poll(&socketOnly, 1, Int32(InspectorLineWriter.linger * 1000))
                    descriptors[0].revents = socketOnly[0].revents
                }
            }
            guard descriptors[0].revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 else { continue }
            let count = recv(socket, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if count == 0 { return "the dashboard closed the connection" }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return "the connection to the dashboard broke: \(Self.errorText(errno))"
            }
            for line in framer.append(scratch[0..<count]) {
                switch InspectorLineCodec.decode(line) {
                case .message(let message): events(.message(message))
                case .unknownType: continue
                case .refused(let refusal): return "the dashboard sent a line this SDK cannot read (\(refusal))"
                }
            }
            if framer.overflowed {
                return "the dashboard sent a line longer than \(InspectorProtocol.maxLineBytes) bytes"
            }
        }
    }

    private struct Problem: Error {
        let text: String
    }

    /// Resolves the host and connects to the first address that answers within ``connectTimeout``.
    private func connect(wakeRead: Int32) -> Result<Int32, Problem> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            return .failure(Problem(text: "cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else {
                lastError = Self.errorText(errno)
                continue
            }
            Self.configure(socket)
            var one: Int32 = 1
            _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return .success(socket) }
            guard errno == EINPROGRESS else {
                lastError = Self.errorText(errno)
                _ = Glibc.close(socket)
                continue
            }
            switch waitForConnect(socket, wakeRead: wakeRead) {
            case .success: return .success(socket)
            case .failure(let problem):
                _ = Glibc.close(socket)
                lock.lock()
                let stopped = closeReason
                lock.unlock()
                if let stopped { return .failure(Problem(text: stopped)) }
                lastError = problem.text
            }
        }
        return .failure(Problem(text: "cannot connect to \(host):\(port): \(lastError)"))
    }

    private func waitForConnect(_ socket: Int32, wakeRead: Int32) -> Result<Void, Problem> {
        let deadline = ProcessInfo.processInfo.systemUptime + connectTimeout
        while true {
            let remaining = deadline - ProcessInfo.processInfo.systemUptime
            guard remaining > 0 else { return .failure(Problem(text: "no answer within \(Int(connectTimeout)) s")) }
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLOUT), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if descriptors[1].revents != 0 {
                Self.drain(wakeRead)
                lock.lock()
                let stopped = closeReason
                lock.unlock()
                if let stopped { return .failure(Problem(text: stopped)) }
            }
            guard descriptors[0].revents != 0 else { continue }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
            return error == 0 ? .success(()) : .failure(Problem(text: Self.errorText(error)))
        }
    }

    /// Non-blocking and close-on-exec (a child process must not inherit the socket).
    private static func configure(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    private static func drain(_ descriptor: Int32) {
        var scratch = [UInt8](repeating: 0, count: 64)
        while Glibc.read(descriptor, &scratch, scratch.count) > 0 {}
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
#endif
