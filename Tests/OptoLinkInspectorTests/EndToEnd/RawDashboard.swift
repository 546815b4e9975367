import Foundation
import TestSupport

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP server on 127.0.0.1 (port 0) playing the dashboard's side of the attach protocol by hand,
/// for the inspector's real-socket tests. Every blocking call (accept, read, write) runs on a thread of
/// its own, never on the cooperative pool.
///
/// `@unchecked Sendable` is safe: `listener` and `port` are set once in `init`; the descriptor is closed once in
/// `stop()`.
final class RawDashboard: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    /// - Parameter receiveBufferBytes: when set, the accepted sockets' kernel receive buffer (small = a
    ///   dashboard whose reads stall quickly).
    init(receiveBufferBytes: Int32? = nil) throws {
        (listener, port) = try LoopbackListener.open { fd in
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if var size = receiveBufferBytes {
                _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
        }
    }

    /// The next connection (nil after `timeout` seconds).
    func accept(timeout: Double = 20) async -> RawPeer? {
        let listener = self.listener
        return await offPool {
            var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 1, Int32(timeout * 1000)) > 0 else { return nil }
            let client = Glibc.accept(listener, nil, nil)
            return client >= 0 ? RawPeer(client) : nil
        }
    }

    func stop() { close(listener) }
}

/// One accepted connection.
///
/// `@unchecked Sendable` is safe: the framer is only used by one read at a time (the tests await each
/// read), the descriptor is immutable and closed once.
final class RawPeer: @unchecked Sendable {
    let descriptor: Int32
    private var framer = InspectorLineFramer()
    private var lines: [[UInt8]] = []

    init(_ descriptor: Int32) { self.descriptor = descriptor }

    /// The next line decoded (nil on end of stream or after `timeout` seconds).
    func read(timeout: Double = 20) async -> InspectorDecoding? {
        await offPool { [self] in
            let deadline = ProcessInfo.processInfo.systemUptime + timeout
            var scratch = [UInt8](repeating: 0, count: 65_536)
            while lines.isEmpty {
                let remaining = deadline - ProcessInfo.processInfo.systemUptime
                guard remaining > 0 else { return nil }
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                guard poll(&descriptors, 1, Int32(remaining * 1000)) > 0 else { return nil }
                let count = recv(descriptor, &scratch, scratch.count, 0)
                guard count > 0 else { return nil }
                lines += framer.append(scratch[0..<count])
            }
            return InspectorLineCodec.decode(lines.removeFirst())
        }
    }

    /// Writes a message (or raw bytes).
    func send(_ message: InspectorMessage) async { await send(InspectorLineCodec.encode(message) ?? []) }

    func send(_ bytes: [UInt8]) async {
        let descriptor = self.descriptor
        await offPool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                if count <= 0 { return }
                offset += count
            }
        }
    }

    /// Closes; with `reset`, with an RST (SO_LINGER 0) instead of a FIN.
    func close(reset: Bool = false) {
        if reset {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        _ = Glibc.close(descriptor)
    }
}

/// Runs `body` on a new thread and awaits its result (blocking calls stay off the cooperative pool).
func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}

/// A port with nothing listening (bound, then closed).
func unusedPort() -> Int {
    guard let dashboard = try? RawDashboard() else { return 9 }
    let port = dashboard.port
    dashboard.stop()
    return port
}
