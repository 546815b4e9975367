import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process whose stdout and stderr go to a log file that the test reads (no pipe to drain, and
/// the log survives the child's SIGKILL).
struct LoggedChild: Sendable {
    let child: ChildProcess
    let logURL: URL

    /// Starts `executable` with `arguments`; output (stdout and stderr) is appended to `logURL`.
    init(_ executable: URL, _ arguments: [String], log logURL: URL) throws {
        self.logURL = logURL
        child = try ChildProcess(
            [executable.path] + arguments, output: .file(logURL.path, append: true), errors: .sameAsOutput)
    }

    var pid: Int32 { child.pid }

    /// The log's text so far.
    var output: String {
        (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    }

    /// The log's complete lines so far.
    var lines: [Substring] {
        let text = output
        guard let end = text.lastIndex(of: "\n") else { return [] }
        return text[..<end].split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Polls every 5 ms until `predicate` holds on the lines, the child exits, or `timeout` passes.
    @discardableResult
    func wait(timeout: TimeInterval, until predicate: ([Substring]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if predicate(lines) { return true }
            if !child.isRunning { return predicate(lines) }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return predicate(lines)
    }

    /// Sends `signal` (SIGKILL by default).
    func kill(_ signal: Int32 = SIGKILL) {
        child.signal(signal)
    }

    /// Waits until the child exited (or `timeout`); returns its exit status, nil when still running.
    func waitForExit(timeout: TimeInterval) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning, Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return child.status
    }
}

/// The package's executables, for tests that run them as child processes.
enum Binaries {
    /// The package root (three levels above this file: Tests/EndToEndTests/Support/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built executable `product`.
    ///
    /// `swift test` builds every target of the package, executables included (checked with SwiftPM 6.3:
    /// `swift build --build-tests` links `optolink-server` and `optolink-event-child` too), into the
    /// test runner's directory, so it is normally found there (or in `.build/debug`). When it is missing
    /// (e.g. `swift test --skip-build` after building only the tests), it is built with
    /// `swift build --product <product> --scratch-path .build/e2e-fallback`: a separate scratch path,
    /// because the running `swift test` holds the lock of `.build` and a nested `swift build` there
    /// waits for it forever. Measured: 12 s for the child, 7 s more for the server.
    static func url(_ product: String) throws -> URL {
        var candidates: [URL] = []
        if let runner = Bundle.main.executableURL {
            candidates.append(runner.deletingLastPathComponent().appendingPathComponent(product))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(product))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(product)"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        return try lock.withLock {
            let scratch = packageRoot.appendingPathComponent(".build/e2e-fallback")
            let built = scratch.appendingPathComponent("debug/\(product)")
            let build = try ChildProcess(
                ["swift", "build", "--product", product, "--scratch-path", scratch.path],
                directory: packageRoot.path, errors: .inherit)
            guard build.waitUntilExit() == 0, FileManager.default.isExecutableFile(atPath: built.path) else {
                throw ProbeError(
                    "cannot find \(product) (looked in \(candidates.map(\.path))) nor build it in \(scratch.path)")
            }
            return built
        }
    }

    /// One fallback build at a time.
    private static let lock = NSLock()
}
