import Foundation

/// The short links the scenarios click and open, by role: the embedded seed's demo links, or the ones given
/// with `--link` (nothing else: against a user's deployment the dashboard never makes up a short link).
package struct ScenarioLinks: Sendable, Hashable {
    /// The links by role, as given (roles that fall back to another are absent unless given).
    package private(set) var byRole: [LinkRole: ScenarioLink]
    /// Whether they came from `--link` (true) or the embedded seed (false).
    package let given: Bool

    /// Links by role.
    package init(_ byRole: [LinkRole: ScenarioLink], given: Bool) {
        self.byRole = byRole
        self.given = given
    }

    /// No links at all (`--base-url` without `--link`).
    package static let none = ScenarioLinks([:], given: true)

    /// The links `--link` gave, as URLs by role (their paths and codes are not known in advance, except the
    /// ``LinkRole/notALink`` URL's, which the app routes by itself).
    package static func given(_ urls: [LinkRole: URL]) -> ScenarioLinks {
        ScenarioLinks(
            Dictionary(
                uniqueKeysWithValues: urls.map { role, url in
                    (role, ScenarioLink(url: url, path: role == .notALink ? url.path : nil))
                }), given: true)
    }

    /// The link of `role`: its own, else its fallback's; for ``LinkRole/notALink`` a URL made from the
    /// ``LinkRole/main`` link's origin when none was given (a path no short link has).
    package func link(_ role: LinkRole) -> ScenarioLink? {
        if let own = byRole[role] { return own }
        if let fallback = role.fallback { return link(fallback) }
        if role == .notALink, let main = byRole[.main],
            var components = URLComponents(
                url: main.url, resolvingAgainstBaseURL: false)
        {
            components.path = Self.madeUpPath
            components.query = "ref=mail"
            components.fragment = nil
            return components.url.map { ScenarioLink(url: $0, path: Self.madeUpPath) }
        }
        return nil
    }

    /// The path of the URL made up for ``LinkRole/notALink``.
    package static let madeUpPath = "/optolink-dash/not-a-short-link"

    /// The hosts of every link (the simulated app's link domains).
    package var hosts: [String] {
        Array(Set(byRole.values.compactMap { $0.url.host?.lowercased() })).sorted()
    }

    /// One line per role in use: `main  https://…` (the header's `?` overlay and the headless header).
    package var lines: [String] {
        byRole.keys.sorted().map { role in "\(role.rawValue)  \(byRole[role]!.url.absoluteString)" }
    }

    /// Replaces or adds the link of `role`.
    package mutating func set(_ role: LinkRole, _ link: ScenarioLink) { byRole[role] = link }
}
