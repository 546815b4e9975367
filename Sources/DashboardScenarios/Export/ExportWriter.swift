import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Writes an export (`--csv`, `--svg`, `--junit`, `--export DIR`'s files) to the path a user named, without ever
/// replacing what the path is.
///
/// - `-` is stdout.
/// - A new path, or a regular file the user may write: the bytes go to a temporary file beside it, renamed over
///   the target once complete (a reader never sees half an export).
/// - A symbolic link, a FIFO, a character device (`/dev/stdout`, a link to `/proc/self/fd/1`): written through,
///   never renamed over, so the link and the device node stay what they are.
/// - A directory: refused.
///
/// A failure is a ``UserFileProblem`` naming the file and the reason in words ("is a directory", "disk full",
/// "permission denied"); commands exit with ``ExitStatus/exportFailed``.
///
/// ```swift
/// try ExportWriter.write(Data(csv.utf8), to: "runs.csv")
/// ```
package enum ExportWriter {
    /// The path that means stdout.
    package static let standardOutputPath = "-"

    /// Writes `data` to `path` (see the type's rules).
    /// - Parameter standardOutput: the descriptor `-` writes to (stdout; a test's pipe).
    /// - Throws: ``UserFileProblem`` naming `path` and why it cannot be written.
    package static func write(_ data: Data, to path: String, standardOutput: Int32 = 1) throws(UserFileProblem) {
        if path == standardOutputPath {
            try writeAll(data, to: standardOutput, path: "stdout")
            return
        }
        guard !path.isEmpty else { throw UserFileProblem(path: "''", reason: "an empty path names no file") }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw UserFileProblem(path: path, reason: FileReason.words(errno: errno)) }
            try replace(path, with: data)
            return
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG:
            guard access(path, W_OK) == 0 else { throw UserFileProblem(path: path, reason: "permission denied") }
            try replace(path, with: data)
        case S_IFDIR:
            throw UserFileProblem(path: path, reason: "is a directory, not a file")
        default:
            try writeThrough(path, data)
        }
    }

    /// Writes into what `path` is or points at (a link, a FIFO, a device), never replacing it.
    private static func writeThrough(_ path: String, _ data: Data) throws(UserFileProblem) {
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
            throw UserFileProblem(path: path, reason: "points at a directory, not a file")
        }
        // Non-blocking open: a FIFO with no reader is refused at once (ENXIO) rather than hanging the command.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw UserFileProblem(path: path, reason: FileReason.words(errno: errno)) }
        defer { close(descriptor) }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        try writeAll(data, to: descriptor, path: path)
    }

    /// Writes a temporary file beside `path` and renames it over `path` (new, or a regular file).
    private static func replace(_ path: String, with data: Data) throws(UserFileProblem) {
        let file = PathName(path)
        let temporary = file.sibling(".\(file.name).\(getpid()).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "its folder does not exist" : FileReason.words(errno: errno)
            throw UserFileProblem(path: path, reason: reason)
        }
        do throws(UserFileProblem) {
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 || errno == EINVAL else {
                throw UserFileProblem(path: path, reason: FileReason.words(errno: errno))
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = FileReason.words(errno: errno)
            unlink(temporary)
            throw UserFileProblem(path: path, reason: reason)
        }
    }

    /// Writes every byte of `data` to `descriptor`.
    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(UserFileProblem) {
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + start, buffer.count - start)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                start += written
            }
        }
        if failure != 0 { throw UserFileProblem(path: path, reason: FileReason.words(errno: failure)) }
    }
}
