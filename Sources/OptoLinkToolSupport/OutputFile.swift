import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a file a user named for a stream of writes (a recorded session, an asciicast, an export of rows)
/// without ever replacing what the path is: a new or regular file is created or emptied in place, a symbolic
/// link, a FIFO or a device (`/dev/stdout`) is written through. `FileManager.createFile(atPath:contents:)` would
/// write a new file and rename it over the path, turning a link or a device node into a regular file.
///
/// ```swift
/// let handle = try OutputFile.open("run.session")
/// ```
package enum OutputFile {
    /// A handle that writes to `path` from its start (the file emptied), closed when the handle is.
    /// - Throws: ``UserFileProblem`` for an empty path, a directory, a FIFO no one reads, or what the system
    ///   refuses, in words.
    package static func open(_ path: String) throws(UserFileProblem) -> FileHandle {
        guard !path.isEmpty else { throw UserFileProblem(path: "''", reason: "an empty path names no file") }
        var target = stat()
        if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
            throw UserFileProblem(path: path, reason: "is a directory, not a file")
        }
        // Non-blocking open: a FIFO with no reader is refused at once (ENXIO) instead of hanging the command.
        let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "its folder does not exist" : FileReason.words(errno: errno)
            throw UserFileProblem(path: path, reason: reason)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
