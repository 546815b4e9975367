import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Child processes through `posix_spawnp` with a clean signal mask and default handlers.
///
/// Foundation's `Process` leaves almost every signal blocked in the child on this Linux (see
/// DASH-PHASE1.md): a tmux or nginx started that way ignores SIGTERM. Here the child gets an empty mask.
enum Spawn {
    /// Exit status (or 128 + signal) and everything the child wrote on stdout and stderr.
    struct Output: Sendable {
        var status: Int32
        var text: String
    }

    /// Runs `argv` to completion, capturing stdout and stderr together.
    static func run(_ argv: [String], extraEnvironment: [String: String] = [:]) throws -> Output {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        let pid: pid_t
        do {
            pid = try start(argv, stdout: .descriptor(fds[1]), extraEnvironment: extraEnvironment, closeInChild: fds[0])
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fds[0], &chunk, chunk.count)
            if count > 0 { output.append(contentsOf: chunk[0..<count]) } else if count == 0 || errno != EINTR { break }
        }
        close(fds[0])
        return Output(status: wait(pid), text: String(decoding: output, as: UTF8.self))
    }

    /// Where a started child's stdout and stderr go.
    enum Sink {
        /// `/dev/null`.
        case null
        /// An already open descriptor (duplicated onto 1 and 2).
        case descriptor(Int32)
        /// A file, created or truncated.
        case file(String)
    }

    /// Starts `argv` in the background (stdin from /dev/null) and returns its pid.
    static func start(
        _ argv: [String], stdout sink: Sink = .null, extraEnvironment: [String: String] = [:],
        closeInChild: Int32? = nil
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
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

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch sink {
        case .null:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .descriptor(let fd):
            posix_spawn_file_actions_adddup2(&actions, fd, 1)
            posix_spawn_file_actions_adddup2(&actions, fd, 2)
            posix_spawn_file_actions_addclose(&actions, fd)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        if let closeInChild { posix_spawn_file_actions_addclose(&actions, closeInChild) }

        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extraEnvironment { environment[key] = value }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for argument in cArguments { free(argument) }
            for variable in cEnvironment { free(variable) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
        return pid
    }

    /// Waits for `pid`; returns its exit status, or 128 + the signal that ended it.
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Sends `signal` to `pid` and waits up to `seconds` for it to end; then SIGKILL.
    static func stop(_ pid: pid_t, signal: Int32 = SIGTERM, seconds: Double = 5) {
        kill(pid, signal)
        let deadline = Stopwatch.now() + seconds
        var status: Int32 = 0
        while Stopwatch.now() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno == ECHILD) { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
    }

    /// The full path of an executable found in `PATH`, `/usr/sbin` or `/sbin`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"] {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
