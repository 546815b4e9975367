/// The dashboard's answer to an accepted hello: from now on the app streams its diagnostics.
public struct InspectorWelcome: Sendable, Hashable, Codable {
    /// The dashboard's name and version, e.g. `optolink-dash 0.1.0`.
    public var dashboard: String

    /// Creates a welcome.
    public init(dashboard: String) {
        self.dashboard = dashboard
    }
}
