import DashboardCommandLine
import Foundation

/// Reads a `--link` value: `URL` (the ``LinkRole/main`` link) or `ROLE=URL`.
package enum LinkArgument {
    /// The role and URL of one `--link` value.
    /// - Throws: ``DashboardError/usage(_:)`` naming the roles, or saying what the URL lacks.
    package static func parse(_ text: String) throws(DashboardError) -> (role: LinkRole, url: URL) {
        var role = LinkRole.main
        var rest = text
        if let equals = text.firstIndex(of: "="), !text[..<equals].contains(":") {
            let name = String(text[..<equals]).lowercased()
            guard let named = LinkRole(rawValue: name) else {
                throw .usage(
                    "--link: unknown role '\(name)' (roles: "
                        + "\(LinkRole.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            role = named
            rest = String(text[text.index(after: equals)...])
        }
        do {
            return (role, try CommandLineParser.httpURL(rest, flag: "--link \(role.rawValue)", what: " (a short link)"))
        } catch {
            throw .usage(error.message)
        }
    }
}
