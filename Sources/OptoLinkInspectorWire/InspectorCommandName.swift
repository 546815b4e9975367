/// The name of a command the dashboard asks an attached app to run (an open set: a newer dashboard may
/// send a name this SDK does not know, which it answers with an error result).
package struct InspectorCommandName: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The wire string.
    package var rawValue: String
    /// Creates a name from its wire string.
    package init(rawValue: String) { self.rawValue = rawValue }
    /// Decodes the wire string.
    package init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    /// Encodes the wire string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    /// The wire string.
    package var description: String { rawValue }

    /// `handle(url:)`: args `url` (a full link URL) or `shortCode` (a link of the app's own org and base URL).
    package static let openLink = InspectorCommandName(rawValue: "openLink")
    /// Re-run the first-launch sequence as if freshly installed, without wiping the app's own data: the
    /// first-launch flag is reset, the pasteboard read as configured, `/match` sent with the same device
    /// id and its link delivered as deferred. No args; answered when the sequence settled (refused while
    /// a first launch runs, in an app extension, after shutdown).
    package static let rerunFirstLaunch = InspectorCommandName(rawValue: "rerunFirstLaunch")
    /// `trackEvent(_:properties:)`: args `name` (default `optolink_inspector_test`) and `properties` (an object).
    package static let trackEvent = InspectorCommandName(rawValue: "trackEvent")
    /// `flushEvents()`.
    package static let flushEvents = InspectorCommandName(rawValue: "flushEvents")
    /// `setIdentity(_:)`: arg `externalId`.
    package static let setIdentity = InspectorCommandName(rawValue: "setIdentity")
    /// `clearIdentity()`.
    package static let clearIdentity = InspectorCommandName(rawValue: "clearIdentity")

    /// Every name this version runs.
    package static let all: [InspectorCommandName] = [
        .openLink, .rerunFirstLaunch, .trackEvent, .flushEvents, .setIdentity, .clearIdentity,
    ]
}
