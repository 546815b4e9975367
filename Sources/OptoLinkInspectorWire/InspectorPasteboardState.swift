/// What the hello says about the pasteboard: never its contents, only what the SDK already knows.
///
/// Reading the pasteboard can show the iOS "Allow Paste" banner, so the inspector never reads it: it
/// asks only whether the pasteboard holds text (`hasStrings`, no banner), which gives ``empty`` or
/// ``unknown`` (``token`` and ``otherText`` are for a dashboard that learns more, e.g. from a newer SDK).
/// It does not even ask in an app extension or with `clipboardReading: .never` (then ``unknown``).
package enum InspectorPasteboardState: String, Sendable, Hashable, Codable {
    /// The pasteboard held an OptoLink click token (`opl_…`).
    case token
    /// The pasteboard held some other text (never sent).
    case otherText
    /// The pasteboard was empty.
    case empty
    /// The SDK has not looked, or cannot say.
    case unknown

    /// Decodes the string; anything unknown is ``unknown``.
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = InspectorPasteboardState(rawValue: text) ?? .unknown
    }
}
