import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking HTTP/1.1 client over a POSIX socket (`Connection: close`), for tests that post from
/// many `Thread`s at once and must know exactly which requests got an answer. Never call it on the
/// cooperative pool (2 threads here): it blocks.
enum BlockingHTTP {
    /// Sends one request to 127.0.0.1:`port`; returns the status, or nil when no complete status line came
    /// (refused, reset, timed out). Uses `MSG_NOSIGNAL`: a dead peer never raises SIGPIPE.
    static func send(
        port: Int, method: String, path: String, headers: [String: String] = [:], body: Data = Data(),
        timeout: Int = 5
    ) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        var head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "Connection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        let sent = request.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        guard sent else { return nil }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer.append(contentsOf: buffer[0..<n])
        }
        // A status counts only with the whole answer: headers, and the body as long as Content-Length says.
        let text = String(decoding: answer, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n"), text.hasPrefix("HTTP/1.1 ") else { return nil }
        let statusText = text.dropFirst(9).prefix(3)
        let headers = text[..<headEnd.lowerBound].lowercased()
        if let lengthLine = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(lengthLine.dropFirst(15).trimmingCharacters(in: .whitespaces))
        {
            let bodyBytes = answer.count - text[..<headEnd.upperBound].utf8.count
            guard bodyBytes >= length else { return nil }
        }
        return Int(statusText)
    }
}
