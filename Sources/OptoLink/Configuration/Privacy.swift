extension OptoLinkConfiguration {
    /// What the SDK may do on an install before the user or your own data said so.
    ///
    /// ```swift
    /// privacy: .init(enabledByDefault: false)                 // consent first: nothing until setEnabled(true)
    /// privacy: .init(existingInstall: user.isSignedIn)        // an update: no first-launch match
    /// ```
    public struct Privacy: Sendable, Hashable {
        /// Whether the SDK is enabled on an install where the app never called ``OptoLink/setEnabled(_:)``.
        /// Default true. Pass false when data collection needs the user's consent first: nothing (no
        /// pasteboard read, no deferred match, no session or event) happens until `setEnabled(true)`, which
        /// then lets the first launch go on in the same launch. Once the app made a choice, the stored
        /// choice wins.
        public var enabledByDefault: Bool
        /// Whether this install predates the SDK: your app was installed (and used) before a version that
        /// embeds it. Then the SDK's first start is not a first launch: no deferred match (so no
        /// fingerprint or IP match that would send an existing user somewhere they never clicked), no
        /// pasteboard read; the first-launch flag is set. Default false. Decide it from your own data (a
        /// signed-in user, your own "has launched before" flag); it matters only on the SDK's first start
        /// on an install and changes nothing after.
        public var existingInstall: Bool

        /// Creates the settings.
        public init(enabledByDefault: Bool = true, existingInstall: Bool = false) {
            self.enabledByDefault = enabledByDefault
            self.existingInstall = existingInstall
        }
    }
}
