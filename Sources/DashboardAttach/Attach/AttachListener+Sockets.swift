import DashboardCore
import Foundation
import OptoLink
import OptoLinkInspectorWire

#if canImport(Glibc)
import Glibc

private let systemClose = Glibc.close
private let systemSend = Glibc.send
private let systemBind = Glibc.bind
private let systemAccept = Glibc.accept
/// `MSG_NOSIGNAL`: a write to a closed peer must not raise SIGPIPE.
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin

private let systemClose = Darwin.close
private let systemSend = Darwin.send
private let systemBind = Darwin.bind
private let systemAccept = Darwin.accept
/// Darwin has no MSG_NOSIGNAL: each socket gets SO_NOSIGPIPE instead (see `configure`).
private let noSignal: Int32 = 0
#endif

/// The listener's socket calls: bind, accept, non-blocking writes and reads, and the peer's address.
extension AttachListener {
    // MARK: Sockets

    static func bind(_ address: AttachListenAddress) throws(DashboardError) -> (Int32, Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let info = list else {
            throw .usage(
                "--listen \(address): cannot resolve \(address.host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(info) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else {
            throw .usage("--listen \(address): cannot create a socket: \(String(cString: strerror(errno)))")
        }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard systemBind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(descriptor, 16) == 0
        else {
            let reason = String(cString: strerror(errno))
            _ = closeDescriptor(descriptor)
            throw .listen(
                "--listen \(address): cannot listen there: \(reason) (another dashboard on that port? try "
                    + "--listen \(address.host):0)"
            )
        }
        configure(descriptor)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, port(of: storage))
    }

    static func accept(_ listener: Int32) -> (Int32, String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard descriptor >= 0 else { return nil }
        // accept4(SOCK_CLOEXEC) is not in the Glibc module: close-on-exec and non-blocking afterwards.
        configure(descriptor)
        return (descriptor, describe(storage))
    }

    /// Writes what the socket takes now; an error message when the connection broke.
    static func flush(_ connection: inout Connection) -> String? {
        while connection.written < connection.output.count {
            let count = connection.output.withUnsafeBytes { raw in
                systemSend(
                    connection.descriptor, raw.baseAddress! + connection.written,
                    connection.output.count - connection.written,
                    noSignal | Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                connection.written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                return "the connection broke: \(String(cString: strerror(errno)))"
            }
        }
        if connection.written == connection.output.count && connection.written > 0 {
            connection.output.removeAll(keepingCapacity: true)
            connection.written = 0
        }
        return nil
    }

    /// One best-effort non-blocking write (the `full` refusal).
    static func sendNow(_ descriptor: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress!, bytes.count, noSignal | Int32(MSG_DONTWAIT)) }
    }

    static func configure(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func drain(_ descriptor: Int32) {
        var scratch = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &scratch, scratch.count) > 0 {}
    }

    static func closeDescriptor(_ descriptor: Int32) -> Int32 { systemClose(descriptor) }

    static func port(of storage: sockaddr_storage) -> Int {
        var storage = storage
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    static func string(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `192.168.1.5:53122` or `[fe80::1]:53122`.
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: 64)
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return "[\(Self.string(text))]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var raw = address.pointee.sin_addr
                inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                return "\(Self.string(text)):\(UInt16(bigEndian: address.pointee.sin_port))"
            }
        }
    }
}
