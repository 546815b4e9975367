import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe: ``signal()`` (any thread) makes the read end readable, so a `poll` on stdin and this pipe
/// returns when data for the screen arrives, and the loop can sleep on input with a long timeout.
struct WakePipe: Sendable {
    /// The end polled by the terminal.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Creates the pipe (both ends non-blocking); nil when the system has no descriptors left.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    /// Wakes the poller (a full pipe already means "wake up": the write may then fail harmlessly).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe.
    func drain() {
        var scratch = [UInt8](repeating: 0, count: 256)
        while read(readDescriptor, &scratch, scratch.count) > 0 {}
    }
}
