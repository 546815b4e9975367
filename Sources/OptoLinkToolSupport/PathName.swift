/// A file path split at its last `/`, by hand: Foundation's `NSString` path methods on Linux trap on a
/// one-character relative path (`--csv x`), so the tools never call them on a path a user typed.
///
/// ```swift
/// PathName("exports/run.csv").directory        // "exports"
/// PathName("run.csv").nameWithoutExtension     // "run"
/// ```
package struct PathName: Sendable, Hashable {
    /// The path as given.
    package let path: String

    /// Splits `path`.
    package init(_ path: String) {
        self.path = path
    }

    /// Everything before the last `/` (`/` itself for a file at the root), empty when there is none.
    package var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Everything after the last `/`: the file's name.
    package var name: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// ``name`` without its last `.extension` (a name that starts with its only dot keeps it: `.theme`).
    package var nameWithoutExtension: String {
        let name = self.name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `sibling` in the same directory as this path.
    package func sibling(_ sibling: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return sibling }
        return String(path[...slash]) + sibling
    }
}
