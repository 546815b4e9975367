import Foundation
import Testing

/// The built `optolink-dash`, found from this file's path (package root/.build/debug), not
/// `swift build --show-bin-path`.
package enum BuiltBinary {
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let path = packageRoot.appendingPathComponent(".build/debug/optolink-dash").path
    package static let exists = FileManager.default.isExecutableFile(atPath: path)
    package static let tmuxAvailable = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .contains { FileManager.default.isExecutableFile(atPath: $0) }
    package static let ready = exists && tmuxAvailable
    package static let skipReason: Comment =
        "needs tmux and the built binary at .build/debug/optolink-dash (run `swift build` first)"
}
