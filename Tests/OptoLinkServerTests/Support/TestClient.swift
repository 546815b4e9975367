import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response as read off the wire.
struct TestResponse {
    var status: Int
    var headers: [String: String]  // lower-cased names
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSON? { try? JSONParser.parse(body) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A blocking loopback HTTP/1.1 client with a receive timeout, for socket tests.
final class TestConnection {
    let fd: Int32
    private var buffer = [UInt8]()

    /// Connects to 127.0.0.1:`port`. A failed connect is recorded as an issue and leaves a connection
    /// whose every send and read fails (the test's own expectations then fail too), rather than stopping
    /// the whole test process as a trap would.
    /// - Parameter source: the loopback address to connect from (bound before connecting), e.g.
    ///   `127.0.0.2`; nil lets the system pick (127.0.0.1).
    init(port: Int, timeout: TimeInterval = 5, source: String? = nil) {
        let socketFD = socket(AF_INET, Socket.streamType, 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound != 0 { Issue.record("bind to \(source) failed: errno \(errno)") }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Issue.record("connect to 127.0.0.1:\(port) failed: errno \(errno)")
            close(socketFD)
            fd = -1
            return
        }
        fd = socketFD
        Socket.setTimeout(fd, option: SO_RCVTIMEO, seconds: timeout)
    }

    deinit { if fd >= 0 { close(fd) } }

    func send(_ bytes: [UInt8]) { Socket.sendAll(fd, bytes) }
    func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends a request with Content-Length.
    func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
        keepAlive: Bool = true
    ) -> TestResponse? {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { head += "Host: 127.0.0.1\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.utf8.count)\r\n" }
        if !keepAlive { head += "Connection: close\r\n" }
        send(head + "\r\n" + (body ?? ""))
        return readResponse()
    }

    /// Reads one response; nil on EOF or timeout before a full response.
    func readResponse() -> TestResponse? {
        while true {
            if let (response, used) = parse() {
                buffer.removeFirst(used)
                return response
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// True when the server closed the connection (EOF) within the timeout.
    func isClosedByPeer() -> Bool {
        var byte = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = byte.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }

    private func parse() -> (TestResponse, Int)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard buffer.count >= 4,
            let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == separator })
        else { return nil }
        let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers = [String: String]()
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.count >= end + 4 + length else { return nil }
        return (
            TestResponse(status: status, headers: headers, body: Array(buffer[(end + 4)..<(end + 4 + length)])),
            end + 4 + length
        )
    }
}

/// A running server on 127.0.0.1:0 with a manual clock; stopped by `stop()`.
final class TestServer: Sendable {
    static let clientKey = "opl_sdk_demo_client_key_0000000001"
    static let serverKey = "opl_api_demo_server_key_0000000001"

    let clock = ManualServerClock()
    let server: OptoLinkServer
    var port: Int { server.port }
    var backend: Backend { server.backend }

    init(
        seed: ServerSeed = .demo, production: Bool = false, trustForwardedFor: Bool = true,
        limits: HTTPServer.Limits = HTTPServer.Limits(),
        databasePath: String? = nil
    ) throws {
        server = try OptoLinkServer(
            configuration: .init(
                port: 0, databasePath: databasePath, seed: seed, trustForwardedFor: trustForwardedFor,
                production: production),
            clock: clock, limits: limits)
        try server.start()
    }

    func connection(timeout: TimeInterval = 5, from source: String? = nil) -> TestConnection {
        TestConnection(port: port, timeout: timeout, source: source)
    }

    /// One request on a fresh connection.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil)
        -> TestResponse?
    {
        connection().request(method, path, headers: headers, body: body, keepAlive: false)
    }

    func stop() { server.stop() }
}

/// `Authorization` for a key.
func bearer(_ key: String) -> [String: String] { ["Authorization": "Bearer \(key)"] }
