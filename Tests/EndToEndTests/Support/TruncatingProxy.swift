import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP proxy in front of the server that cuts the first `truncate` answers in the middle: it
/// forwards the request, reads the server's whole answer, sends the client only the status line, the
/// headers and half the body, and closes the connection. Later answers pass through whole. One request
/// per connection (`Connection: close` is forced), each connection on its own `Thread` with blocking I/O.
///
/// `@unchecked Sendable` is safe: `remaining`, `cut` and `stopped` are only touched while `lock` is held;
/// the descriptors are used by the threads that own them.
final class TruncatingProxy: @unchecked Sendable {
    let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let pathPrefix: String?
    private let lock = NSLock()
    private var remaining: Int
    private var cut = 0
    private var stopped = false

    /// Listens on 127.0.0.1 port 0 and forwards to 127.0.0.1:`upstreamPort`; cuts the first `truncate`
    /// answers to requests whose path starts with `pathPrefix` (any path when nil).
    init(upstreamPort: Int, truncate: Int, pathPrefix: String? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            close(fd)
            throw ProbeError("proxy cannot listen")
        }
        self.listener = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.upstreamPort = upstreamPort
        self.remaining = truncate
        self.pathPrefix = pathPrefix
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { self.serve(client) }
            }
        }
    }

    /// How many answers were cut so far.
    var truncatedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return cut
    }

    /// Stops accepting (open connections finish on their own).
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        if !wasStopped {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private func takeTruncation(_ request: Data) -> Bool {
        if let pathPrefix {
            let line = String(decoding: request.prefix(512), as: UTF8.self).split(separator: " ")
            guard line.count > 1, line[1].hasPrefix(pathPrefix) else { return false }
        }
        lock.lock()
        defer { lock.unlock() }
        guard remaining > 0 else { return false }
        remaining -= 1
        cut += 1
        return true
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        Self.setTimeout(client)
        guard let request = Self.readMessage(client), let upstream = Self.connectUpstream(upstreamPort) else { return }
        defer { close(upstream) }
        guard Self.sendAll(upstream, Self.forceClose(request)), let answer = Self.readMessage(upstream) else { return }
        if takeTruncation(request) {
            let headEnd = Self.headEnd(answer) ?? answer.count
            let bodyHalf = (answer.count - headEnd) / 2
            _ = Self.sendAll(client, answer.prefix(headEnd + max(bodyHalf, 0)))
            shutdown(client, Int32(SHUT_RDWR))  // the rest never comes
        } else {
            _ = Self.sendAll(client, Self.forceClose(answer))
        }
    }

    // MARK: HTTP/1.1 framing (Content-Length only: the server never sends chunked answers)

    private static func headEnd(_ data: Data) -> Int? {
        data.range(of: Data("\r\n\r\n".utf8)).map { $0.upperBound - data.startIndex }
    }

    private static func contentLength(_ head: Data) -> Int {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        for line in text.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    /// Reads one message (headers and a Content-Length body); nil when the peer closed before.
    private static func readMessage(_ fd: Int32) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let end = headEnd(data), data.count >= end + contentLength(data.prefix(end)) {
                return data.prefix(end + contentLength(data.prefix(end)))
            }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// The message with its `Connection` header replaced by `Connection: close`.
    private static func forceClose(_ message: Data) -> Data {
        guard let end = headEnd(message) else { return message }
        let head = String(decoding: message.prefix(end - 4), as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("connection:") }
        lines.append("Connection: close")
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + message.dropFirst(end)
    }

    private static func setTimeout(_ fd: Int32) {
        var time = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func connectUpstream(_ port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        setTimeout(fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
