import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port where nothing listens, held for as long as this value lives (for "server down").
///
/// The port stays *bound* (without `SO_REUSEADDR`) but never listens, so a connection is refused at once
/// and no other server in the process (tests run several embedded servers side by side) can take the port
/// in the meantime, as it could if the port were bound and released.
final class UnusedPort: Sendable {
    /// The port (1 when no socket could be bound: privileged and unused, connections are refused too).
    let port: Int
    private let descriptor: Int32

    /// Binds a fresh loopback port and keeps it.
    init() {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound =
            fd >= 0
            && withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
        port = bound ? Int(UInt16(bigEndian: address.sin_port)) : 1
        descriptor = fd
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// `http://127.0.0.1:<port>`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
}
