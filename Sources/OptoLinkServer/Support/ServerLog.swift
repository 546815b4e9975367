import Foundation

/// Where the server reports what no client sees: writes it had to drop, transactions it rolled back.
///
/// ```swift
/// let log = ServerLog { line in print(line) }
/// ```
public struct ServerLog: Sendable {
    /// Receives one line (no trailing newline).
    public let write: @Sendable (String) -> Void

    /// A log that hands every line to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Lines on standard error, prefixed `optolink-server: ` (the default).
    public static let standardError = ServerLog { line in
        FileHandle.standardError.write(Data("optolink-server: \(line)\n".utf8))
    }

    /// Drops every line.
    public static let discarding = ServerLog { _ in }
}
