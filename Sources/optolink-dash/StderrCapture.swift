import CNcurses
import Foundation

/// Sends stderr to a temp file while the UI runs and replays it after the terminal is restored.
final class StderrCapture {
    private var savedDescriptor: Int32 = -1
    private var path: String?

    /// Starts capturing in `$TMPDIR`, else `/tmp`, else `/var/tmp` (no-op when no temp file can be made:
    /// stderr then stays where it is).
    func begin() {
        var descriptor: Int32 = -1
        for directory in [NSTemporaryDirectory(), "/tmp", "/var/tmp"] where descriptor < 0 {
            var template = Array((directory + "/optolink-dash-stderr-XXXXXX").utf8CString)
            descriptor = mkstemp(&template)
            if descriptor >= 0 {
                path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        guard descriptor >= 0 else { return }
        cn_fflush_stderr()
        savedDescriptor = dup(STDERR_FILENO)
        dup2(descriptor, STDERR_FILENO)
        Foundation.close(descriptor)
    }

    /// Restores stderr and writes what was captured to it (idempotent).
    func end() {
        guard savedDescriptor >= 0, let path else { return }
        cn_fflush_stderr()
        dup2(savedDescriptor, STDERR_FILENO)
        Foundation.close(savedDescriptor)
        savedDescriptor = -1
        if let data = FileManager.default.contents(atPath: path), !data.isEmpty {
            FileHandle.standardError.write(data)
        }
        unlink(path)
        self.path = nil
    }
}
