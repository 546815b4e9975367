import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemSend = Glibc.send
#elseif canImport(Darwin)
private let systemSend = Darwin.send
#endif

/// A blocking TCP connection to 127.0.0.1 that writes exactly the bytes it is given: the hostile
/// client. It never runs on the cooperative pool: callers use ``onThread(_:)``.
final class RawHTTPConnection {
    /// One parsed answer.
    struct Response: Sendable, CustomStringConvertible {
        var status: Int
        /// Header fields in order, names as sent.
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        var description: String { "HTTP \(status) \(text.prefix(200))" }
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(Int32)
        case closedWithoutAnswer
        case timedOut
        case malformed(String)

        var description: String {
            switch self {
            case .connect(let code): "connect failed (errno \(code))"
            case .closedWithoutAnswer: "connection closed without an answer"
            case .timedOut: "no complete answer in time"
            case .malformed(let text): "malformed answer: \(text)"
            }
        }
    }

    let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to `127.0.0.1:port` (loopback only), from the loopback address `source` when given
    /// (bound before connecting, e.g. `127.0.1.1`: the server caps connections per address).
    init(port: Int, timeout: TimeInterval = 10, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(errno) }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                close(fd)
                throw Failure.connect(code)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure.connect(code)
        }
        setTimeout(timeout)
    }

    deinit { close(fd) }

    func setTimeout(_ seconds: TimeInterval) {
        var value = timeval()
        value.tv_sec = Int(seconds)
        value.tv_usec = .init((seconds - Double(Int(seconds))) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes every byte; false when the peer is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Reads one answer (Content-Length framed, or up to EOF).
    func readResponse() throws -> Response {
        while true {
            if let (response, used) = try Self.parse(pending) {
                pending.removeFirst(used)
                return response
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                pending.append(contentsOf: chunk[0..<n])
            } else if n == 0 {
                if let (response, used) = try Self.parse(pending, atEOF: true) {
                    pending.removeFirst(used)
                    return response
                }
                throw Failure.closedWithoutAnswer
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure.timedOut
            } else {
                // A reset after the answer was written still leaves the answer readable above.
                if let (response, used) = try Self.parse(pending, atEOF: true) {
                    pending.removeFirst(used)
                    return response
                }
                throw Failure.closedWithoutAnswer
            }
        }
    }

    /// Sends `bytes` and reads one answer.
    func exchange(_ bytes: [UInt8]) throws -> Response {
        send(bytes)
        return try readResponse()
    }

    /// True when the server closed the connection (EOF or reset) within the timeout.
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// True when the server has neither closed the connection nor written anything on it (checked
    /// without waiting).
    func isOpenAndUnanswered() -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    private static func parse(_ buffer: [UInt8], atEOF: Bool = false) throws -> (Response, Int)? {
        guard let headEnd = find(buffer, [13, 10, 13, 10]) else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure.malformed(statusLine)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let bodyStart = headEnd + 4
        if status == 100 {  // an interim answer: skip it
            return try parse(Array(buffer[bodyStart...]), atEOF: atEOF).map { ($0.0, $0.1 + bodyStart) }
        }
        if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
            guard buffer.count >= bodyStart + length else { return nil }
            return (
                Response(status: status, headers: headers, body: Array(buffer[bodyStart..<bodyStart + length])),
                bodyStart + length
            )
        }
        guard atEOF else { return nil }
        return (Response(status: status, headers: headers, body: Array(buffer[bodyStart...])), buffer.count)
    }

    private static func find(_ buffer: [UInt8], _ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0], Array(buffer[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }
}

/// Dedicated threads for blocking socket work (never the 2-thread cooperative pool).
enum HostileThreads {
    /// Runs blocking work on its own thread and awaits it.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Runs jobs `0..<count` on `threads` dedicated threads and waits for all of them.
    static func pool(_ threads: Int, jobs count: Int, _ job: @escaping @Sendable (Int) -> Void) async {
        let next = HostileCounter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                let thread = Thread {
                    while case let index = next.take(), index < count { job(index) }
                    group.leave()
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
    }
}

/// A thread-safe counter.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
final class HostileCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// Returns the current value and adds one.
    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
