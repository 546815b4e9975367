/// Where a ``ChildProcess`` writes one of its output streams.
package enum ChildOutput: Sendable, Hashable {
    /// Discarded (`/dev/null`).
    case null
    /// The parent's own stream (its stdout for stdout, its stderr for stderr).
    case inherit
    /// A file, created when missing; appended to, or emptied first.
    case file(String, append: Bool)
    /// An open descriptor of the parent (a pipe's write end), duplicated into the child.
    case descriptor(Int32)
    /// A new pipe the parent reads from: ``ChildProcess/outputReader`` or ``ChildProcess/errorReader``.
    case pipe
    /// For stderr: wherever stdout goes.
    case sameAsOutput
}
