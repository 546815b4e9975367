import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A blocking keep-alive HTTP/1.1 client on 127.0.0.1 that sends the same kind of request again and
/// again as fast as the server answers (the click flood of measure 7b). One per thread.
final class FloodClient {
    private let port: Int
    private var fd: Int32 = -1
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)

    init(port: Int) { self.port = port }

    deinit { if fd >= 0 { close(fd) } }

    /// Sends `request` and reads the whole answer; its status, or nil when the connection failed (the
    /// next call reconnects).
    func exchange(_ request: [UInt8]) -> Int? {
        if fd < 0, !connect() { return nil }
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return drop() }
        var filled = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + filled, $0.count - filled, 0) }
            guard n > 0 else { return drop() }
            filled += n
            if let (status, total) = FloodClient.parse(buffer, count: filled), filled >= total { return status }
            guard filled < buffer.count else { return drop() }
        }
    }

    private func connect() -> Bool {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 { _ = drop() }
        return fd >= 0
    }

    private func drop() -> Int? {
        if fd >= 0 { close(fd) }
        fd = -1
        return nil
    }

    /// The status and the whole answer's length once the head is in.
    private static func parse(_ bytes: [UInt8], count: Int) -> (Int, Int)? {
        guard count >= 16 else { return nil }
        var end = -1
        for i in 0..<(count - 3) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10
        {
            end = i
            break
        }
        guard end > 0 else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return (status, end + 4 + length)
    }
}
