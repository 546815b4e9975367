import Foundation
import OptoLink
import OptoLinkInspectorWire

#if canImport(Glibc)
import Glibc
#endif

/// A hand-played app on a raw TCP connection, for the listener's hostile-client tests. Blocking calls
/// run on threads of their own.
///
/// `@unchecked Sendable` is safe: one test drives a client, one call at a time.
final class RawAppClient: @unchecked Sendable {
    let descriptor: Int32
    private var framer = InspectorLineFramer()
    private var lines: [[UInt8]] = []

    /// Connects to 127.0.0.1:`port` (nil when refused).
    init?(port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard fd >= 0, connected == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    func send(_ text: String) async { await send(Array(text.utf8)) }

    func send(_ message: InspectorMessage) async { await send(InspectorLineCodec.encode(message) ?? []) }

    func send(_ bytes: [UInt8]) async {
        let descriptor = self.descriptor
        await runOffPool {
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

    enum Read: Sendable {
        case line(InspectorDecoding)
        case endOfStream, timedOut
    }

    /// The next line, decoded; nil at end of stream (the dashboard closed) or after `timeout` s.
    func read(timeout: Double = 10) async -> InspectorDecoding? {
        if case .line(let decoding) = await next(timeout: timeout) { return decoding }
        return nil
    }

    /// Whether the dashboard closed the connection (end of stream within `timeout` s, after any lines).
    func isClosed(timeout: Double = 10) async -> Bool {
        while true {
            switch await next(timeout: timeout) {
            case .line: continue
            case .endOfStream: return true
            case .timedOut: return false
            }
        }
    }

    private func next(timeout: Double) async -> Read {
        await runOffPool { [self] in
            let deadline = ProcessInfo.processInfo.systemUptime + timeout
            var scratch = [UInt8](repeating: 0, count: 65_536)
            while lines.isEmpty {
                let remaining = deadline - ProcessInfo.processInfo.systemUptime
                guard remaining > 0 else { return .timedOut }
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
                guard poll(&descriptors, 1, Int32(remaining * 1000)) > 0 else { return .timedOut }
                let count = recv(descriptor, &scratch, scratch.count, 0)
                guard count > 0 else { return .endOfStream }
                lines += framer.append(scratch[0..<count])
            }
            return .line(InspectorLineCodec.decode(lines.removeFirst()))
        }
    }
}

/// Runs `body` on a new thread and awaits it.
func runOffPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in Thread.detachNewThread { continuation.resume(returning: body()) } }
}
