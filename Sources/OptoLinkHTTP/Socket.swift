import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server needs.
package enum Socket {
    package static let streamType: Int32 = {
        #if os(Linux)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }()

    /// `accept`, with the new descriptor closed on exec: a process spawned by the embedding program (the
    /// dashboard's tmux, a test's child) must not inherit the connection, or closing it here sends no FIN
    /// until that child exits (measured: an idle keep-alive connection closed 3 s late while the
    /// end-to-end tests ran their child processes). `accept4(SOCK_CLOEXEC)` would close the window between
    /// the two calls, but Glibc's Swift module does not export it; the window is a few microseconds.
    package static func accept(
        _ listenFD: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
    ) -> Int32 {
        #if canImport(Glibc)
        let fd = Glibc.accept(listenFD, address, length)
        #else
        let fd = Darwin.accept(listenFD, address, length)
        #endif
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    package static let sendFlags: Int32 = {
        #if os(Linux)
        Int32(MSG_NOSIGNAL)
        #else
        0
        #endif
    }()

    package static let shutdownBoth: Int32 = {
        #if os(Linux)
        Int32(SHUT_RDWR)
        #else
        SHUT_RDWR
        #endif
    }()

    package static let shutdownWrite: Int32 = {
        #if os(Linux)
        Int32(SHUT_WR)
        #else
        SHUT_WR
        #endif
    }()

    package static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// `host` as the sockets take it: `localhost`, in any case (host names are case-insensitive), is 127.0.0.1;
    /// any other host as given.
    package static func numericHost(_ host: String) -> String {
        host.lowercased() == "localhost" ? "127.0.0.1" : host
    }

    /// Creates, binds and listens; returns the descriptor and the bound port.
    package static func listen(host: String, port: Int, backlog: Int32 = 511) throws(HTTPError) -> (Int32, Int) {
        let address = numericHost(host)
        let isV6 = address.contains(":")
        let fd = socket(isV6 ? AF_INET6 : AF_INET, streamType, 0)
        guard fd >= 0 else { throw .startup("cannot create socket: \(errorText())") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // a spawned child must not keep the port (see `accept`)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var result: Int32
        if isV6 {
            var addr = sockaddr_in6()
            addr.sin6_family = sa_family_t(AF_INET6)
            addr.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            guard inet_pton(AF_INET6, address, &addr.sin6_addr) == 1 else {
                close(fd)
                throw .startup("invalid host address: \(host)")
            }
            result = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            guard inet_pton(AF_INET, address, &addr.sin_addr) == 1 else {
                close(fd)
                throw .startup("invalid host address: \(host)")
            }
            result = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let text = errorText()
            close(fd)
            throw .startup("cannot bind \(host):\(port): \(text)")
        }
        guard Glibc_listen(fd, backlog) == 0 else {
            let text = errorText()
            close(fd)
            throw .startup("cannot listen on \(host):\(port): \(text)")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, describe(storage).port)
    }

    /// The textual address and port of a socket address (`::ffff:` prefixes removed).
    package static func describe(_ storage: sockaddr_storage) -> (host: String, port: Int) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    var addr = sin6.pointee.sin6_addr
                    inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
                    var host = cText(buffer)
                    if host.hasPrefix("::ffff:"), host.contains(".") { host.removeFirst(7) }
                    return (host, Int(UInt16(bigEndian: sin6.pointee.sin6_port)))
                }
            }
        }
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var addr = sin.pointee.sin_addr
                inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
                return (cText(buffer), Int(UInt16(bigEndian: sin.pointee.sin_port)))
            }
        }
    }

    /// Connects a TCP socket to the IPv4 `host:port`, from the local address `source` (bound first; any
    /// 127.0.0.0/8 address is this machine's on Linux), with send and receive timeouts of `timeout`.
    /// - Returns: the connected descriptor (close-on-exec), or why it could not connect.
    package static func connect(host: String, port: Int, from source: String, timeout: TimeInterval) -> Result<
        Int32, HTTPError
    > {
        func address(_ text: String, port: Int) -> sockaddr_in? {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            return inet_pton(AF_INET, text, &addr.sin_addr) == 1 ? addr : nil
        }
        guard var remote = address(numericHost(host), port: port) else {
            return .failure(.startup("not an IPv4 address: \(host)"))
        }
        guard var local = address(source, port: 0) else { return .failure(.startup("not an IPv4 address: \(source)")) }
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { return .failure(.startup("cannot create socket: \(errorText())")) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        setTimeout(fd, option: SO_RCVTIMEO, seconds: timeout)
        setTimeout(fd, option: SO_SNDTIMEO, seconds: timeout)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let text = errorText()
            close(fd)
            return .failure(.startup("cannot bind \(source): \(text)"))
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc_connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let text = errorText()
            close(fd)
            return .failure(.startup("cannot connect to \(host):\(port) from \(source): \(text)"))
        }
        return .success(fd)
    }

    /// Sets a receive or send timeout (`SO_RCVTIMEO` / `SO_SNDTIMEO`).
    package static func setTimeout(_ fd: Int32, option: Int32, seconds: TimeInterval) {
        let clamped = max(0.001, seconds)
        var tv = timeval(
            tv_sec: time_t(clamped.rounded(.down)),
            tv_usec: suseconds_t(((clamped - clamped.rounded(.down)) * 1_000_000).rounded(.down)))
        setsockopt(fd, SOL_SOCKET, option, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all of `bytes`; false when the peer is gone or the send timed out.
    @discardableResult
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, bytes.count - offset, sendFlags)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

/// `listen` shadowed by our own static function above.
/// `connect` shadowed by our own static function above.
// swift-format-ignore: AlwaysUseLowerCamelCase
private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
private func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

/// A NUL-terminated C buffer as a String.
private func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
