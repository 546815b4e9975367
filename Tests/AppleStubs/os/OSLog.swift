// Stub (type-checking only, never linked or run): the `os` module's unified logging, as the SDK uses it
// (Sources/OptoLink/Diagnostics/OptoLinkLogging.swift). On Apple platforms `os` does not re-export
// Foundation; this stub imports it only for NSObject.
import Foundation

/// Apple: `class OSLog : NSObject` (os). A log object: a subsystem and a category. Not declared
/// `Sendable` in every SDK (the SDK wraps it; see `OSLogSink`).
/// iOS 10.0+, macOS 10.12+, tvOS 10.0+, watchOS 3.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/os/oslog
@available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class OSLog: NSObject {
    /// Apple: `convenience init(subsystem: String, category: String)`. iOS 10.0+.
    /// https://developer.apple.com/documentation/os/oslog/init(subsystem:category:)
    public convenience init(subsystem: String, category: String) { fatalError("Apple stub: never run") }

    /// Apple: `static let default: OSLog`: the shared default log. iOS 10.0+.
    /// https://developer.apple.com/documentation/os/oslog/default
    public static var `default`: OSLog { fatalError("Apple stub: never run") }
}

/// Apple: `struct OSLogType` (imported from `os_log_type_t`): the level of a message.
/// iOS 10.0+, macOS 10.12+, tvOS 10.0+, watchOS 3.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/os/oslogtype
@available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
public struct OSLogType: Equatable, RawRepresentable {
    /// Apple: `var rawValue: UInt8`.
    public var rawValue: UInt8
    /// Apple: `init(rawValue: UInt8)` (also `init(_ rawValue: UInt8)`).
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Apple: `static let default: OSLogType` (`OS_LOG_TYPE_DEFAULT`).
    public static var `default`: OSLogType { fatalError("Apple stub: never run") }
    /// Apple: `static let info: OSLogType` (`OS_LOG_TYPE_INFO`).
    public static var info: OSLogType { fatalError("Apple stub: never run") }
    /// Apple: `static let debug: OSLogType` (`OS_LOG_TYPE_DEBUG`).
    public static var debug: OSLogType { fatalError("Apple stub: never run") }
    /// Apple: `static let error: OSLogType` (`OS_LOG_TYPE_ERROR`).
    public static var error: OSLogType { fatalError("Apple stub: never run") }
    /// Apple: `static let fault: OSLogType` (`OS_LOG_TYPE_FAULT`).
    public static var fault: OSLogType { fatalError("Apple stub: never run") }
}

/// Apple: `func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default,
/// _ message: StaticString, _ args: any CVarArg...)`.
/// iOS 12.0+, macOS 10.14+, tvOS 12.0+, watchOS 5.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/os/os_log(_:dso:log:_:_:)
@available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, visionOS 1.0, *)
public func os_log(
    _ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: StaticString,
    _ args: any CVarArg...
) {
    fatalError("Apple stub: never run")
}
