/// AppsFlyer's DevKey as given on the command line (`--dev-key`): the secret the dashboard's simulated app
/// backend signs `af_sig` with, never handed to the SDK. Shown masked.
package struct DevKey: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The DevKey of the embedded server's demo app (`id123456789`).
    package static let demo = DevKey(rawValue: "w8sZzy8EaPaxFKfaoTqUi6")

    /// The key as given.
    package let rawValue: String

    /// The key `rawValue`, as given.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The key written in the source (a demo's, a test's).
    package init(stringLiteral value: String) { self.init(rawValue: value) }

    /// `text` as a DevKey, or the usage error every command gives for one that cannot be (empty, or with a
    /// space or a line break: a copy-and-paste slip that would sign every request wrongly).
    /// - Throws: ``DashboardError/usage(_:)``.
    package static func parse(_ text: String) throws(DashboardError) -> DevKey {
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw .usage("--dev-key must be the DevKey alone, without spaces")
        }
        return DevKey(rawValue: text)
    }

    /// The key masked (``SecretMask/key(_:)``).
    package var description: String { SecretMask.key(rawValue) }
}
