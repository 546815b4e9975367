import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// `open(2)` (the enum's own ``ExportWriter/open(_:standardOutput:)`` hides it inside the enum).
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }

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
        let destination = try open(path, standardOutput: standardOutput)
        do throws(UserFileProblem) {
            try destination.write(data)
            try destination.commit()
        } catch {
            destination.abandon()
            throw error
        }
    }

    /// An export being written a piece at a time (an export of millions of rows): ``write(_:)`` as often as
    /// needed, then ``commit()`` to put it in place, or ``abandon()`` to leave the path as it was.
    package struct Destination: Sendable {
        /// The path the user named (`stdout` for `-`).
        package let path: String
        let descriptor: Int32
        /// The temporary file renamed over ``path`` at ``commit()``; nil when written through.
        let temporary: String?
        /// Whether ``commit()`` and ``abandon()`` close the descriptor (not stdout's).
        let owned: Bool

        /// Appends `bytes`.
        /// - Throws: ``UserFileProblem`` when the write fails (disk full…).
        package func write(_ bytes: some ContiguousBytes) throws(UserFileProblem) {
            var failure: UserFileProblem?
            bytes.withUnsafeBytes { buffer in
                do throws(UserFileProblem) {
                    try ExportWriter.writeAll(buffer, to: descriptor, path: path)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }

        /// Makes the export whole at its path: syncs it and renames the temporary file over the path.
        /// - Throws: ``UserFileProblem`` when that fails (the temporary file is removed).
        package func commit() throws(UserFileProblem) {
            guard let temporary else {
                if owned { close(descriptor) }
                return
            }
            guard fsync(descriptor) == 0 || errno == EINVAL else {
                let reason = FileReason.words(errno: errno)
                abandon()
                throw UserFileProblem(path: path, reason: reason)
            }
            close(descriptor)
            guard rename(temporary, path) == 0 else {
                let reason = FileReason.words(errno: errno)
                unlink(temporary)
                throw UserFileProblem(path: path, reason: reason)
            }
        }

        /// Leaves the path as it was: closes the export and removes its temporary file.
        package func abandon() {
            if owned { close(descriptor) }
            if let temporary { unlink(temporary) }
        }
    }

    /// Opens the export at `path` (see the type's rules) for ``Destination/write(_:)``.
    /// - Throws: ``UserFileProblem`` naming `path` and why it cannot be written.
    package static func open(_ path: String, standardOutput: Int32 = 1) throws(UserFileProblem) -> Destination {
        if path == standardOutputPath {
            return Destination(path: "stdout", descriptor: standardOutput, temporary: nil, owned: false)
        }
        guard !path.isEmpty else { throw UserFileProblem(path: "''", reason: "an empty path names no file") }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw UserFileProblem(path: path, reason: FileReason.words(errno: errno)) }
            return try temporaryBeside(path)
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG:
            guard access(path, W_OK) == 0 else { throw UserFileProblem(path: path, reason: "permission denied") }
            return try temporaryBeside(path)
        case S_IFDIR:
            throw UserFileProblem(path: path, reason: "is a directory, not a file")
        default:
            return try through(path)
        }
    }

    /// Opens what `path` is or points at (a link, a FIFO, a device), to write into it, never replacing it.
    private static func through(_ path: String) throws(UserFileProblem) -> Destination {
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
            throw UserFileProblem(path: path, reason: "points at a directory, not a file")
        }
        // Non-blocking open: a FIFO with no reader is refused at once (ENXIO) rather than hanging the command.
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw UserFileProblem(path: path, reason: FileReason.words(errno: errno)) }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        return Destination(path: path, descriptor: descriptor, temporary: nil, owned: true)
    }

    /// Opens a temporary file beside `path` (new, or a regular file), renamed over it at commit.
    private static func temporaryBeside(_ path: String) throws(UserFileProblem) -> Destination {
        let file = PathName(path)
        let temporary = file.sibling(".\(file.name).\(getpid()).tmp")
        let descriptor = systemOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "its folder does not exist" : FileReason.words(errno: errno)
            throw UserFileProblem(path: path, reason: reason)
        }
        return Destination(path: path, descriptor: descriptor, temporary: temporary, owned: true)
    }

    /// Writes every byte of `buffer` to `descriptor`.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String)
        throws(UserFileProblem)
    {
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < buffer.count {
            let written = systemWrite(descriptor, base + start, buffer.count - start)
            if written < 0 {
                if errno == EINTR { continue }
                throw UserFileProblem(path: path, reason: FileReason.words(errno: errno))
            }
            start += written
        }
    }
}
