import OptoLinkToolSupport

/// The exit codes of `optolink-dash doctor` (documented in docs/doctor.md and `doctor --help`): the one table
/// of every command (``ExitStatus``).
package enum DoctorExitCode {
    /// Every check passed (warnings and skipped checks allowed).
    package static let passed: Int32 = 0
    /// At least one check failed.
    package static let failed: Int32 = 1
    /// Bad arguments (the message says which).
    package static let usage: Int32 = 2
    /// The host did not answer at all (connection refused, DNS, TLS, timeout): nothing else could be checked.
    package static let unreachable = ExitStatus.backendUnreachable.rawValue
}
