import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP server that never finishes an answer: after the request it sends the status line
/// and headers (with a `Content-Length` it never reaches), then one body byte every `interval` seconds
/// for `duration` seconds, then closes. A URLSession timeout counts idle time only, so this holds a
/// request for `duration` unless the SDK's own deadline ends it. One `Thread` per connection.
///
/// `@unchecked Sendable` is safe: `stopped` is only touched while `lock` is held; the descriptors are
/// used by the threads that own them.
final class TricklingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var stopped = false

    init(interval: TimeInterval, duration: TimeInterval) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            close(fd)
            throw ProbeError("trickling server cannot listen")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.listener = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                Thread.detachNewThread { Self.serve(client, interval: interval, duration: duration) }
            }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private static func serve(_ client: Int32, interval: TimeInterval, duration: TimeInterval) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var received = [UInt8]()
        while !received.containsHeadEnd {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { return }
            received += buffer[0..<count]
        }
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{".utf8)
        guard send(client, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        let end = Date().addingTimeInterval(duration)
        while Date() < end {
            usleep(UInt32(interval * 1_000_000))
            guard send(client, [UInt8(ascii: " ")], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
        }
    }

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
}

extension Array where Element == UInt8 {
    fileprivate var containsHeadEnd: Bool {
        guard count >= 4 else { return false }
        for index in 0...(count - 4)
        where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
            return true
        }
        return false
    }
}
