/// When the app's SDK reads the pasteboard for the click token, as the hello reports it.
///
/// Decoding an unknown value (a newer SDK) gives ``unknown``.
package enum InspectorClipboardReading: String, Sendable, Hashable, Codable {
    /// At the first launch, by itself (the default).
    case atFirstLaunch
    /// When the app calls `checkPasteboard()`.
    case whenAppAsks
    /// Never.
    case never
    /// A setting this version does not know.
    case unknown

    /// Decodes the string; anything unknown is ``unknown``.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = InspectorClipboardReading(rawValue: text) ?? .unknown
    }
}
