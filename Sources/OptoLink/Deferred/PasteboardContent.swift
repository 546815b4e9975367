/// What the pasteboard holds as far as the SDK knows without reading it (``PasteboardReadings/state(of:)``):
/// the kind of content, never the content.
///
/// `package` access: the debug inspector's hello reports it; not part of the SDK's public API.
package enum PasteboardContent: Sendable, Hashable {
    /// An OptoLink click token (`opl_…`), found by the SDK's own first-launch read and still there.
    case token
    /// Some other text, found by that read and still there (never sent anywhere).
    case otherText
    /// No text.
    case empty
    /// Text the SDK has not seen (it changed since the SDK's read), or the SDK cannot say.
    case unknown
}
