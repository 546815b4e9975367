import Foundation

#if os(Linux)
import Glibc

extension SessionTestFiles {
    /// Puts a read-only descriptor of `url` in place of the one descriptor this process writes it through, so
    /// every later write to it fails (`EBADF`), as on a disk gone read-only.
    package static func makeReadOnly(_ url: URL) throws {
        let target = url.resolvingSymlinksInPath().path
        let readOnly = open(target, O_RDONLY | O_CLOEXEC)
        guard readOnly >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(readOnly) }
        var replaced = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let descriptor = Int32(name), descriptor != readOnly,
                let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                linked == target
            else { continue }
            guard dup2(readOnly, descriptor) == descriptor else { throw CocoaError(.fileWriteUnknown) }
            replaced += 1
        }
        guard replaced == 1 else { throw CocoaError(.fileNoSuchFile) }
    }
}
#endif
