/// The dashboard's answer to an accepted hello: from now on the app streams its diagnostics.
package struct InspectorWelcome: Sendable, Hashable, Codable {
    /// The dashboard's name and version, e.g. `optolink-dash 0.1.0`.
    package var dashboard: String

    /// Creates a welcome.
    package init(dashboard: String) {
        self.dashboard = dashboard
    }
}
