// Stub (type-checking only, never linked or run).
import Foundation

/// Apple: `final class NWParameters : CustomDebugStringConvertible, @unchecked Sendable`. iOS 12.0+.
/// https://developer.apple.com/documentation/network/nwparameters
@available(macOS 10.14, iOS 12.0, watchOS 6.0, tvOS 12.0, *)
public final class NWParameters: CustomDebugStringConvertible, @unchecked Sendable {
    /// Apple: `class var tcp: NWParameters { get }`: default TCP parameters.
    public class var tcp: NWParameters { fatalError("Apple stub: never run") }
    /// Apple: `var includePeerToPeer: Bool`: also use peer-to-peer links (AWDL). Default false.
    public var includePeerToPeer: Bool {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }
    public var debugDescription: String { fatalError("Apple stub: never run") }
}
