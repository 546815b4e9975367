import Foundation

/// The one error type of `OptoLinkDashboard` (themes, arguments, terminal set-up, backend calls, scenario checks).
///
/// A `LocalizedError` whose description is its ``message``, so code that only sees `any Error` and asks for
/// `localizedDescription` shows the message, not "The operation could not be completed".
public struct DashboardError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case themeSyntax, themeNotFound, themeUnreadable, terminal, usage, backend, scenario, session
    }
    private let code: Code
    /// A message a person can act on (names the file and line for theme errors).
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A theme file has a line that is not `theme[key]="value"`, a comment or blank, or a bad colour.
    public static func themeSyntax(file: String, line: Int, reason: String) -> DashboardError {
        DashboardError(.themeSyntax, "\(file):\(line): \(reason)")
    }

    /// No theme of that name or path.
    public static func themeNotFound(_ name: String, searched: [String]) -> DashboardError {
        DashboardError(.themeNotFound, "theme '\(name)' not found (searched: \(searched.joined(separator: ", ")))")
    }

    /// A theme file exists but cannot be read as UTF-8.
    public static func themeUnreadable(_ path: String) -> DashboardError {
        DashboardError(.themeUnreadable, "\(path): cannot read the theme file")
    }

    /// The terminal cannot be used (TERM unset or unknown, not a TTY).
    public static func terminal(_ message: String) -> DashboardError { DashboardError(.terminal, message) }

    /// Bad command-line arguments.
    public static func usage(_ message: String) -> DashboardError { DashboardError(.usage, message) }

    /// The backend did not answer as expected (unreachable, unexpected status, unreadable body).
    public static func backend(_ message: String) -> DashboardError { DashboardError(.backend, message) }

    /// A scenario's expectation did not hold (the message is its FAIL detail).
    public static func scenario(_ message: String) -> DashboardError { DashboardError(.scenario, message) }

    /// A session file cannot be written, or cannot be opened (not a session, a newer format, a bad line,
    /// too large): the message is the one line `optolink-dash --open` prints before exiting with 2.
    public static func session(_ message: String) -> DashboardError { DashboardError(.session, message) }

    /// True for theme-syntax errors.
    public var isThemeSyntax: Bool { code == .themeSyntax }
    /// True for usage errors (bad arguments, a missing key flag).
    public var isUsage: Bool { code == .usage }
    /// True for session-file errors.
    public var isSession: Bool { code == .session }
    /// True when a theme was not found.
    public var isThemeNotFound: Bool { code == .themeNotFound }

    /// The message.
    public var description: String { message }

    /// The message (what `localizedDescription` shows).
    public var errorDescription: String? { message }
}
