import Foundation
import OptoLinkToolSupport

/// A script of this repository run to completion, with its exit status and everything it printed.
struct ScriptRun: Sendable {
    /// The package root (this file is Tests/OptoLinkTests/ApplePlatforms/ScriptRun.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let status: Int32
    let output: String

    /// Runs `executable` (e.g. `bash`, `python3`, found on PATH) with `arguments` in the package root, on
    /// a thread of its own: waiting for a child process must never block one of the cooperative pool's
    /// two threads here (the dashboard's real-clock tests run beside these and starved when it did).
    static func run(_ executable: String, _ arguments: [String]) async throws -> ScriptRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    continuation.resume(returning: try ScriptRun(executable, arguments))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    /// Runs `executable` with `arguments` in the package root, blocking the calling thread until it exits.
    private init(_ executable: String, _ arguments: [String]) throws {
        let run = try ChildProcess.run([executable] + arguments, directory: Self.packageRoot.path)
        status = run.status
        output = run.output
    }
}
