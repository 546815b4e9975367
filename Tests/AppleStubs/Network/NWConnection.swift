// Stub (type-checking only, never linked or run).
import Foundation

/// Apple: `final class NWConnection : CustomDebugStringConvertible, @unchecked Sendable`. iOS 12.0+, macOS 10.14+.
/// Its handlers are called on the queue given to `start(queue:)`.
/// https://developer.apple.com/documentation/network/nwconnection
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public final class NWConnection: CustomDebugStringConvertible, @unchecked Sendable {
    /// Apple: `enum State : Equatable, Sendable` (not frozen: `switch` needs `default`).
    public enum State: Equatable, Sendable {
        case setup
        /// Apple: `case waiting(NWError)`: cannot connect now (no route, refused, local network denied); it retries by itself.
        case waiting(NWError)
        case preparing
        case ready
        case failed(NWError)
        case cancelled
    }

    /// Apple: `final class ContentContext : CustomDebugStringConvertible, @unchecked Sendable`.
    public final class ContentContext: CustomDebugStringConvertible, @unchecked Sendable {
        /// Apple: `static let defaultMessage: NWConnection.ContentContext`.
        public static let defaultMessage = ContentContext()
        private init() {}
        public var debugDescription: String { fatalError("Apple stub: never run") }
    }

    /// Apple: `enum SendCompletion : Sendable`.
    public enum SendCompletion: Sendable {
        /// Apple: `case contentProcessed(@Sendable (NWError?) -> Void)`: called once the stack took the content.
        case contentProcessed(@Sendable (NWError?) -> Void)
        /// Apple: `case idempotent`.
        case idempotent
    }

    /// Apple: `convenience init(host: NWEndpoint.Host, port: NWEndpoint.Port, using: NWParameters)`.
    public convenience init(host: NWEndpoint.Host, port: NWEndpoint.Port, using: NWParameters) {
        fatalError("Apple stub: never run")
    }
    /// Apple: `init(to: NWEndpoint, using: NWParameters)`.
    public init(to: NWEndpoint, using: NWParameters) { fatalError("Apple stub: never run") }

    /// Apple: `final var stateUpdateHandler: (@Sendable (NWConnection.State) -> Void)?`.
    public var stateUpdateHandler: (@Sendable (NWConnection.State) -> Void)? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }

    /// Apple: `final func start(queue: DispatchQueue)`.
    public func start(queue: DispatchQueue) { fatalError("Apple stub: never run") }
    /// Apple: `final func cancel()`.
    public func cancel() { fatalError("Apple stub: never run") }

    /// Apple: `final func send(content: Data?, contentContext: NWConnection.ContentContext = .defaultMessage,
    /// isComplete: Bool = true, completion: NWConnection.SendCompletion)`.
    public func send(
        content: Data?, contentContext: NWConnection.ContentContext = .defaultMessage, isComplete: Bool = true,
        completion: NWConnection.SendCompletion
    ) { fatalError("Apple stub: never run") }

    /// Apple: `final func receive(minimumIncompleteLength: Int, maximumLength: Int, completion: @escaping @Sendable
    /// (Data?, NWConnection.ContentContext?, Bool, NWError?) -> Void)`.
    public func receive(
        minimumIncompleteLength: Int, maximumLength: Int,
        completion: @escaping @Sendable (Data?, NWConnection.ContentContext?, Bool, NWError?) -> Void
    ) {
        fatalError("Apple stub: never run")
    }

    public var debugDescription: String { fatalError("Apple stub: never run") }
}
