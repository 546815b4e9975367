import Foundation

/// A service's app key as given on the command line (`--api-key`): OptoLink's CLIENT key, QubeRoute's
/// publishable key, Deep Blue's `Api-Key`. Its kind is checked where the service is known.
package struct APIKey: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The demo org's CLIENT key on the embedded server.
    package static let demo = APIKey(rawValue: "opl_sdk_demo_client_key_0000000001")

    /// The key as given.
    package let rawValue: String

    /// The key `rawValue`, as given (an empty one is a key the service refuses, said where it is used).
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The key written in the source (a demo's, a test's).
    package init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The key.
    package var description: String { rawValue }
}
