import Foundation
import OptoLinkToolSupport

/// The bench's child processes, through the package's ``ChildProcess`` (a clean signal mask and default
/// handlers: a tmux or nginx started with Foundation's `Process` here ignores SIGTERM).
enum Spawn {
    /// Runs `argv` to completion, capturing stdout and stderr together.
    static func run(_ argv: [String], extraEnvironment: [String: String] = [:]) throws -> ChildRun {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extraEnvironment { environment[key] = value }
        return try ChildProcess.run(argv, environment: environment)
    }

    /// The full path of an executable found in `PATH`, `/usr/sbin` or `/sbin`.
    static func which(_ name: String) -> String? {
        ChildProcess.find(name, alsoIn: ["/usr/sbin", "/sbin", "/usr/local/sbin"])
    }
}
