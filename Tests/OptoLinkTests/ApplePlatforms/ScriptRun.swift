import Foundation

/// A script of this repository run to completion, with its exit status and everything it printed.
struct ScriptRun {
    /// The package root (this file is Tests/OptoLinkTests/ApplePlatforms/ScriptRun.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let status: Int32
    let output: String

    /// Runs `executable` (e.g. `bash`, `python3`, found on PATH) with `arguments` in the package root.
    init(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = Self.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()  // before waiting: a full pipe would block it
        process.waitUntilExit()
        status = process.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    }
}
