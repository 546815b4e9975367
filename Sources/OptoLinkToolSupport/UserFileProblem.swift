/// A file a user named that cannot be used: the path and the reason in words (`seed.json: is a directory`).
package struct UserFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as the user gave it (control bytes escaped when shown).
    package let path: String
    /// Why, in words: "is a directory", "permission denied", "is not UTF-8 text"…
    package let reason: String

    /// A problem with `path`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: reason`.
    package var description: String { QuotedText.escaped(path, limit: 200) + ": " + reason }
}
