/// A program run to completion by ``ChildProcess/run(_:directory:environment:errors:)``.
package struct ChildRun: Sendable, Hashable {
    /// Its exit status, or 128 + the signal that ended it (as a shell reports it).
    package var status: Int32
    /// Everything it wrote on stdout (and on stderr when that went along), as UTF-8.
    package var output: String
}
