/// What a click page's script gathers in the browser (Deep Blue's gathering page): the IANA time zone, the screen
/// in pixels and `navigator.language`; nil where it gathered nothing.
package struct PageSignals: Sendable, Hashable {
    /// The IANA time zone (`Europe/Berlin`).
    package var timezone: String?
    /// The screen's width in pixels.
    package var screenWidth: Double?
    /// The screen's height in pixels.
    package var screenHeight: Double?
    /// `navigator.language` (`de-DE`).
    package var language: String?

    /// Signals as a page's script gathered them.
    package init(timezone: String?, screenWidth: Double?, screenHeight: Double?, language: String?) {
        self.timezone = timezone
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.language = language
    }
}
