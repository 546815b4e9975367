/// The exit statuses of every command of `optolink-dash` and `optolink-server` (docs/exit-codes.md): one table, so
/// a script can tell a failed verdict from a typo from a down backend.
///
/// | code | meaning |
/// |------|---------|
/// | 0    | done: every verdict passed, the server or proxy stopped when asked |
/// | 1    | a verdict failed (a scenario, a doctor check, a lab expectation) |
/// | 2    | bad input: a flag, a value, a file that cannot be read or is not what it should be |
/// | 3    | an export failed (`--csv`, `--svg`, `--har`, `--junit`…), or a terminal/port could not be opened |
/// | 4    | a backend unreachable (`--base-url`, `--upstream` gives no HTTP answer) |
/// | 141  | stdout was closed by its reader (`… | head -1`): the command ended quietly |
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Done: every verdict passed, or the long-running command stopped when asked.
    case done = 0
    /// A verdict failed.
    case verdictFailed = 1
    /// Bad input: a flag, a value, or a file the user named.
    case badInput = 2
    /// An export (or the terminal, or the port to listen on) could not be written or opened.
    case exportFailed = 3
    /// The backend the command was pointed at gave no HTTP answer.
    case backendUnreachable = 4
    /// stdout's reader has gone (128 + SIGPIPE, as the shell reports a process ended by it).
    case readerGone = 141
}
