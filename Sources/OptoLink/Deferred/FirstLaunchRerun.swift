/// What re-running the first-launch sequence on request did (``OptoLink/rerunFirstLaunch()``, the debug
/// inspector's `rerunFirstLaunch` command). `package` access: not part of the SDK's public API.
package enum FirstLaunchRerun: Sendable, Hashable {
    /// The sequence ran to its end: the link it resolved to (the deferred match, or a link that opened
    /// the app meanwhile), or nil (no match, or the match failed: the diagnostics and the log say which).
    case finished(OptoLinkData?)
    /// Nothing was run, and why (the SDK is shut down, runs in an app extension, or a first launch is
    /// already running).
    case refused(String)
}
