// Stub (type-checking only, never linked or run).
import Foundation

/// Apple: `typealias DNSServiceErrorType = Int32` (dnssd, re-exported by Network).
public typealias DNSServiceErrorType = Int32
/// Apple: `typealias OSStatus = Int32` (MacTypes).
public typealias OSStatus = Int32

/// Apple: `enum NWError : Error, CustomDebugStringConvertible, Equatable, Sendable`. iOS 12.0+, macOS 10.14+.
/// https://developer.apple.com/documentation/network/nwerror
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public enum NWError: Error, CustomDebugStringConvertible, Equatable, Sendable {
    /// Apple: `case posix(POSIXErrorCode)`.
    case posix(POSIXErrorCode)
    /// Apple: `case dns(DNSServiceErrorType)`: e.g. -65555 `kDNSServiceErr_NoAuth` (the service type is
    /// missing from NSBonjourServices), -65570 `kDNSServiceErr_PolicyDenied` (local network access denied).
    case dns(DNSServiceErrorType)
    /// Apple: `case tls(OSStatus)`.
    case tls(OSStatus)

    /// Apple: `var debugDescription: String { get }`.
    public var debugDescription: String { fatalError("Apple stub: never run") }
}
