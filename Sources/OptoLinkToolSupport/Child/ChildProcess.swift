import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Darwin declares posix_spawn's two records as optional pointers, glibc as structs.
#if canImport(Darwin)
private typealias SpawnAttributes = posix_spawnattr_t?
private typealias SpawnActions = posix_spawn_file_actions_t?
#else
private typealias SpawnAttributes = posix_spawnattr_t
private typealias SpawnActions = posix_spawn_file_actions_t
#endif

/// A program started with `posix_spawnp`, an empty signal mask and default signal handlers.
///
/// The one way this package's tools and tests start a program. Foundation's `Process` is not used:
/// - with Swift 6.3.1 on Linux its `run()` crashes now and then (SIGSEGV in a `memcpy`) in a process with
///   many descriptors open: it copies whole 256-byte `d_name` fields while listing `/proc/self/fd`, reading
///   past glibc's buffer (swift-corelibs-foundation pull request 5472). A test run spawning scripts next to
///   its servers crashed that way;
/// - it starts the child with the parent's blocked signals, so a tmux or a publisher started that way
///   ignores SIGTERM.
///
/// Every descriptor the parent opens here closes on exec, so a child started on one thread never holds
/// a pipe another thread waits on.
///
/// ```swift
/// let run = try ChildProcess.run(["bash", "Scripts/check.sh"], directory: root)
/// let child = try ChildProcess(["tmux", "-L", name, "new-session", "-d"])
/// child.waitUntilExit()
/// ```
package final class ChildProcess: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `pid` is immutable and `reaped` is only touched under `lock`.

    /// The child's process id.
    package let pid: pid_t
    /// The read end of the child's stdout when it was started with `output: .pipe`.
    package let outputReader: FileHandle?
    /// The read end of the child's stderr when it was started with `errors: .pipe`.
    package let errorReader: FileHandle?
    private let lock = NSLock()
    private var reaped: Int32?

    /// Starts `argv` (its first element found in `PATH`) with stdin from `/dev/null`.
    /// - Parameters:
    ///   - environment: the child's whole environment; the parent's when nil.
    ///   - directory: where the child starts; the parent's current directory when nil.
    /// - Throws: `POSIXError` when the program cannot be started (not found, not executable, no such folder).
    package init(
        _ argv: [String], environment: [String: String]? = nil, directory: String? = nil,
        output: ChildOutput = .null, errors: ChildOutput = .null
    ) throws {
        guard let program = argv.first else { throw POSIXError(.EINVAL) }
        #if canImport(Darwin)
        var attributes: SpawnAttributes = nil
        var actions: SpawnActions = nil
        #else
        var attributes = SpawnAttributes()
        var actions = SpawnActions()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory, cspawn_addchdir(&actions, directory) != 0 { throw POSIXError(.ENOMEM) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let outputPipe = try Self.route(output, to: 1, in: &actions)
        let errorPipe: [Int32]?
        do {
            errorPipe = try Self.route(errors, to: 2, in: &actions)
        } catch {
            Self.close(outputPipe)
            throw error
        }
        // The parent's write ends close once the child holds its copies; the read ends close with their handle.
        defer {
            for pipe in [outputPipe, errorPipe] { if let pipe { Foundation.close(pipe[1]) } }
        }

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = variables.map { strdup($0) } + [nil]
        defer {
            for argument in cArguments { free(argument) }
            for variable in cEnvironment { free(variable) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else {
            for pipe in [outputPipe, errorPipe] { if let pipe { Foundation.close(pipe[0]) } }
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        self.pid = pid
        outputReader = outputPipe.map { FileHandle(fileDescriptor: $0[0], closeOnDealloc: true) }
        errorReader = errorPipe.map { FileHandle(fileDescriptor: $0[0], closeOnDealloc: true) }
    }

    /// The first executable file `name` in the folders of `searchPath` (a `PATH`: the process's own when nil, or
    /// `/usr/local/bin:/usr/bin:/bin` when it has none), then in `alsoIn`; nil when none holds it.
    package static func find(_ name: String, searchPath: String? = nil, alsoIn extra: [String] = []) -> String? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + extra
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `argv` to completion on the calling thread and returns what it wrote on stdout (and on stderr,
    /// unless `errors` sends it elsewhere) with its status. Blocks: call it off the cooperative pool.
    /// - Throws: `POSIXError` when the program cannot be started.
    package static func run(
        _ argv: [String], directory: String? = nil, environment: [String: String]? = nil,
        errors: ChildOutput = .sameAsOutput
    ) throws -> ChildRun {
        let child = try ChildProcess(
            argv, environment: environment, directory: directory, output: .pipe, errors: errors)
        let output = child.outputReader?.readDataToEndOfFile() ?? Data()
        return ChildRun(status: child.waitUntilExit(), output: String(decoding: output, as: UTF8.self))
    }

    /// The child's exit status (or 128 + the signal that ended it) once it has ended; nil while it runs.
    package var status: Int32? {
        for _ in 0..<1_000 {
            lock.lock()
            if let reaped {
                lock.unlock()
                return reaped
            }
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid { reaped = Self.status(raw) }
            let known = reaped
            lock.unlock()
            if result == pid { return known }
            if result == 0 { return nil }
            if result == -1 && errno == EINTR { continue }
            // ECHILD: a thread in `waitUntilExit` has just reaped it and is recording its status.
            usleep(1_000)
        }
        return recordLost()
    }

    /// Whether the child still runs.
    package var isRunning: Bool { status == nil }

    /// Waits for the child to end; returns its exit status, or 128 + the signal that ended it.
    @discardableResult
    package func waitUntilExit() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, 0)
            if result == pid {
                lock.lock()
                defer { lock.unlock() }
                if reaped == nil { reaped = Self.status(raw) }
                return reaped ?? -1
            }
            if result == -1 && errno == EINTR { continue }
            // ECHILD: `status` reaped it on another thread meanwhile, and recorded what it found.
            return status ?? recordLost()
        }
    }

    /// Records -1 for a child reaped by no one here (another part of the process waited for every child).
    private func recordLost() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if reaped == nil { reaped = -1 }
        return reaped ?? -1
    }

    /// Sends `signal` (SIGTERM by default) unless the child has already been reaped.
    package func signal(_ signal: Int32 = SIGTERM) {
        guard isRunning else { return }
        _ = kill(pid, signal)
    }

    /// Ends the child: `signal`, then SIGKILL when it is still there after `grace` seconds; waits for it.
    /// Returns its status.
    @discardableResult
    package func stop(signal: Int32 = SIGTERM, grace: Double = 5) -> Int32 {
        self.signal(signal)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning { _ = kill(pid, SIGKILL) }
        return waitUntilExit()
    }

    private static func status(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    /// Adds to `actions` what sends `output` to descriptor `target`; returns the pipe it opened for `.pipe`.
    private static func route(
        _ output: ChildOutput, to target: Int32, in actions: inout SpawnActions
    ) throws -> [Int32]? {
        switch output {
        case .null:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
        case .inherit:
            break
        case .file(let path, let append):
            let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
            posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
        case .descriptor(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        case .pipe:
            var descriptors: [Int32] = [-1, -1]
            guard cspawn_pipe_cloexec(&descriptors) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
            }
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], target)
            return descriptors
        case .sameAsOutput:
            posix_spawn_file_actions_adddup2(&actions, 1, target)
        }
        return nil
    }

    private static func close(_ pipe: [Int32]?) {
        guard let pipe else { return }
        Foundation.close(pipe[0])
        Foundation.close(pipe[1])
    }
}
