// Stub (type-checking only, never linked or run).
import Foundation

/// Apple: `final class NWInterface : Hashable, CustomDebugStringConvertible, Sendable`. iOS 12.0+.
/// https://developer.apple.com/documentation/network/nwinterface
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public final class NWInterface: Hashable, CustomDebugStringConvertible, Sendable {
    /// Apple: `let name: String`.
    public var name: String { fatalError("Apple stub: never run") }
    public static func == (lhs: NWInterface, rhs: NWInterface) -> Bool { fatalError("Apple stub: never run") }
    public func hash(into hasher: inout Hasher) { fatalError("Apple stub: never run") }
    public var debugDescription: String { fatalError("Apple stub: never run") }
}

/// Apple: `enum NWEndpoint : Hashable, CustomDebugStringConvertible, Sendable` (not frozen: more cases exist,
/// `url`, `unix`, `opaque`; the stub declares the two the SDK uses, so a `switch` needs `default`). iOS 12.0+.
/// https://developer.apple.com/documentation/network/nwendpoint
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public enum NWEndpoint: Hashable, CustomDebugStringConvertible, Sendable {
    /// Apple: `case hostPort(host: NWEndpoint.Host, port: NWEndpoint.Port)`.
    case hostPort(host: NWEndpoint.Host, port: NWEndpoint.Port)
    /// Apple: `case service(name: String, type: String, domain: String, interface: NWInterface?)`: a Bonjour service.
    case service(name: String, type: String, domain: String, interface: NWInterface?)

    /// Apple: `var debugDescription: String { get }`.
    public var debugDescription: String { fatalError("Apple stub: never run") }

    /// Apple: `enum Host : Hashable, CustomDebugStringConvertible, ExpressibleByStringLiteral, Sendable`
    /// (cases `name`, `ipv4`, `ipv6`; the stub keeps `name`).
    public enum Host: Hashable, CustomDebugStringConvertible, ExpressibleByStringLiteral, Sendable {
        /// Apple: `case name(String, NWInterface?)`.
        case name(String, NWInterface?)
        /// Apple: `init(_ string: String)`: an address literal or a host name.
        public init(_ string: String) { fatalError("Apple stub: never run") }
        /// Apple: `init(stringLiteral:)`.
        public init(stringLiteral: String) { fatalError("Apple stub: never run") }
        public var debugDescription: String { fatalError("Apple stub: never run") }
    }

    /// Apple: `struct Port : Hashable, CustomDebugStringConvertible, ExpressibleByIntegerLiteral, RawRepresentable, Sendable`.
    public struct Port: Hashable, CustomDebugStringConvertible, ExpressibleByIntegerLiteral, RawRepresentable, Sendable
    {
        /// Apple: `var rawValue: UInt16`.
        public var rawValue: UInt16
        /// Apple: `init?(rawValue: UInt16)`.
        public init?(rawValue: UInt16) { fatalError("Apple stub: never run") }
        /// Apple: `init(integerLiteral: UInt16)`.
        public init(integerLiteral value: UInt16) { fatalError("Apple stub: never run") }
        public var debugDescription: String { fatalError("Apple stub: never run") }
    }
}
