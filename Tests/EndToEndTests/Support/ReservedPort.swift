import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port where nothing listens, held until ``release()`` (or deinit).
///
/// The port stays bound but never listens: connections are refused at once, and no other test's server
/// (tests run in parallel, each binding port 0) nor a client's ephemeral port can take it meanwhile, as
/// happened with a port that was bound and released ("server down" answered 200 once; a server restarted
/// on a released port found it in use once).
///
/// `handOver: true` binds with `SO_REUSEADDR`, so a server (which binds with `SO_REUSEADDR` too) can bind
/// and listen on the port while it is still held (Linux lets two such sockets share a port while none
/// listens); release it after the server is up, and the port never was free for anyone else.
final class ReservedPort: @unchecked Sendable {
    // @unchecked: `descriptor` is only changed in `release()`/deinit under `lock`.
    private let lock = NSLock()
    private var descriptor: Int32
    /// The reserved port.
    let port: Int

    init(handOver: Bool = false) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProbeError("socket() failed: errno \(errno)") }
        if handOver {
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw ProbeError("bind(127.0.0.1:0) failed: errno \(errno)")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:<port>`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Frees the port (so a server can be started on it).
    func release() {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { release() }
}
