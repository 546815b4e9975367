/// When the first launch reads the click token from the pasteboard (``OptoLinkConfiguration/Clipboard/reading``).
///
/// Reading the pasteboard may show iOS's "Allow Paste" prompt (iOS 16+). The read never holds the rest of
/// the SDK: a link that opens the app meanwhile is fetched and delivered at once, and then no `/match` is
/// sent. Only an exact `opl_` + 22 base64url token is used, and the pasteboard is cleared only after that
/// token was used and only if nothing was copied since.
public enum ClipboardReading: Sendable, Hashable {
    /// The first launch reads the pasteboard at once, then asks `/match` (the default, as the Flutter SDK).
    /// `/match` waits for the read however long the user takes to answer the prompt.
    case atFirstLaunch
    /// The first launch waits for your app to call ``OptoLink/checkPasteboard()`` (for example after
    /// onboarding, when you choose to show the prompt), at most
    /// ``OptoLinkConfiguration/Clipboard/checkTimeout`` seconds; then `/match` goes without the token.
    case whenAppAsks
    /// The pasteboard is never touched: no prompt, fingerprint-only matching.
    case never
}
