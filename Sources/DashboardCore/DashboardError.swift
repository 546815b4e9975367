import Foundation
import OptoLinkToolSupport

/// The one error type of `OptoLinkDashboard` (themes, arguments, terminal set-up, backend calls, scenario checks).
///
/// A `LocalizedError` whose description is its ``message``, so code that only sees `any Error` and asks for
/// `localizedDescription` shows the message, not "The operation could not be completed".
package struct DashboardError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case themeSyntax, themeNotFound, themeUnreadable, terminal, usage, backend, scenario, cannotCheck, lab, session
        case export, listen
    }
    private let code: Code
    /// A message a person can act on (names the file and line for theme errors).
    package let message: String

    /// Control bytes in `message` (text a user gave, repeated in it) are escaped, so no error can drive the
    /// terminal it is printed on (``QuotedText``).
    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = QuotedText.escaped(message, limit: .max)
    }

    /// A theme file has a line that is not `theme[key]="value"`, a comment or blank, or a bad colour.
    package static func themeSyntax(file: String, line: Int, reason: String) -> DashboardError {
        DashboardError(.themeSyntax, "\(file):\(line): \(reason)")
    }

    /// No theme of that name or path.
    package static func themeNotFound(_ name: String, searched: [String]) -> DashboardError {
        DashboardError(.themeNotFound, "theme '\(name)' not found (searched: \(searched.joined(separator: ", ")))")
    }

    /// A theme file that cannot be read (`reason` in words: "is a directory", "is not UTF-8 text (byte 3 is
    /// not)", "is more than the 65536 bytes read").
    package static func themeUnreadable(_ path: String, reason: String) -> DashboardError {
        DashboardError(
            .themeUnreadable, "\(QuotedText.escaped(path, limit: 200)): cannot read the theme file: \(reason)")
    }

    /// The terminal cannot be used (TERM unset or unknown, not a TTY).
    package static func terminal(_ message: String) -> DashboardError { DashboardError(.terminal, message) }

    /// Bad command-line arguments.
    package static func usage(_ message: String) -> DashboardError { DashboardError(.usage, message) }

    /// An address to listen on (`--listen`) that could not be opened: in use, or not this machine's.
    package static func listen(_ message: String) -> DashboardError { DashboardError(.listen, message) }

    /// The backend did not answer as expected (unreachable, unexpected status, unreadable body).
    package static func backend(_ message: String) -> DashboardError { DashboardError(.backend, message) }

    /// A scenario's expectation did not hold (the message is its FAIL detail).
    package static func scenario(_ message: String) -> DashboardError { DashboardError(.scenario, message) }

    /// A scenario found mid-run that the deployment cannot show what it checks (the message says why): the
    /// run is a SKIP with that reason, not a FAIL.
    package static func cannotCheck(_ message: String) -> DashboardError { DashboardError(.cannotCheck, message) }

    /// True when a scenario could not check what it is about here (``cannotCheck(_:)``).
    package var isCannotCheck: Bool { code == .cannotCheck }

    /// A lab file or a `--set` has a value the lab cannot use; the message names the file and line, or the
    /// `--set`, and says what is expected.
    package static func lab(_ message: String) -> DashboardError { DashboardError(.lab, message) }

    /// True for lab file and `--set` errors.
    package var isLab: Bool { code == .lab }

    /// A session file cannot be opened (not a session, a newer format, a bad line, too large): the message is
    /// the one line `optolink-dash --open` prints before exiting with 2. One that cannot be written is an
    /// ``export(_:)`` error.
    package static func session(_ message: String) -> DashboardError { DashboardError(.session, message) }

    /// An export (`--export DIR`, `X`, `--csv`, `--svg`, `--junit`, a session `--record` or `W` records, an
    /// asciicast) cannot be written: the message names the file and the reason in words; commands exit with 3.
    package static func export(_ message: String) -> DashboardError { DashboardError(.export, message) }

    /// True for export errors.
    package var isExport: Bool { code == .export }

    /// True for theme-syntax errors.
    package var isThemeSyntax: Bool { code == .themeSyntax }
    /// True for usage errors (bad arguments, a missing key flag).
    package var isUsage: Bool { code == .usage }
    /// True for session-file errors.
    package var isSession: Bool { code == .session }
    /// True when a theme was not found.
    package var isThemeNotFound: Bool { code == .themeNotFound }

    /// The code a command exits with for this error (docs/exit-codes.md): 2 for what the user gave (flags,
    /// files to read, themes), 3 for what could not be written or opened to write to (an export, the terminal),
    /// 4 for a backend with no answer, 1 for a failed scenario.
    package var exitStatus: ExitStatus {
        switch code {
        case .usage, .lab, .session, .themeSyntax, .themeNotFound, .themeUnreadable: .badInput
        case .export, .terminal, .listen: .exportFailed
        case .backend: .backendUnreachable
        case .scenario: .verdictFailed
        case .cannotCheck: .done
        }
    }

    /// The message.
    package var description: String { message }

    /// The message (what `localizedDescription` shows).
    package var errorDescription: String? { message }
}
