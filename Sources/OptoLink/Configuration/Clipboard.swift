import Foundation

extension OptoLinkConfiguration {
    /// When the first launch reads OptoLink's click token from the pasteboard. OptoLink only: no other
    /// service's redirect page leaves a token there.
    ///
    /// ```swift
    /// clipboard: .init(reading: .whenAppAsks, checkTimeout: 120)
    /// ```
    public struct Clipboard: Sendable, Hashable {
        /// When the first launch reads the pasteboard. Default ``ClipboardReading/atFirstLaunch`` (the best
        /// match, as the Flutter SDK); ``ClipboardReading/whenAppAsks`` lets your app choose the moment of
        /// the iOS 16+ paste prompt; ``ClipboardReading/never`` avoids it at the cost of fingerprint-only
        /// matching.
        public var reading: ClipboardReading
        /// With ``ClipboardReading/whenAppAsks``: how long the first launch's `/match` waits for
        /// ``OptoLink/checkPasteboard()`` before it is sent without the token, in seconds, 0 or more.
        /// Default 60 s: long enough for a short onboarding, short enough that the fingerprint (the network
        /// address) is still the click's.
        public var checkTimeout: TimeInterval

        /// Creates the settings; the configuration's factory validates them.
        public init(reading: ClipboardReading = .atFirstLaunch, checkTimeout: TimeInterval = 60) {
            self.reading = reading
            self.checkTimeout = checkTimeout
        }

        /// The same settings, when ``checkTimeout`` is a number of seconds.
        func validated() throws(OptoLinkError) -> Clipboard {
            guard checkTimeout >= 0, checkTimeout.isFinite else {
                throw .configuration("clipboard.checkTimeout must be 0 or more seconds")
            }
            return self
        }
    }
}
