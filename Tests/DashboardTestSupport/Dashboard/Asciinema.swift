import Foundation
import OptoLinkToolSupport
import Testing

/// asciinema (Debian `asciinema`), which the cast tests play an exported file with. `.ci/run` installs it;
/// elsewhere those tests skip, with this reason, when it is missing. Under CI (`CI` set) its absence fails them.
package enum Asciinema {
    /// Its path, nil when it is not on the PATH.
    package static let path: String? = ChildProcess.find("asciinema")

    /// Whether the tests run: it is there, or this is CI (where its absence is a failure).
    package static var shouldRun: Bool { path != nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// The skip comment.
    package static var skipReason: Comment { "not installed: asciinema (Debian asciinema); bash .ci/run installs it" }

    /// `asciinema cat FILE`: everything the cast sends to the terminal, in order. asciinema 2.2 opens `/dev/tty`
    /// even for `cat`, so it runs in a tmux pane (a terminal of its own) with its output sent to a file.
    package static func cat(_ file: URL) async throws -> String {
        guard let path else { throw MissingTool() }
        let pane = try TmuxSession(
            command: "'\(path)' cat '\(file.path)' > played.out 2> played.err; echo $? > played.rc")
        defer { pane.kill() }
        let deadline = Date().addingTimeInterval(30)
        while pane.file("played.rc") == nil, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        guard pane.file("played.rc")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0" else {
            throw Failed(description: "asciinema cat failed: \(pane.file("played.err") ?? "no answer in 30 s")")
        }
        return pane.file("played.out") ?? ""
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    struct MissingTool: Error, CustomStringConvertible {
        var description: String { "asciinema is not installed (Debian asciinema; bash .ci/run installs it)" }
    }
}
