// UIKit in one line per delegate method. `canImport(UIKit)` rather than `os(iOS)`, so the test stubs
// (Tests/AppleStubs) type-check this file on Linux; watchOS has a UIKit module without scenes.
#if canImport(UIKit) && !os(watchOS)
import Foundation
import UIKit

extension OptoLink {
    /// The URL of a Universal Link activity (`NSUserActivityTypeBrowsingWeb`), or nil for any other
    /// activity (Handoff, Spotlight, Siri…).
    public static func universalLinkURL(in userActivity: NSUserActivity) -> URL? {
        IncomingLinks.universalLinkURL(
            isBrowsingWeb: userActivity.activityType == NSUserActivityTypeBrowsingWeb,
            webpageURL: userActivity.webpageURL)
    }

    /// The link a scene was launched with, for ``start(configuration:environment:launchURL:)``: the
    /// Universal Link among the connection options' user activities, else the first URL context's URL
    /// (a custom scheme, or a link another app opened). Nil when the scene was not opened by a link.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
    ///            options connectionOptions: UIScene.ConnectionOptions) {
    ///     let sdk = OptoLink.start(configuration: configuration,
    ///                              launchURL: OptoLink.launchURL(from: connectionOptions))
    /// }
    /// ```
    ///
    /// Whether the URL is one of your links is decided by `start`: a URL that is not ours is ignored
    /// there, and the app routes it itself.
    @MainActor
    public static func launchURL(from connectionOptions: UIScene.ConnectionOptions) -> URL? {
        candidates(in: connectionOptions).first
    }

    @MainActor
    fileprivate static func candidates(in connectionOptions: UIScene.ConnectionOptions) -> [URL] {
        IncomingLinks.candidates(
            universalLinks: connectionOptions.userActivities.compactMap(universalLinkURL(in:)),
            openedURLs: connectionOptions.urlContexts.map(\.url))
    }
}

/// The delegate helpers, on any ``OptoLinkClient`` (``OptoLink``, or `FakeOptoLink` in your tests).
extension OptoLinkClient {

    /// Handles the links of a scene that connects while the SDK already runs (a second window on iPad,
    /// or an app that starts the SDK before its first scene): each one that is ours is opened in a task
    /// of its own and arrives on ``links``. Returns whether any was ours.
    ///
    /// For the scene that launched the app, pass ``launchURL(from:)`` to `start` instead: on a first
    /// launch that is what tells the SDK not to ask `/match`.
    @MainActor @discardableResult
    public func handle(connectionOptions: UIScene.ConnectionOptions) -> Bool {
        startHandling(OptoLink.candidates(in: connectionOptions))
    }

    /// Handles a Universal Link activity from `scene(_:continue:)` or
    /// `application(_:continue:restorationHandler:)`: when it is ours it is opened in a task of its own
    /// and arrives on ``links``. Returns whether it was ours (the app delegate's return value).
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    ///     optoLink.handle(userActivity: userActivity)
    /// }
    /// ```
    @discardableResult
    public func handle(userActivity: NSUserActivity) -> Bool {
        guard let url = OptoLink.universalLinkURL(in: userActivity) else { return false }
        return startHandling(url)
    }

    /// Handles the URLs of `scene(_:openURLContexts:)`: each one that is ours is opened in a task of
    /// its own and arrives on ``links``. Returns whether any was ours; route the others yourself.
    @MainActor @discardableResult
    public func handle(urlContexts: Set<UIOpenURLContext>) -> Bool {
        startHandling(urlContexts.map(\.url))
    }

    /// The app delegate's `application(_:open:options:)` for apps without scenes: when `url` is ours it
    /// is opened in a task of its own and arrives on ``links``. Returns whether it was ours.
    ///
    /// ```swift
    /// func application(_ app: UIApplication, open url: URL,
    ///                  options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    ///     optoLink.application(app, open: url, options: options)
    /// }
    /// ```
    @discardableResult
    public func application(
        _ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        startHandling(url)
    }
}
#endif
