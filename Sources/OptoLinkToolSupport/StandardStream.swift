#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// stdout or stderr of a command, written with `write(2)` so a reader that has gone (`optolink-dash … | head -1`)
/// ends the command quietly instead of trapping.
///
/// `FileHandle.write(_:)` traps on `EPIPE` (a `try!` inside Foundation). With `SIGPIPE` ignored (the command's
/// first line calls ``ignoreBrokenPipes()``), a write to a closed pipe returns `EPIPE`, and ``line(_:)`` then
/// ends the process with ``ExitStatus/readerGone``, printing nothing more:
///
/// ```swift
/// StandardStream.ignoreBrokenPipes()
/// StandardStream.output.line("listening on …")
/// ```
package struct StandardStream: Sendable {
    /// The file descriptor written to.
    package let descriptor: Int32

    /// The process's stdout.
    package static let output = StandardStream(descriptor: 1)
    /// The process's stderr.
    package static let error = StandardStream(descriptor: 2)

    /// A stream over `descriptor` (a test's pipe).
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Ignores `SIGPIPE`, so a closed reader shows up as `EPIPE` on the write that meets it.
    package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Writes all of `text`; false when the reader has gone (or the descriptor cannot be written), true otherwise.
    @discardableResult
    package func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + start, buffer.count - start)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + start, buffer.count - start)
                #endif
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            start += written
        }
        return true
    }

    /// Writes `text` and a newline; when the reader has gone, ends the process with ``ExitStatus/readerGone``.
    package func line(_ text: String) {
        if !write(text + "\n") { exit(ExitStatus.readerGone.rawValue) }
    }
}
