import Foundation
import OptoLinkHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fault proxy's way to a backend on this machine's loopback over plain HTTP, from a loopback source
/// address of the simulated device's own: a device on `203.0.113.10` reaches the backend from
/// `127.0.113.10`, a browser on `198.51.100.10` from `127.51.100.10`. A backend that does not trust
/// `X-Forwarded-For` (`optolink-server --production` without `--trusted-proxy`, like any deployment)
/// then still sees each simulated network as an address of its own, so one scenario's clicks never
/// match another scenario's device by address.
///
/// Linux only: every 127.0.0.0/8 address is local there; macOS has only 127.0.0.1 on `lo0`, so
/// ``sourceAddress(for:upstream:)`` answers nil there and URLSession carries the request. One request per
/// connection (`Connection: close`), the answer read to the end; `Content-Length` and `chunked` bodies.
package enum LoopbackUpstream {
    /// The largest answer read (bytes): anything longer is refused as no answer.
    static let maxAnswer = 16 << 20

    /// The loopback source address for a client at `clientAddress` (the request's `X-Forwarded-For`,
    /// its last entry) when `upstream` is plain HTTP on 127.0.0.0/8 or `localhost`; nil otherwise.
    package static func sourceAddress(for clientAddress: String?, upstream: URL) -> String? {
        #if os(Linux)
        guard upstream.scheme?.lowercased() == "http", let host = upstream.host?.lowercased(),
            host == "localhost" || host.hasPrefix("127."),
            let last = clientAddress?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
        else { return nil }
        let octets = last.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = octets.compactMap { UInt8($0) }
        guard octets.count == 4, numbers.count == 4 else { return nil }
        let mapped = "127.\(numbers[1]).\(numbers[2]).\(numbers[3])"
        return mapped == "127.0.0.0" || numbers[3] == 255 ? nil : mapped
        #else
        return nil
        #endif
    }

    /// The address a backend at `upstream` attributes to the simulated network `address` when the
    /// dashboard names each network by the loopback address it sends from (``sourceAddress(for:upstream:)``),
    /// in `X-Forwarded-For` too: that loopback address whether or not the backend trusts the header;
    /// `address` itself when there is none (a remote or HTTPS backend, macOS).
    static func attributedAddress(for address: String, upstream: URL) -> String {
        sourceAddress(for: address, upstream: upstream) ?? address
    }

    /// Sends one request to `url` (plain HTTP on loopback) from `source`; the answer, or why none came.
    package static func send(
        method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8], source: String,
        timeout: TimeInterval
    ) -> Result<UpstreamAnswer, DashboardError> {
        guard let host = url.host else { return .failure(.backend("no host in \(url.absoluteString)")) }
        let port = url.port ?? 80
        let fd: Int32
        switch Socket.connect(host: host, port: port, from: source, timeout: timeout) {
        case .success(let connected): fd = connected
        case .failure(let error): return .failure(.backend(error.message))
        }
        defer { close(fd) }
        guard Socket.sendAll(fd, requestBytes(method: method, url: url, headers: headers, body: body)) else {
            return .failure(.backend("the backend closed the connection before the request was sent"))
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count <= maxAnswer {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received.append(contentsOf: buffer[0..<n])
                if let answer = parse(received, complete: false) { return .success(answer) }
            } else if n == 0 {
                break
            } else if errno == EINTR {
                continue
            } else {
                return .failure(
                    .backend(
                        errno == EAGAIN || errno == EWOULDBLOCK
                            ? "no answer within \(Int(timeout)) s" : Socket.errorText()))
            }
        }
        guard let answer = parse(received, complete: true) else {
            return .failure(.backend("the backend's answer was cut short or malformed"))
        }
        return .success(answer)
    }

    /// ``send(method:url:headers:body:source:timeout:)`` on a thread of its own, so a task never blocks a
    /// thread of the cooperative pool on the socket.
    static func sendOffThePool(
        method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8], source: String,
        timeout: TimeInterval
    ) async -> Result<UpstreamAnswer, DashboardError> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: send(
                        method: method, url: url, headers: headers, body: body, source: source, timeout: timeout))
            }
            thread.start()
        }
    }

    /// The request's bytes: the request line with `url`'s path and query as written (percent-escapes and a
    /// trailing slash kept: `URL.path` drops both), `Host`, the fields, the body's length, `Connection: close`.
    static func requestBytes(method: String, url: URL, headers: [(name: String, value: String)], body: [UInt8])
        -> [UInt8]
    {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var target = components?.percentEncodedPath ?? ""
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// The answer in `bytes` once it is whole (nil: not yet, or malformed). With `complete` the peer closed:
    /// a body without a length ends there. Interim answers (`100 Continue`, `103 Early Hints`) before the final
    /// one are passed over, as RFC 9110 §15.2 asks of every client.
    static func parse(_ bytes: [UInt8], complete: Bool) -> UpstreamAnswer? {
        guard let end = headEnd(bytes) else { return nil }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return nil
        }
        if (100..<200).contains(status), status != 101 {
            return parse(Array(bytes[(end + 4)...]), complete: complete)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let rest = Array(bytes[(end + 4)...])
        func field(_ name: String) -> String? { headers.last { $0.name.lowercased() == name }?.value }
        if field("transfer-encoding")?.lowercased().contains("chunked") == true {
            return dechunk(rest).map { UpstreamAnswer(status: status, headers: headers, body: $0) }
        }
        if let lengthText = field("content-length") {
            guard let length = Int(lengthText), length >= 0 else { return nil }
            guard rest.count >= length else { return nil }
            return UpstreamAnswer(status: status, headers: headers, body: Array(rest.prefix(length)))
        }
        if status == 204 || status == 304 || (100..<200).contains(status) {
            return UpstreamAnswer(status: status, headers: headers, body: [])
        }
        return complete ? UpstreamAnswer(status: status, headers: headers, body: rest) : nil
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// A whole chunked body decoded (nil: not whole yet, or malformed).
    static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard
                let lineEnd = (index..<max(index, bytes.count - 1)).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10
                })
            else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                return nil
            }
            let start = lineEnd + 2
            if size == 0 { return body }
            guard bytes.count >= start + size + 2 else { return nil }
            body.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
    }
}
