#if canImport(Glibc)
import Glibc

private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin

private let systemRead = Darwin.read
#endif

/// Reads a file a user named, whatever it is: a regular file, or a stream (a pipe such as `<(cat x.lab)`, a
/// FIFO, `/dev/stdin`), read to its end; a directory, a missing or unreadable file is a ``UserFileProblem`` that
/// says so in words.
///
/// ```swift
/// let text = try UserFile.text("labs/default.lab", limit: 16 << 20)
/// ```
package enum UserFile {
    /// What is at a path (symbolic links followed).
    package enum Kind: Sendable, Hashable {
        /// Nothing, or a path that cannot be looked at; the reason in words.
        case unreachable(String)
        /// A regular file of `size` bytes.
        case regular(size: Int64)
        /// A directory.
        case directory
        /// A pipe, a FIFO, a character device or a socket: read as a stream, it has no size.
        case stream
    }

    /// What `path` is.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .unreachable(FileReason.words(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular(size: Int64(info.st_size))
        default: return .stream
        }
    }

    /// The bytes of `path`, at most `limit` (a file or stream longer than that is refused, saying the limit).
    /// - Throws: ``UserFileProblem`` naming the path and why.
    package static func read(_ path: String, limit: Int) throws(UserFileProblem) -> [UInt8] {
        switch kind(of: path) {
        case .unreachable(let reason): throw UserFileProblem(path: path, reason: reason)
        case .directory: throw UserFileProblem(path: path, reason: "is a directory, not a file")
        case .regular(let size) where size > Int64(limit):
            throw UserFileProblem(path: path, reason: "is \(size) bytes, more than the \(limit) read")
        case .regular, .stream: break
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw UserFileProblem(path: path, reason: FileReason.words(errno: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UserFileProblem(path: path, reason: FileReason.words(errno: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit {
                throw UserFileProblem(path: path, reason: "is more than the \(limit) bytes read")
            }
        }
    }

    /// ``read(_:limit:)`` as UTF-8 text (a leading byte-order mark dropped).
    /// - Throws: ``UserFileProblem`` when it cannot be read or is not UTF-8 text (saying at which byte).
    package static func text(_ path: String, limit: Int) throws(UserFileProblem) -> String {
        var bytes = try read(path, limit: limit)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let offset = firstInvalidByte(bytes)
        guard offset == bytes.count else {
            throw UserFileProblem(path: path, reason: "is not UTF-8 text (byte \(offset) is not)")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset of the first byte that does not decode as UTF-8.
    private static func firstInvalidByte(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }
}
