import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw responder on 127.0.0.1 (port 0 → a free port), one thread per connection: each request gets
/// `reply` as raw bytes (an HTTP answer, or bytes that are not HTTP at all), or nothing when `reply` is nil
/// (the request then hangs until ``stop()``). Used by the SDK's URLSessionTransport tests and the
/// dashboard's `--base-url` answer check.
///
/// `@unchecked Sendable` is safe: `received`, `waiters` and `connections` are only touched while `lock` is held;
/// the socket descriptors are set before the thread starts and only closed in `stop()`.
public final class LoopbackServer: @unchecked Sendable {
    private let listener: Int32
    /// The bound port.
    public let port: Int
    private let reply: String?
    private let lock = NSLock()
    private var received: [String] = []
    private var connections: [Int32] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var thread: Thread?

    /// Listens and starts accepting; `reply` is sent raw after each complete request (nil: never).
    public init(reply: String?) throws {
        self.reply = reply
        (self.listener, self.port) = try LoopbackListener.open()
        let thread = Thread { [self] in self.acceptLoop() }
        self.thread = thread
        thread.start()
    }

    /// The requests received so far, as raw text.
    public var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Suspends until at least one request has been received.
    public func waitForRequest() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if received.isEmpty {
                waiters.append(continuation)
                lock.unlock()
            } else {
                lock.unlock()
                continuation.resume()
            }
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                // Closed here, not in stop(): the descriptor number cannot be reused by another test's
                // socket while this thread might still call accept() on it.
                close(listener)
                return
            }
            lock.lock()
            connections.append(client)
            lock.unlock()
            // One thread per connection: a silent client never blocks the others.
            Thread { [self] in self.serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var text = ""
        while !Self.isComplete(text) {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        lock.lock()
        received.append(text)
        let ready = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in ready { waiter.resume() }
        guard let reply else { return }
        let bytes = Array(reply.utf8)
        #if canImport(Glibc)
        _ = send(client, bytes, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        _ = send(client, bytes, bytes.count, 0)
        #endif
        shutdown(client, Int32(SHUT_WR))
    }

    /// Headers received, and as many body bytes as Content-Length says.
    private static func isComplete(_ text: String) -> Bool {
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        var expected = 0
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            expected = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return text[end.upperBound...].utf8.count >= expected
    }

    /// Wakes the accept thread (which then closes the listener) and closes the connections.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        lock.lock()
        let open = connections
        connections.removeAll()
        lock.unlock()
        for client in open { close(client) }
    }
}
