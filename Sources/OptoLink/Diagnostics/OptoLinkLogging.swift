#if canImport(os)
import os
#endif

/// A ready-made destination for the SDK's log lines, besides (or instead of) your own
/// ``OptoLinkConfiguration/Logging/logger`` closure: ``none`` (the default) or, on Apple platforms, `osLog` (behind
/// `canImport(os)`, so not in documentation built on Linux).
///
/// Whatever the destination, only lines at ``OptoLinkConfiguration/Logging/level`` or above reach it;
/// ``OptoLink/diagnostics`` still records every warning, error and info line.
///
/// ```swift
/// let configuration = try OptoLinkConfiguration.optoLink(
///     apiKey: "opl_sdk_…", orgKey: "demo", baseURL: URL(string: "https://links.example.com")!,
///     logging: .init(level: .info, destination: .osLog))   // Console.app: subsystem com.optolink.sdk
/// ```
public struct OptoLinkLogging: Sendable, Hashable {
    enum Destination: Sendable, Hashable {
        case none
        #if canImport(os)
        case osLog(subsystem: String, category: String)
        #endif
    }

    let destination: Destination

    /// No ready-made destination: lines go only to ``OptoLinkConfiguration/Logging/logger`` (when set) and to
    /// ``OptoLink/diagnostics``. The default: an SDK stays quiet unless the app asks.
    public static let none = OptoLinkLogging(destination: .none)

    #if canImport(os)
    /// Apple's unified logging (`os_log`), subsystem `com.optolink.sdk`, category `OptoLink`: the lines
    /// appear in Xcode's console and Console.app, filterable by subsystem.
    ///
    /// Levels map to `OSLogType`: debug → `.debug`, info → `.info`, warning → `.default`, error →
    /// `.error`. Messages are logged as public (`%{public}@`): the SDK's lines hold link paths, short
    /// codes, event names and HTTP statuses, never the API key, the device id or your user id.
    /// Only on platforms with the `os` module (Apple's); on Linux use ``OptoLinkConfiguration/Logging/logger``.
    public static let osLog = OptoLinkLogging.osLog(subsystem: "com.optolink.sdk", category: "OptoLink")

    /// `osLog` with your own subsystem and category (for example your app's bundle id and `"Links"`).
    public static func osLog(subsystem: String, category: String) -> OptoLinkLogging {
        OptoLinkLogging(destination: .osLog(subsystem: subsystem, category: category))
    }
    #endif

    /// The function that writes a line to this destination, or nil for ``none``.
    func makeLogger() -> OptoLinkLogger? {
        switch destination {
        case .none:
            return nil
        #if canImport(os)
        case .osLog(let subsystem, let category):
            let sink = OSLogSink(subsystem: subsystem, category: category)
            return { level, message in sink.write(level, message) }
        #endif
        }
    }
}

#if canImport(os)
/// Writes lines to one `OSLog`.
///
/// `@unchecked Sendable` is safe: the only stored property is an immutable `OSLog`, and Apple documents
/// the unified logging functions as safe to call from any thread with a shared log object (an `OSLog`
/// is not declared `Sendable` in every SDK this package supports).
final class OSLogSink: @unchecked Sendable {
    private let log: OSLog

    init(subsystem: String, category: String) {
        self.log = OSLog(subsystem: subsystem, category: category)
    }

    func write(_ level: LogLevel, _ message: String) {
        let type: OSLogType
        switch level {
        case .debug: type = .debug
        case .info: type = .info
        case .warning: type = .default
        case .error: type = .error
        }
        os_log(type, log: log, "%{public}@", message)
    }
}
#endif
