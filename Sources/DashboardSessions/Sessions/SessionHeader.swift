import DashboardCore
import Foundation
import OptoLink

/// The first line of a session file: what it is, which version, when and by what it was written, and the
/// settings in force.
///
/// ```json
/// {"createdAt":"2025-06-02T09:14:03.120Z","dashboard":"1.4.0","format":"optolink-session","settings":{…},"version":2}
/// ```
package struct SessionHeader: Sendable, Hashable, Codable {
    /// Always ``SessionFormat/name``.
    package var format: String
    /// The format version (``SessionFormat/version`` when this dashboard wrote it).
    package var version: Int
    /// When the recording began (ISO 8601, UTC, milliseconds).
    package var createdAt: String
    /// The version of the dashboard (and SDK) that wrote it.
    package var dashboard: String
    /// The settings in force.
    package var settings: SessionSettings

    /// A header for a recording that begins at `date`.
    package init(settings: SessionSettings, createdAt date: Date = Date()) {
        format = SessionFormat.name
        version = SessionFormat.version
        createdAt = ISO8601Text.string(date)
        dashboard = OptoLink.sdkVersion
        self.settings = settings
    }
}
