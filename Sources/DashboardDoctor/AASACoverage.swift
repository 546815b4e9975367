import Foundation

/// Which links the association file must open in the app: the paths the `aasa.paths` line tries (each as
/// iOS reads the file: the first component that matches decides), its title, and the fix when one is not
/// covered.
struct AASACoverage: Sendable, Hashable {
    /// The line's title (`AASA covers /abcd/*`, `AASA covers /go/spring`).
    var title: String
    /// The links tried, each a path with its query when it has one (`/go/spring`, `/Hx7q/abc?pid=x`).
    var samples: [String]
    /// What to change when one is not covered.
    var fix: String

    /// OptoLink: every `/<org>/<code>`, tried with a few codes of every shape and `--link`'s code. The contract's
    /// backend writes the file itself (one entry per active org with a team id), so the fix names the org's
    /// settings first.
    static func optoLink(orgKey: String, linkCode: String?) -> AASACoverage {
        AASACoverage(
            title: "AASA covers /\(orgKey)/*",
            samples: (AASAChecks.sampleCodes + (linkCode.map { [$0] } ?? [])).map { "/\(orgKey)/\($0)" },
            fix:
                "the backend writes {\"/\": \"/\(orgKey)/*\"} for each active org with a team id and leaves "
                + "the others out: check org \(orgKey) is active with its team id and bundle id (and --org-key). "
                + "A file served or edited by anything else must list that component before any \"exclude\" "
                + "component that would match links"
        )
    }

    /// The other services: the one short link given, `fix` saying where the service takes the file's paths from.
    static func link(_ url: URL, fix: String) -> AASACoverage {
        let sample = samplePath(url)
        return AASACoverage(title: "AASA covers \(sample)", samples: [sample], fix: fix)
    }

    /// A link's path and query as a sample (`/` for an empty path).
    static func samplePath(_ url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path
        return url.query.map { path + "?" + $0 } ?? path
    }

    /// The pattern that covers a link and its siblings: its path up to the last segment, then `*`
    /// (`/go/spring` → `/go/*`), for the fixes.
    static func siblingsPattern(_ url: URL) -> String {
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "/*" }
        return String(path[...slash]) + "*"
    }
}
