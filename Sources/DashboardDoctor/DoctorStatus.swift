/// The verdict of one doctor check.
///
/// Only ``fail`` makes `optolink-dash doctor` exit non-zero: a warning is something that works today but
/// deserves a look (a clock a few minutes off), a skip is a check that had nothing to look at (no
/// `--api-key` given, or the answer it needs never came).
package enum DoctorStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The check holds.
    case pass
    /// Works, but deserves attention (does not change the exit code).
    case warn
    /// Broken: the line says what to fix (exit code 1, or 4 when the host did not answer at all).
    case fail
    /// Not run: an option was not given or what it needs is missing (the line says which).
    case skip

    /// The mark printed before the check's title: ✔ ⚠ ✘ –.
    package var mark: String {
        switch self {
        case .pass: "✔"
        case .warn: "⚠"
        case .fail: "✘"
        case .skip: "–"
        }
    }
}
