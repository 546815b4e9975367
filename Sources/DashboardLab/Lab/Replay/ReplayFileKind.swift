/// The two files a replay reads: their columns, which must be there, and what each holds.
package enum ReplayFileKind: String, Sendable, Hashable, CaseIterable {
    /// `click_id, time, address, platform, os_version, language, timezone, device_model, token`.
    case clicks
    /// `open_id, time, address, platform, os_version, device_model, language, timezone, token`.
    case opens

    /// The columns in the documented order.
    package var columns: [String] {
        switch self {
        case .clicks:
            ["click_id", "time", "address", "platform", "os_version", "language", "timezone", "device_model", "token"]
        case .opens:
            ["open_id", "time", "address", "platform", "os_version", "device_model", "language", "timezone", "token"]
        }
    }

    /// The columns that must be in the header and never empty; the others may be missing or empty.
    package var required: [String] { [columns[0], "time", "address"] }

    /// The id column.
    package var idColumn: String { columns[0] }
}
