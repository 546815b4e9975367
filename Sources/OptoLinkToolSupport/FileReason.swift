import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file a user named cannot be read or written, in words a person can act on: "is a directory",
/// "permission denied", "disk full", never a raw `NSError` domain and code.
package enum FileReason {
    /// The words for `code` (an `errno` value).
    package static func words(errno code: Int32) -> String {
        switch code {
        case EISDIR: return "is a directory"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or directory"
        case ENOTDIR: return "a folder on its path is not a directory"
        case ENOSPC: return "disk full"
        case EDQUOT: return "disk quota exceeded"
        case EROFS: return "read-only file system"
        case ESPIPE: return "not seekable"
        case EFBIG: return "file too large"
        case ENXIO: return "no process is reading it"
        case EPIPE: return "its reader has gone"
        case ENAMETOOLONG: return "the name is too long"
        case ELOOP: return "too many symbolic links"
        case EIO: return "input/output error"
        case EBUSY, ETXTBSY: return "busy"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }

    /// The words for an error a file operation threw: its `errno`'s words when it carries one (a POSIX error,
    /// or a Cocoa error over one), else its description.
    package static func words(_ error: any Error) -> String {
        let error = error as NSError
        for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
        where candidate.domain == NSPOSIXErrorDomain {
            return words(errno: Int32(truncatingIfNeeded: candidate.code))
        }
        return error.localizedDescription
    }
}
