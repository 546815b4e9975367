// Stub (type-checking only, never linked or run).
import Foundation

/// Apple: `final class NWBrowser : @unchecked Sendable`. iOS 13.0+, macOS 10.15+. Browsing Bonjour on iOS 14+
/// needs `NSBonjourServices` and `NSLocalNetworkUsageDescription` in the app's Info.plist (else the browser fails
/// with `NWError.dns(-65555)`, `kDNSServiceErr_NoAuth`).
/// https://developer.apple.com/documentation/network/nwbrowser
@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
public final class NWBrowser: @unchecked Sendable {
    /// Apple: `enum Descriptor : Sendable, Hashable, CustomDebugStringConvertible`.
    public enum Descriptor: Sendable, Hashable {
        /// Apple: `case bonjour(type: String, domain: String?)`.
        case bonjour(type: String, domain: String?)
    }

    /// Apple: `enum State : Equatable, Sendable` (not frozen; also `waiting`: `switch` needs `default`).
    public enum State: Equatable, Sendable {
        case setup
        case ready
        case failed(NWError)
        case cancelled
    }

    /// Apple: `struct Result : Hashable, Sendable`.
    public struct Result: Hashable, Sendable {
        /// Apple: `let endpoint: NWEndpoint`: for Bonjour, `.service(name:type:domain:interface:)`.
        public let endpoint: NWEndpoint

        /// Apple: `enum Change : Hashable, Sendable` (also `changed(old:new:flags:)`).
        public enum Change: Hashable, Sendable {
            case identical
            case added(NWBrowser.Result)
            case removed(NWBrowser.Result)
        }
    }

    /// Apple: `init(for descriptor: NWBrowser.Descriptor, using parameters: NWParameters)`.
    public init(for descriptor: NWBrowser.Descriptor, using parameters: NWParameters) {
        fatalError("Apple stub: never run")
    }

    /// Apple: `final var browseResults: Set<NWBrowser.Result> { get }`.
    public var browseResults: Set<NWBrowser.Result> { fatalError("Apple stub: never run") }

    /// Apple: `final var stateUpdateHandler: (@Sendable (NWBrowser.State) -> Void)?`.
    public var stateUpdateHandler: (@Sendable (NWBrowser.State) -> Void)? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }

    /// Apple: `final var browseResultsChangedHandler: (@Sendable (Set<NWBrowser.Result>, Set<NWBrowser.Result.Change>) -> Void)?`.
    public var browseResultsChangedHandler: (@Sendable (Set<NWBrowser.Result>, Set<NWBrowser.Result.Change>) -> Void)? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }

    /// Apple: `final func start(queue: DispatchQueue)`.
    public func start(queue: DispatchQueue) { fatalError("Apple stub: never run") }
    /// Apple: `final func cancel()`.
    public func cancel() { fatalError("Apple stub: never run") }
}
