import Foundation

/// An OptoLink org key as given on the command line (`--org-key`): the first path segment of the org's links.
package struct OrgKey: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The demo org.
    package static let demo = OrgKey(rawValue: "demo")

    /// The key as given.
    package let rawValue: String

    /// The key `rawValue`, as given; ``strict(_:)`` checks the shape a real deployment's key has.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// `text` when it is exactly 4 ASCII letters or digits, else nil.
    package static func strict(_ text: String) -> OrgKey? {
        guard text.count == 4,
            text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return nil }
        return OrgKey(rawValue: text)
    }

    /// The key.
    package var description: String { rawValue }
}
